/// Writes the rows of `apicli store sql` in every format as SQLite steps through
/// them, so that memory does not grow with the number of rows (collected first, millions
/// of rows held gigabytes before the first was printed: docs/design/0017-store-sql-streams.md).
///
/// Columns are positions, not names: a query may return two columns with one name
/// (`e.city_key, f.city_key`), an empty name, or a name with `:`, `|`, `{` or `}`
/// (`strftime('%H:%M', …)`), and every one is shown, in order. Table and CSV headers
/// keep SQLite's names as they are; JSON and NDJSON objects, `--fields` and
/// `--template` need names that tell columns apart, so a repeated name gets a
/// suffix there (`city_key`, `city_key_2`), see ``keys(for:)``.
///
/// The table is measured on its first ``sampleRows`` rows, or fewer when they hold more
/// than ``sampleBytes`` of text (a thousand rows of wide cells would be gigabytes held);
/// later rows are drawn in that layout, each cell cut to the width measured.
struct StoreSQLOutput {
    /// How many rows the table is measured on before rows are streamed.
    static let sampleRows = 1000
    /// How much text the rows kept for measuring may hold.
    static let sampleBytes = 32 << 20

    let names: [String]
    let keys: [String]
    let script: ScriptOptions
    let format: OutputFormat
    let terminal: Terminal
    private(set) var count = 0
    private var elements: OutputRenderer.ElementStream
    private var sample: [[JSONValue]] = []
    private var sampleSize = 0
    private var frame: TableRenderer.Frame?
    private let template: LineTemplate?

    /// Checks `--fields` and `--template` against the columns' keys before any row is read.
    init(columns: [String], script: ScriptOptions, format: OutputFormat, terminal: Terminal) throws {
        names = columns
        keys = Self.keys(for: columns)
        self.script = script
        self.format = format
        self.terminal = terminal
        elements = OutputRenderer.ElementStream(format: format)
        try script.fields?.check(against: keys)
        try script.template?.check(against: keys)
        template = script.template
    }

    /// Names that tell the columns apart: each name as SQLite gives it, a repeated one
    /// with `_2`, `_3`… (skipping any suffix another column already has).
    static func keys(for names: [String]) -> [String] {
        var used = Set(names)
        var seen = Set<String>()
        return names.map { name in
            guard !seen.insert(name).inserted else { return name }
            var number = 2
            while used.contains("\(name)_\(number)") { number += 1 }
            let key = "\(name)_\(number)"
            used.insert(key)
            seen.insert(key)
            return key
        }
    }

    /// Writes one row (or keeps it, while the table is being measured).
    mutating func write(_ values: [JSONValue], to out: inout OutputWriter) {
        count += 1
        switch format {
        case .json, .ndjson:
            elements.write(object(values), to: &out)
        case .line:
            let line = template.map { $0.render(item(values), unicode: terminal.unicode) }
                ?? values.map(Self.lineText).joined(separator: "\t")
            out.write(line)
            out.write(ascii: UInt8(ascii: "\n"))
        case .csv:
            if count == 1 { CSVWriter.writeRecord(headers, to: &out) }
            CSVWriter.writeRecord(cells(values), to: &out)
        case .table:
            if let frame {
                frame.writeRow(cells(values), to: &out)
            } else {
                sample.append(values)
                sampleSize += values.reduce(0) { total, value in
                    if case let .string(text) = value { return total + text.utf8.count }
                    return total + 16
                }
                if sample.count == Self.sampleRows || sampleSize > Self.sampleBytes { drawSample(to: &out) }
            }
        }
        out.pieceDone()
    }

    /// Ends the output (the JSON array's bracket, a short table, a header-only CSV).
    /// Not called after a failure part-way (Ctrl-C, an SQLite error): the rows already
    /// read are written, but the JSON array is left unclosed and a measured table is not
    /// drawn, so cut output cannot pass for a whole one.
    mutating func finish(to out: inout OutputWriter) {
        switch format {
        case .json, .ndjson: elements.finish(to: &out)
        case .csv where count == 0: CSVWriter.writeRecord(headers, to: &out)
        case .table where frame == nil && !sample.isEmpty: drawSample(to: &out)
        default: break
        }
    }

    // MARK: Formats

    /// The columns shown in table and CSV: every one by position, or those `--fields` names.
    private var headers: [String] { script.fields?.names ?? names }

    private func cells(_ values: [JSONValue]) -> [String] {
        guard let fields = script.fields else { return values.map(\.cellText) }
        let row = item(values)
        return fields.names.map { row.value($0)?.cellText ?? "" }
    }

    private func object(_ values: [JSONValue]) -> JSONValue {
        let row = item(values)
        return script.fields?.object(row) ?? .object(row.fields.map { JSONValue.Member($0.name, $0.value) })
    }

    private func item(_ values: [JSONValue]) -> FlatItem {
        FlatItem(fields: zip(keys, values).map { ($0, $1) })
    }

    /// A value in the default line: empty for null, cleaned of terminal controls.
    private static func lineText(_ value: JSONValue) -> String {
        value == .null ? "" : TerminalSanitizer.clean(value.cellText)
    }

    /// Measures the table on the rows kept so far, draws them, and streams the rest in that layout.
    private mutating func drawSample(to out: inout OutputWriter) {
        // Made by key, so that each column is found by position; titled by SQLite's names.
        var table = FieldSelection.table(sample.map(item), fields: script.fields?.names ?? keys)
        for index in table.columns.indices { table.columns[index].title = headers[index] }
        let frame = TableRenderer.Frame(table, terminal: terminal)
        out.write(frame.header)
        for row in frame.sections.flatMap(\.rows) {
            frame.writeLine(row, to: &out)
            out.pieceDone()
        }
        self.frame = frame
        sample = []
    }
}
