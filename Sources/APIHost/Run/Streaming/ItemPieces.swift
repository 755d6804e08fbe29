import APICore

/// A fresh answer printed a batch of items at a time while the rest of it arrives
/// (``EarlyOutput``, ``OutputSpool``): the bytes ``ItemOutput`` writes for the whole page,
/// made in pieces. Only for the formats that print each item on its own (JSON, NDJSON,
/// CSV) and only when nothing picks fields or leaves items out (`--fields`, `--new`,
/// templates); the table lays out every row together and is printed whole.
struct ItemPieces<P: Provider>: Sendable {
    private let output: ItemOutput<P>
    private var elements: OutputRenderer.ElementStream
    private var wroteHeader = false

    init?(_ output: ItemOutput<P>) {
        guard !output.script.needsItems(output.format), [.json, .ndjson, .csv].contains(output.format) else { return nil }
        self.output = output
        elements = OutputRenderer.ElementStream(format: output.format)
    }

    /// Writes the items of `response` after those written before; how many were written
    /// (counted only with `--fail-empty`, as ``ItemOutput`` counts them).
    mutating func write(_ response: P.Response, to out: inout OutputWriter) -> Int {
        let results = [response]
        if output.format == .csv {
            let table = output.provider.table(results)
            if !wroteHeader { CSVWriter.writeHeader(table, to: &out) }
            wroteHeader = true
            CSVWriter.writeRows(table, to: &out)
        } else {
            elements.write(output.provider, results, capabilities: output.capabilities, to: &out)
        }
        return output.countedForFailEmpty(results)
    }

    /// Ends the output with `last`, the page as its decoder returned it (its items were
    /// written already): what closes the JSON array, or the CSV header of an answer with no rows.
    mutating func finish(with last: P.Response, to out: inout OutputWriter) {
        guard output.format == .csv else { return elements.finish(to: &out) }
        if !wroteHeader { CSVWriter.writeHeader(output.provider.table([last]), to: &out) }
        wroteHeader = true
    }
}
