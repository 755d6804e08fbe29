import Testing
@testable import APIHost

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

    @Test("terminal controls from a server are cleaned from cells and titles as in tables; line breaks stay")
    func cleaned() {
        let hostile = [
            "\u{1B}[2J\u{1B}[Hcleared", "\u{1B}]52;c;ZXZpbA==\u{07}clip", "\u{1B}]8;;http://evil\u{1B}\\link\u{1B}]8;;\u{1B}\\",
            "c1\u{9B}31mred", "\u{202E}txt.exe", "bell\u{07}", "two\nlines", "back\rspace",
        ]
        let table = Table(columns: [.init("t\u{1B}[1m")], rows: hostile.map { [$0] })
        let text = CSVWriter.write(table)
        #expect(text == "t\r\ncleared\r\nclip\r\nlink\r\nc1red\r\ntxt.exe\r\nbell\r\n\"two\nlines\"\r\nbackspace\r\n")
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B || $0.value == 0x202E })
    }

    @Test("a hostile table parses back to the same cells")
    func roundTrip() {
        let cells = ["a\"b", "c,d", "e\nf", "\"\"", "g\nh,\"i\""]
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
