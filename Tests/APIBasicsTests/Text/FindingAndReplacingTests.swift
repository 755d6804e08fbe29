import APIBasics
import Foundation
import Testing

@Suite struct FindingAndReplacingTests {
    static let cases: [(text: String, target: String, replacement: String)] = [
        ("nyt-top-stories", "-", "_"), ("a\"b\"\"c", "\"", "\"\""), ("it's", "'", "''"), ("no match", "x", "y"),
        ("", "a", "b"), ("aaa", "aa", "b"), ("abc", "", "x"), ("a  b   c", "  ", " "), ("~1~0", "~1", "/"),
        ("{id}/{id}", "{id}", "42"), ("line\r\nnext", "\n", "|"), ("café café", "café", "tea"),
        ("key=SECRET&k2=SECRET", "SECRET", "***"), ("u:pw@host", ":pw@", ":***@"),
    ]

    @Test(arguments: cases.indices)
    func replacingAsFoundation(_ index: Int) {
        let (text, target, replacement) = Self.cases[index]
        #expect(text.replacingAll(target, with: replacement) == text.replacingOccurrences(of: target, with: replacement))
    }

    @Test(arguments: cases.indices)
    func findingAsFoundation(_ index: Int) {
        let (text, target, _) = Self.cases[index]
        let mine = text.firstRange(ofLiteral: target).map { text.distance(from: text.startIndex, to: $0.lowerBound) }
        let theirs = text.range(of: target).map { text.distance(from: text.startIndex, to: $0.lowerBound) }
        #expect(mine == theirs)
        #expect(text.containsLiteral(target) == (text.range(of: target) != nil))
    }

    @Test func findsInsideAGraphemeWhereTheStandardLibraryWouldNot() {
        let text = "a\r\nb"
        #expect(text.firstRange(ofLiteral: "\n") != nil)
        #expect(text.firstRange(of: "\n") == nil)
    }

    /// Where Foundation differs on purpose: it will not match part of an emoji with
    /// its skin-tone modifier; a byte match does, so a secret is scrubbed wherever it is.
    @Test func matchesScalarsEvenInsideAnEmojiSequence() {
        #expect("👍🏽👍".replacingAll("👍", with: "+") == "+🏽+")
        #expect("👍🏽👍".replacingOccurrences(of: "👍", with: "+") == "👍🏽+")
    }

    @Test func findsTheFirstOfSeveral() throws {
        let text = "Gateway  fault Identifier: 1 Identifier: 2"
        let range = try #require(text.firstRange(ofLiteral: " Identifier"))
        #expect(String(text[..<range.lowerBound]) == "Gateway  fault")
    }

    @Test func paddingCutsOrFillsToTheWidth() {
        #expect("nyt".padded(toLength: 6) == "nyt   ")
        #expect("weather".padded(toLength: 4) == "weat")
        #expect("".padded(toLength: 2) == "  ")
        #expect("nyt".padded(toLength: 6) == "nyt".padding(toLength: 6, withPad: " ", startingAt: 0))
        #expect("weather".padded(toLength: 4) == "weather".padding(toLength: 4, withPad: " ", startingAt: 0))
    }
}
