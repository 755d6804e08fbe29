/// Draws a provider's results in one output format: the provider hands over
/// data (JSON elements, a table, terminal views) and this is the only place
/// that turns it into text.
public enum OutputRenderer {
    /// The whole output for `results` in `format`, as one string (tests, snapshots).
    public static func render<P: Provider>(
        _ provider: P, _ results: [P.Response], as format: OutputFormat, terminal: Terminal
    ) -> String {
        var text = ""
        write(provider, results, as: format, terminal: terminal) { text += $0 }
        return text
    }

    /// Writes the output in pieces to `sink`.
    ///
    /// JSON and NDJSON go out one element at a time, in chunks of about 64 KiB,
    /// as the provider makes them, so a 30 MB answer is never held again as one
    /// document or one string; the bytes are exactly those of the whole document.
    /// The views' notes (`10 of 2,431; more with --pages`) go to `notice`, for stderr.
    public static func write<P: Provider>(
        _ provider: P, _ results: [P.Response], as format: OutputFormat, terminal: Terminal,
        to sink: (String) -> Void, notice: (String) -> Void = { _ in }
    ) {
        switch format {
        case .json, .ndjson: writeElements(provider.json(results), as: format, to: sink)
        case .csv: sink(CSVWriter.write(provider.table(results)))
        case .table: sink(TerminalViewRenderer.render(provider.view(results, on: terminal), terminal: terminal, notice: notice))
        case .line:
            // The provider's default line; ItemOutput handles `--template`.
            let output = ItemOutput(provider: provider, script: ScriptOptions(), format: .line, terminal: terminal)
            _ = try? output.write(results, seen: nil, to: sink)
        }
    }

    /// Writes a top-level JSON array (`.json`) or its lines (`.ndjson`) from elements
    /// made one at a time: a provider with many records passes a lazy sequence, so
    /// neither the whole document nor its text is ever held at once.
    public static func writeElements(
        _ elements: any Sequence<JSONValue>, as format: OutputFormat, to sink: (String) -> Void
    ) {
        var stream = ElementStream(format: format)
        for element in elements { stream.write(element, to: sink) }
        stream.finish(to: sink)
    }

    /// The same bytes as ``writeElements(_:as:to:)``, for elements that are pushed one
    /// at a time (the rows of `store sql`, as SQLite steps through them).
    struct ElementStream {
        let format: OutputFormat
        private var chunk = Chunk()
        private var first = true

        init(format: OutputFormat) {
            self.format = format
        }

        mutating func write(_ element: JSONValue, to sink: (String) -> Void) {
            if format == .ndjson {
                chunk.append(element.serialized(pretty: false) + "\n", to: sink)
            } else {
                chunk.append((first ? "[\n  " : ",\n  ") + element.serialized(pretty: true, indentLevel: 1), to: sink)
            }
            first = false
        }

        mutating func finish(to sink: (String) -> Void) {
            if format != .ndjson { chunk.append(first ? "[]\n" : "\n]\n", to: sink) }
            chunk.flush(to: sink)
        }

        /// Writes what is gathered without closing the array: output cut short stays visibly unfinished.
        mutating func abandon(to sink: (String) -> Void) {
            chunk.flush(to: sink)
        }
    }

    /// Gathers small pieces into writes of about 64 KiB.
    struct Chunk {
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
