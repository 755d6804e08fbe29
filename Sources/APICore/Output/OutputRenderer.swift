/// Turns a provider's JSON document or table into the text of one output format.
public enum OutputRenderer {
    /// The default rendering every provider gets: the closures are only called
    /// for the format that needs them.
    public static func render(
        json: () -> JSONValue, table: () -> Table, as format: OutputFormat, terminal: Terminal
    ) -> String {
        switch format {
        case .json: json().serialized(pretty: true) + "\n"
        case .ndjson: json().elements.map { $0.serialized(pretty: false) + "\n" }.joined()
        case .csv: CSVWriter.write(table())
        case .table: TableRenderer.render(table(), terminal: terminal)
        }
    }
}
