import APIBasics
import Foundation
import Testing

/// Each helper is checked against the Foundation call it replaces: tests may link
/// Foundation proper, the product may not.
@Suite struct TrimmingTests {
    static let samples = [
        "", " ", "  Paris ", "\tParis\t", "Paris", " \u{00A0}Paris\u{3000} ", "\n Paris \r\n", "\u{2028}x\u{2029}",
        "\u{85}x\u{85}", "\u{0B}\u{0C}x", "e\u{301} ", " \u{301}e", "\"120\"", "\"\"", "a b  c", "日本 ", "👍🏽 \t",
    ]

    @Test(arguments: samples)
    func whitespacesAsFoundation(_ text: String) {
        #expect(text.trimmed(.whitespaces) == text.trimmingCharacters(in: .whitespaces))
    }

    @Test(arguments: samples)
    func whitespacesAndNewlinesAsFoundation(_ text: String) {
        #expect(text.trimmed(.whitespacesAndNewlines) == text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test(arguments: samples)
    func givenCharactersAsFoundation(_ text: String) {
        #expect(text.trimmed(ScalarSet(characters: "\"")) == text.trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
    }

    /// Every scalar of the first planes, alone between letters: the two sets agree with CharacterSet's.
    @Test func setsAgreeOnEveryBMPScalar() {
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(ScalarSet.whitespaces.contains(scalar) == CharacterSet.whitespaces.contains(scalar), "U+\(String(value, radix: 16))")
            #expect(
                ScalarSet.whitespacesAndNewlines.contains(scalar) == CharacterSet.whitespacesAndNewlines.contains(scalar),
                "U+\(String(value, radix: 16))")
        }
    }

    @Test func substringsTrimToo() {
        let line = "key = value "
        let equals = line.firstIndex(of: "=")!
        #expect(line[..<equals].trimmed(.whitespaces) == "key")
        #expect(line[line.index(after: equals)...].trimmed(.whitespaces) == "value")
    }
}
