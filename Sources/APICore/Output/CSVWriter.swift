/// CSV per RFC 4180: CRLF line ends, fields quoted when they hold a comma, quote or line break.
public enum CSVWriter {
    public static func write(_ table: Table) -> String {
        var out = line(table.columns.map(\.title))
        for row in table.rows { out += line(row) }
        return out
    }

    static func line(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\r\n"
    }

    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else {
            return text
        }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
