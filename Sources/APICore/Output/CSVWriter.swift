/// CSV per RFC 4180, for spreadsheets and scripts.
///
/// Records end in CRLF; a field is quoted when it holds a comma, a double
/// quote, CR or LF, and quotes inside are doubled. Every record has as many
/// fields as the header (short rows are padded with empty fields, extra cells
/// dropped), as RFC 4180 asks. Text is otherwise exact: CSV is data, not a
/// terminal view, so nothing is cleaned or truncated.
public enum CSVWriter {
    public static func write(_ table: Table) -> String {
        let count = table.columns.count
        var out = record(table.columns.map(\.title))
        for row in table.rows {
            out += record((0..<count).map { $0 < row.count ? row[$0] : "" })
        }
        return out
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
