import Testing
@testable import APICore

@Suite("CSVWriter")
struct CSVWriterTests {
    @Test("fields are quoted only when RFC 4180 requires it", arguments: [
        ("plain", "plain"),
        ("", ""),
        ("a,b", "\"a,b\""),
        ("say \"hi\"", "\"say \"\"hi\"\"\""),
        ("line\nbreak", "\"line\nbreak\""),
        ("cr\rhere", "\"cr\rhere\""),
        ("crlf\r\nhere", "\"crlf\r\nhere\""),
        ("\"", "\"\"\"\""),
        (" spaces kept ", " spaces kept "),
        ("日本, 語", "\"日本, 語\""),
    ])
    func field(text: String, expected: String) {
        #expect(CSVWriter.field(text) == expected)
    }

    @Test("records end in CRLF and every record has the header's field count")
    func records() {
        let table = Table(
            columns: [.init("Title"), .init("Words", alignment: .right)],
            rows: [["A, B", "12"], ["short"], ["x", "1", "extra"]])
        #expect(CSVWriter.write(table) == "Title,Words\r\n\"A, B\",12\r\nshort,\r\nx,1\r\n")
    }

    @Test("text is exact: escape sequences are data in CSV, not cleaned")
    func exact() {
        let table = Table(columns: [.init("t")], rows: [["\u{1B}[31mred"]])
        #expect(CSVWriter.write(table) == "t\r\n\u{1B}[31mred\r\n")
    }

    @Test("a hostile table parses back to the same cells")
    func roundTrip() {
        let cells = ["a\"b", "c,d", "e\r\nf", "\"\"", "g\nh,\"i\""]
        let table = Table(columns: cells.map { Table.Column($0) }, rows: [cells])
        let parsed = Self.parse(CSVWriter.write(table))
        #expect(parsed == [cells, cells])
    }

    /// A minimal RFC 4180 reader, to check that what is written reads back.
    static func parse(_ text: String) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            if quoted {
                if scalar == "\"" {
                    if scalars.first == "\"" { scalars.removeFirst(); field.unicodeScalars.append("\"") } else { quoted = false }
                } else {
                    field.unicodeScalars.append(scalar)
                }
            } else if scalar == "\"" {
                quoted = true
            } else if scalar == "," {
                record.append(field); field = ""
            } else if scalar == "\r", scalars.first == "\n" {
                scalars.removeFirst()
                record.append(field); field = ""
                records.append(record); record = []
            } else {
                field.unicodeScalars.append(scalar)
            }
        }
        return records
    }
}
