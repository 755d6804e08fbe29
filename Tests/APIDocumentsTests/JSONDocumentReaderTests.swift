@testable import APIDocuments
import Testing

@Suite struct JSONDocumentReaderTests {
    @Test func readsValuesWithTheLineEachStartsOn() throws {
        let root = try readJSON("""
        {
          "name": "books",
          "count": 10,
          "ratio": -1.5e3,
          "open": true,
          "none": null,
          "list": [
            1,
            {"deep": "yes"}
          ]
        }
        """)
        #expect(root.line == 1)
        #expect(root["name"]?.string == "books")
        #expect(root["name"]?.line == 2)
        #expect(root["count"]?.int == 10)
        #expect(root["ratio"]?.value == .number("-1.5e3"))
        #expect(root["open"]?.bool == true)
        #expect(root["none"]?.value == .null)
        #expect(root["list"]?.line == 7)
        #expect(root["list"]?.array?.count == 2)
        #expect(root["list"]?.array?[1].line == 9)
        #expect(root["list"]?.array?[1]["deep"]?.string == "yes")
        #expect(root.members?.map(\.key) == ["name", "count", "ratio", "open", "none", "list"])
        #expect(root["missing"] == nil)
        #expect(root["list"]?.kindName == "an array")
    }

    @Test func readsScalarDocumentsAndEmptyContainers() throws {
        #expect(try readJSON("  42 ").value == .number("42"))
        #expect(try readJSON("[]").value == .array([]))
        #expect(try readJSON("{}").value == .object([]))
        #expect(try readJSON("[[], {}]").array?.count == 2)
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let root = try readJSON(#"["a\"b\\c\/d\n\t", "\u00e9\ud83d\ude00", "\ud800x"]"#)
        #expect(root.array?[0].string == "a\"b\\c/d\n\t")
        #expect(root.array?[1].string == "é😀")
        #expect(root.array?[2].string == "\u{FFFD}x")
    }

    @Test(arguments: ["01", "-", "1.", ".5", "+1", "1e", "1.2.3", "12abc", "0x10", "NaN", "1_000"])
    func refusesWhatIsNotAJSONNumber(text: String) throws {
        let error = try #require(readingError { () throws(DocumentError) in try readJSON("[\(text)]") })
        #expect(error.kind == .syntax)
        #expect(error.line == 1)
        #expect(error.column == 2 || text.hasPrefix("+") || text.hasPrefix(".") || text.hasPrefix("N"))
    }

    @Test(arguments: ["0", "-0", "12", "1.5", "1e10", "1E+2", "-3.25e-4", "1e400"])
    func keepsJSONNumbersAsWritten(text: String) throws {
        #expect(try readJSON(text).value == .number(text))
    }

    @Test func refusesADuplicateKeyNamingItAndBothLines() throws {
        let error = try #require(readingError { () throws(DocumentError) in
            try readJSON("{\n  \"baseURL\": \"https://good.example\",\r\n  \"other\": 1,\n  \"baseURL\": \"https://evil.example\"\n}")
        })
        #expect(error.kind == .duplicateKey)
        #expect(error.line == 4)
        #expect(error.reason.contains("\"baseURL\""))
        #expect(error.reason.contains("line 2 and line 4"))
    }

    @Test func refusesADuplicateKeyInALargeObject() throws {
        let members = (0..<100).map { "\"k\($0)\": \($0)" }.joined(separator: ",\n")
        let error = try #require(readingError { () throws(DocumentError) in try readJSON("{\n\(members),\n\"k57\": 0}") })
        #expect(error.kind == .duplicateKey)
        #expect(error.reason.contains("line 59 and line 102"))
        // Equal keys in different objects are not duplicates.
        #expect(try readJSON(#"[{"a": 1}, {"a": 2}, {"b": {"a": 3}, "a": 4}]"#).array?.count == 3)
    }

    @Test func keysThatLookTheSameAreOneKey() throws {
        // "é" precomposed and decomposed: a terminal shows the same key twice.
        let error = try #require(readingError { () throws(DocumentError) in try readJSON("{\"caf\u{E9}\": 1, \"cafe\u{301}\": 2}") })
        #expect(error.kind == .duplicateKey)
    }

    @Test func namesTheDuplicateKeySafely() throws {
        let error = try #require(readingError { () throws(DocumentError) in
            try readJSON(#"{"a\u001b]52;c;SGVsbG8=\u0007\u202e": 1, "a\u001b]52;c;SGVsbG8=\u0007\u202e": 2}"#)
        })
        #expect(error.kind == .duplicateKey)
        #expect(isTerminalSafe(error.description))
        #expect(error.reason.contains(#""a\u{1B}]52;c;SGVsbG8=\u{07}\u{202E}""#))
    }

    @Test func keepsControlAndBidiCharactersThatAreEscaped() throws {
        let root = try readJSON(#"{"summary": "\u001b[2J\u0007 \u202eevil\u2066", "enum": ["\u001b]52;c;eA==\u0007"]}"#)
        #expect(root["summary"]?.string == "\u{1B}[2J\u{07} \u{202E}evil\u{2066}")
        #expect(root["enum"]?.array?.first?.string == "\u{1B}]52;c;eA==\u{07}")
        // Raw bidi controls are valid UTF-8 and are kept too.
        #expect(try readJSON("[\"\u{202E}x\u{200F}\"]").array?.first?.string == "\u{202E}x\u{200F}")
    }

    @Test func namesARawControlByteWithoutPrintingIt() throws {
        let inString = try #require(readingError { () throws(DocumentError) in try readJSON("{\"a\": \"x\u{1B}[2Jy\"}") })
        #expect(inString.reason.contains("0x1B"))
        #expect(inString.reason.contains("\\u001B"))
        #expect(inString.column == 9)
        #expect(isTerminalSafe(inString.description))

        let outside = try #require(readingError { () throws(DocumentError) in try readJSON("{\"a\": 1,\n \u{1B}]52;c;eA==\u{07}}") })
        #expect(outside.description == "line 2, column 2: expected a quoted member name, found 0x1B")

        let bidi = try #require(readingError { () throws(DocumentError) in try readJSON("[1, \u{202E}]") })
        #expect(bidi.reason == "unexpected character U+202E")
        let letter = try #require(readingError { () throws(DocumentError) in try readJSON("[1, é]") })
        #expect(letter.reason == "unexpected character 'é' (U+00E9)")
    }

    @Test(arguments: [
        ("", "the document is empty"),
        ("{\"a\" 1}", "expected ':' after the member name \"a\""),
        ("[1 2]", "expected ',' or ']', found '2'"),
        ("{\"a\": 1,}", "expected a quoted member name, found '}'"),
        ("[1,", "unexpected end of the document"),
        ("{\"a\": 1", "unexpected end inside an object"),
        ("\"abc", "a string that does not end"),
        ("[\"\\x\"]", "an unknown escape \\'x' in a string"),
        ("[\"\\u12G4\"]", "a \\u escape needs four hex digits"),
        ("[tru]", "unexpected character 't'"),
        ("{} {}", "unexpected text after the document: '{'"),
    ])
    func explainsSyntaxErrors(text: String, reason: String) throws {
        let error = try #require(readingError { () throws(DocumentError) in try readJSON(text) })
        #expect(error.kind == .syntax)
        #expect(error.reason == reason)
    }

    @Test func countsColumnsInBytesOnTheRightLine() throws {
        let error = try #require(readingError { () throws(DocumentError) in try readJSON("{\n  \"a\": [1,\n    2 3]}") })
        #expect(error.line == 3)
        #expect(error.column == 7)
        #expect(error.description.hasPrefix("line 3, column 7: "))
    }
}
