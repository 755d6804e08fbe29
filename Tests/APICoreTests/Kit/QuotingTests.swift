import APICore
import Foundation
import Testing

@Suite("Quoting what a server said")
struct QuotingTests {
    @Test("a message is cleaned, trimmed and cut to the limit")
    func quote() throws {
        #expect(TerminalSanitizer.quote("  city not found \n") == "city not found")
        #expect(TerminalSanitizer.quote("bad\u{1B}]52;c;AAAA\u{07} thing") == "bad thing")
        let long = try #require(TerminalSanitizer.quote(String(repeating: "x", count: 300), limit: 10))
        #expect(long == "xxxxxxxxx…")
        #expect(TerminalSanitizer.quote("\u{1B}[2J\u{202E}") == nil)
        #expect(TerminalSanitizer.quote(nil) == nil)
    }

    @Test("a character is any size, so the cut counts bytes too")
    func combiningFlood() throws {
        let flood = "ok x" + String(repeating: "\u{301}", count: 50_000) + " end"
        let quoted = try #require(TerminalSanitizer.quote(flood, limit: 10))
        #expect(quoted.utf8.starts(with: "ok x\u{301}".utf8) && quoted.hasSuffix("…"))
        #expect(quoted.utf8.count <= 40)
        #expect(TerminalSanitizer.quote("日本語のメッセージ", limit: 10) == "日本語のメッセージ")
        #expect(TerminalSanitizer.quote(String(repeating: "👍🏽", count: 10), limit: 10) == String(repeating: "👍🏽", count: 4) + "…")
    }

    @Test("a body decodes with the provider's wording around the host's reason")
    func decodeFailure() {
        struct Shape: Decodable { let list: [Int] }
        #expect(throws: DecodeFailure("no forecast (missing list)")) {
            try JSONBody.decode(Shape.self, from: Data("{}".utf8)) { "no forecast (\($0))" }
        }
        #expect(throws: DecodeFailure("malformed JSON")) { try JSONBody.decode(Shape.self, from: Data("{".utf8)) }
        #expect(JSONBody.read(Shape.self, from: Data("<html>".utf8)) == nil)
        #expect(JSONBody.read(Shape.self, from: Data(#"{"list": [1]}"#.utf8))?.list == [1])
    }
}
