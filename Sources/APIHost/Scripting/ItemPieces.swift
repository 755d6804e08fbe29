import APICore

/// A fresh answer printed a batch of items at a time while the rest of it arrives
/// (``EarlyOutput``, ``OutputSpool``): the bytes ``ItemOutput`` writes for the whole page,
/// made in pieces. Only for the formats that print each item on its own (JSON, NDJSON,
/// CSV) and only when nothing picks fields or leaves items out (`--fields`, `--new`,
/// templates); the table lays out every row together and is printed whole.
struct ItemPieces<P: Provider>: Sendable {
    let provider: P
    let format: OutputFormat
    /// `--fail-empty`: the items are counted as they are printed.
    let counting: Bool
    private let reader: ItemReader
    private var elements: OutputRenderer.ElementStream
    private var wroteHeader = false

    init?(_ output: ItemOutput<P>) {
        guard !output.script.needsItems(output.format), [.json, .ndjson, .csv].contains(output.format) else { return nil }
        provider = output.provider
        format = output.format
        counting = output.script.failEmpty
        reader = output.shape.map { ItemReader(shape: $0) } ?? ItemReader(output.provider)
        elements = OutputRenderer.ElementStream(format: output.format)
    }

    /// Writes the items of `response` after those written before; how many were written
    /// (counted only with `--fail-empty`, as ``ItemOutput`` counts them).
    mutating func write(_ response: P.Response, to out: inout OutputWriter) -> Int {
        let results = [response]
        switch format {
        case .csv:
            let table = provider.table(results)
            if !wroteHeader { CSVWriter.writeHeader(table, to: &out) }
            wroteHeader = true
            CSVWriter.writeRows(table, to: &out)
        default:
            if let objects = provider.jsonObjects(results) {
                for object in objects { elements.write(object, to: &out) }
            } else {
                for element in provider.json(results) { elements.write(element, to: &out) }
            }
        }
        guard counting else { return 0 }
        return reader.items(in: provider.json(results)).reduce(0) { count, _ in count + 1 }
    }

    /// Ends the output with `last`, the page as its decoder returned it (its items were
    /// written already): what closes the JSON array, or the CSV header of an answer with no rows.
    mutating func finish(with last: P.Response, to out: inout OutputWriter) {
        guard format == .csv else { return elements.finish(to: &out) }
        if !wroteHeader { CSVWriter.writeHeader(provider.table([last]), to: &out) }
        wroteHeader = true
    }
}
