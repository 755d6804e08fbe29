/// Turns a provider's JSON document or table into the text of one output format.
public enum OutputRenderer {
    /// The default rendering every provider gets: the closures are only called
    /// for the format that needs them.
    public static func render(
        json: () -> JSONValue, table: () -> Table, as format: OutputFormat, terminal: Terminal
    ) -> String {
        var text = ""
        write(json: json, table: table, as: format, terminal: terminal) { text += $0 }
        return text
    }

    /// Writes the output in pieces to `sink`.
    ///
    /// JSON and NDJSON go out one top-level element at a time, in chunks of
    /// about 64 KiB, so a 30 MB answer is never held twice more as one string;
    /// the bytes are exactly those of the whole document.
    public static func write(
        json: () -> JSONValue, table: () -> Table, as format: OutputFormat, terminal: Terminal,
        to sink: (String) -> Void
    ) {
        switch format {
        case .json: writeJSON(json(), to: sink)
        case .ndjson: writeNDJSON(json(), to: sink)
        case .csv: sink(CSVWriter.write(table()))
        case .table: sink(TableRenderer.render(table(), terminal: terminal))
        }
    }

    private static func writeJSON(_ document: JSONValue, to sink: (String) -> Void) {
        guard case let .array(items) = document else {
            sink(document.serialized(pretty: true) + "\n")
            return
        }
        writeElements(items, as: .json, to: sink)
    }

    private static func writeNDJSON(_ document: JSONValue, to sink: (String) -> Void) {
        writeElements(document.elements, as: .ndjson, to: sink)
    }

    /// Writes a top-level JSON array (`.json`) or its lines (`.ndjson`) from elements
    /// made one at a time: a provider with many records passes a lazy sequence, so
    /// neither the whole document nor its text is ever held at once.
    public static func writeElements(
        _ elements: some Sequence<JSONValue>, as format: OutputFormat, to sink: (String) -> Void
    ) {
        var chunk = Chunk()
        var first = true
        for element in elements {
            if format == .ndjson {
                chunk.append(element.serialized(pretty: false) + "\n", to: sink)
            } else {
                chunk.append((first ? "[\n  " : ",\n  ") + element.serialized(pretty: true, indentLevel: 1), to: sink)
            }
            first = false
        }
        if format != .ndjson { chunk.append(first ? "[]\n" : "\n]\n", to: sink) }
        chunk.flush(to: sink)
    }

    /// Gathers small pieces into writes of about 64 KiB.
    private struct Chunk {
        var text = ""

        mutating func append(_ piece: String, to sink: (String) -> Void) {
            text += piece
            if text.utf8.count >= 65_536 { flush(to: sink) }
        }

        mutating func flush(to sink: (String) -> Void) {
            guard !text.isEmpty else { return }
            sink(text)
            text = ""
        }
    }
}
