/// Draws a provider's results in one output format: the provider hands over
/// data (JSON elements, a table, terminal views) and this is the only place
/// that turns it into text.
public enum OutputRenderer {
    /// The whole output for `results` in `format`, as one string (tests, snapshots).
    public static func render<P: Provider>(
        _ provider: P, _ results: [P.Response], as format: OutputFormat, terminal: Terminal
    ) -> String {
        let capabilities = provider.capabilities
        return OutputWriter.collecting {
            write(provider, results, as: format, terminal: terminal, capabilities: capabilities, to: &$0)
        }
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
        let capabilities = provider.capabilities
        OutputWriter.writing(to: sink) {
            write(provider, results, as: format, terminal: terminal, capabilities: capabilities, to: &$0, notice: notice)
        }
    }

    /// The same, through `out`, with the provider's capabilities as the run read them.
    static func write<P: Provider>(
        _ provider: P, _ results: [P.Response], as format: OutputFormat, terminal: Terminal,
        capabilities: Capabilities<P>, to out: inout OutputWriter, notice: (String) -> Void = { _ in }
    ) {
        switch format {
        case .json, .ndjson:
            var stream = ElementStream(format: format)
            stream.write(provider, results, capabilities: capabilities, to: &out)
            stream.finish(to: &out)
        case .csv: CSVWriter.write(provider.table(results), to: &out)
        case .table:
            let views = capabilities.terminalView?(results, terminal) ?? [TerminalView(table: provider.table(results))]
            TerminalViewRenderer.render(views, terminal: terminal, to: &out, notice: notice)
        case .line:
            // The provider's default line; ItemOutput handles `--template`.
            let output = ItemOutput(
                provider: provider, script: ScriptOptions(), format: .line, terminal: terminal, capabilities: capabilities)
            _ = try? output.write(results, seen: nil, to: &out)
        }
    }

    /// Writes a top-level JSON array (`.json`) or its lines (`.ndjson`) from elements
    /// made one at a time: a provider with many records passes a lazy sequence, so
    /// neither the whole document nor its text is ever held at once.
    public static func writeElements(
        _ elements: any Sequence<JSONValue>, as format: OutputFormat, to sink: (String) -> Void
    ) {
        OutputWriter.writing(to: sink) { writeElements(elements, as: format, to: &$0) }
    }

    /// The same, through `out`.
    static func writeElements(_ elements: any Sequence<JSONValue>, as format: OutputFormat, to out: inout OutputWriter) {
        var stream = ElementStream(format: format)
        for element in elements { stream.write(element, to: &out) }
        stream.finish(to: &out)
    }

    /// The same bytes as ``writeElements(_:as:to:)``, for elements that are pushed one
    /// at a time (the rows of `store sql`, as SQLite steps through them).
    struct ElementStream {
        let format: OutputFormat
        private var first = true

        init(format: OutputFormat) {
            self.format = format
        }

        /// The elements of `results`, written from the provider's packed objects when it has
        /// them (``Capabilities/jsonObjects``).
        mutating func write<P: Provider>(
            _ provider: P, _ results: [P.Response], capabilities: Capabilities<P>, to out: inout OutputWriter
        ) {
            if let objects = capabilities.jsonObjects?(results) {
                for object in objects { write(object, to: &out) }
            } else {
                for element in provider.json(results) { write(element, to: &out) }
            }
        }

        mutating func write(_ element: JSONValue, to out: inout OutputWriter) {
            write(to: &out) { element.write(to: &$0, pretty: $1, indentLevel: $2) }
        }

        /// An element that writes its own members, in the same place and with the same bytes.
        mutating func write(_ element: JSONObjectText, to out: inout OutputWriter) {
            write(to: &out) { element.write(to: &$0, pretty: $1, indentLevel: $2) }
        }

        /// What comes around an element, and `text` (buffer, pretty, indent level) for the element itself.
        private mutating func write(to out: inout OutputWriter, _ text: (inout TextBuffer, Bool, Int) -> Void) {
            if format == .ndjson {
                out.append { text(&$0, false, 0) }
                out.write(ascii: UInt8(ascii: "\n"))
            } else {
                out.write(first ? "[\n  " as StaticString : ",\n  ")
                out.append { text(&$0, true, 1) }
            }
            first = false
            out.pieceDone()
        }

        mutating func finish(to out: inout OutputWriter) {
            if format != .ndjson { out.write(first ? "[]\n" as StaticString : "\n]\n") }
        }
    }
}
