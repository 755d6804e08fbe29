@testable import APIDocuments
import Testing

@Suite struct DocumentTextTests {
    @Test func quotesTextWithEveryUnshowableScalarEscaped() {
        #expect(DocumentText.quoted("baseURL") == "\"baseURL\"")
        #expect(DocumentText.quoted("a\"b\\c") == #""a\"b\\c""#)
        #expect(DocumentText.quoted("x\u{1B}[2J\r\n\u{7F}\u{85}") == #""x\u{1B}[2J\u{0D}\u{0A}\u{7F}\u{85}""#)
        #expect(DocumentText.quoted("\u{202E}abc\u{2066}\u{200F}\u{2028}\u{FEFF}")
            == #""\u{202E}abc\u{2066}\u{200F}\u{2028}\u{FEFF}""#)
        #expect(DocumentText.quoted("café 東京 😀") == "\"café 東京 😀\"")
        #expect(DocumentText.quoted("e\u{301}") == #""e\u{0301}""#)
        #expect(DocumentText.quoted(String(repeating: "k", count: 200)) == "\"" + String(repeating: "k", count: 80) + "…\"")
    }

    @Test func namesOneCharacterSafely() {
        #expect(DocumentText.character("x") == "'x'")
        #expect(DocumentText.character(" ") == "0x20")
        #expect(DocumentText.character("\u{1B}") == "0x1B")
        #expect(DocumentText.character("\u{7F}") == "0x7F")
        #expect(DocumentText.character("\u{202E}") == "U+202E")
        #expect(DocumentText.character("\u{A0}") == "U+00A0")
        #expect(DocumentText.character("é") == "'é' (U+00E9)")
        #expect(DocumentText.byte(0xEF) == "0xEF")
    }

    @Test func anErrorWithoutAPositionIsItsReason() {
        #expect(DocumentError(.unavailable, "no libyaml").description == "no libyaml")
        #expect(DocumentError(.syntax, line: 3, "bad").description == "line 3: bad")
        #expect(DocumentError(.syntax, line: 3, column: 4, "bad").description == "line 3, column 4: bad")
    }
}
