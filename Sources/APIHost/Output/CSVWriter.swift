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
        OutputWriter.collecting { write(table, to: &$0) }
    }

    /// The table's records through `out`, one piece per record.
    static func write(_ table: Table, to out: inout OutputWriter) {
        writeHeader(table, to: &out)
        writeRows(table, to: &out)
    }

    /// The record of the column titles.
    static func writeHeader(_ table: Table, to out: inout OutputWriter) {
        writeRecord(table.columns.map(\.title), to: &out)
    }

    /// The table's rows, each as wide as its columns.
    static func writeRows(_ table: Table, to out: inout OutputWriter) {
        let count = table.columns.count
        for row in table.rows {
            writeRecord((0..<count).map { $0 < row.count ? row[$0] : "" }, to: &out)
            out.pieceDone()
        }
    }

    /// A cell without terminal controls; its line breaks stay, quoted.
    static func clean(_ text: String) -> String {
        TerminalSanitizer.clean(text, keepingNewlines: true)
    }

    /// One record of `cells`, each cleaned, then quoted where RFC 4180 requires it.
    static func writeRecord(_ cells: [String], to out: inout OutputWriter) {
        var first = true
        for cell in cells {
            if !first { out.write(ascii: UInt8(ascii: ",")) }
            first = false
            writeField(clean(cell), to: &out)
        }
        out.write("\r\n" as StaticString)
    }

    /// One field, quoted only when RFC 4180 requires it.
    static func field(_ text: String) -> String {
        OutputWriter.collecting { writeField(text, to: &$0) }
    }

    /// A comma, a double quote, LF or CR: what makes a field quoted.
    private static func isQuotedByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == 0x0A || byte == 0x0D
    }

    /// Whether `bytes` hold one of them, tested through a pointer (`UTF8View.contains`
    /// cost several times as much per byte).
    private static func holdsQuotedByte(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes where byte <= UInt8(ascii: ",") && isQuotedByte(byte) { return true }
        return false
    }

    /// The four bytes that make a field quoted are ASCII, so the field's UTF-8 is enough
    /// to find them and to double its quotes.
    static func writeField(_ text: String, to out: inout OutputWriter) {
        let needsQuotes = text.utf8.withContiguousStorageIfAvailable(holdsQuotedByte)
            ?? text.utf8.contains(where: isQuotedByte)
        guard needsQuotes else {
            out.write(text)
            return
        }
        out.write(ascii: UInt8(ascii: "\""))
        var rest = Substring(text)
        while let quote = rest.utf8.firstIndex(of: UInt8(ascii: "\"")) {
            let through = rest.utf8.index(after: quote)
            out.write(rest[..<through])
            out.write(ascii: UInt8(ascii: "\""))
            rest = rest[through...]
        }
        out.write(rest)
        out.write(ascii: UInt8(ascii: "\""))
    }
}
