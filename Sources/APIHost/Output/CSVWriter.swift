/// CSV per RFC 4180, for spreadsheets and scripts.
///
/// Records end in CRLF; a field is quoted when it holds a comma, a double
/// quote, CR or LF, and quotes inside are doubled. Every record has as many
/// fields as the header (short rows are padded with empty fields, extra cells
/// dropped), as RFC 4180 asks. Nothing is truncated, but cells are cleaned as
/// table cells are (line breaks kept): CSV has no escape mechanism, so a screen
/// clear, an OSC 52 clipboard write or a bidi override from a server would
/// reach whatever terminal or spreadsheet reads it. JSON stays exact, since it
/// escapes them.
public enum CSVWriter {
    public static func write(_ table: Table) -> String {
        let count = table.columns.count
        var out = record(table.columns.map(\.title).map(clean))
        for row in table.rows {
            out += record((0..<count).map { $0 < row.count ? clean(row[$0]) : "" })
        }
        return out
    }

    /// A cell without terminal controls; its line breaks stay, quoted.
    static func clean(_ text: String) -> String {
        TerminalSanitizer.clean(text, keepingNewlines: true)
    }

    static func record(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\r\n"
    }

    /// One field, quoted only when RFC 4180 requires it.
    static func field(_ text: String) -> String {
        let needsQuotes = text.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
        guard needsQuotes else { return text }
        var quoted = String.UnicodeScalarView()
        quoted.append("\"")
        for scalar in text.unicodeScalars {
            if scalar == "\"" { quoted.append("\"") }
            quoted.append(scalar)
        }
        quoted.append("\"")
        return String(quoted)
    }
}
