import Testing
@testable import APICore

/// The writer looks at eight bytes at a time and copies plain runs whole: each of
/// these puts a byte that must (or must not) be escaped at every position of a
/// word and of the tail after the last whole word, and checks the text against a
/// reference that escapes one scalar at a time.
@Suite("JSON string escaping, eight bytes at a time")
struct JSONStringTextWordTests {
    /// The escaped form of one scalar, as the writer's documentation states it.
    static func reference(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            let value = scalar.value
            switch value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0x08: out += "\\b"
            case 0x0C: out += "\\f"
            case 0..<0x20, 0x7F...0x9F, 0x2028...0x202E, 0x2066...0x2069:
                let hex = String(value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static func written(_ text: String) -> String {
        var buffer = TextBuffer()
        JSONStringText.write(text, to: &buffer)
        return buffer.text
    }

    /// Every control byte, `"`, `\`, DEL, C1, the separators, the bidi controls, and
    /// non-ASCII text that is written as itself (including the neighbours of the
    /// escaped ranges, which share their first bytes).
    static let specials: [String] =
        (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }
        + ["\"", "\\", "\u{7F}", "\u{80}", "\u{9F}", "\u{A0}", "é", "\u{2027}", "\u{2028}", "\u{2029}", "\u{202E}",
            "\u{202F}", "\u{2065}", "\u{2066}", "\u{2069}", "\u{206A}", "’", "日", "👩", "/", "~", " "]

    @Test("a special character at every position of strings of 1 to 25 bytes")
    func everyPosition() {
        var failures: [String] = []
        for special in Self.specials {
            for length in 0..<25 {
                for position in 0...length {
                    let text = String(repeating: "a", count: position) + special
                        + String(repeating: "b", count: length - position)
                    if Self.written(text) != Self.reference(text) { failures.append(text.debugDescription) }
                }
            }
        }
        #expect(failures.count == 0, "first failures: \(failures.prefix(5))")
    }

    @Test("two specials in one word, and every pair of neighbours")
    func pairs() {
        var failures: [String] = []
        for first in Self.specials {
            for second in Self.specials {
                for gap in 0..<9 {
                    let text = "xyz" + first + String(repeating: "m", count: gap) + second + "0123456789"
                    if Self.written(text) != Self.reference(text) { failures.append(text.debugDescription) }
                }
            }
        }
        #expect(failures.count == 0, "first failures: \(failures.prefix(5))")
    }

    @Test("long plain, non-ASCII and escaped runs")
    func longRuns() {
        let texts = [
            String(repeating: "plain text ", count: 200),
            String(repeating: "日本語のテキスト", count: 50) + "\u{2028}" + String(repeating: "é", count: 33),
            String(repeating: "\u{1B}", count: 40),
            String(repeating: "\"\\", count: 21) + "end",
            "",
        ]
        for text in texts { #expect(Self.written(text) == Self.reference(text)) }
    }

    @Test("the cleaner's test finds a control at every position, and nothing in plain text")
    func cleanerFindsEveryPosition() {
        func holds(_ text: String) -> Bool {
            text.unicodeScalars.contains { scalar in
                let value = scalar.value
                return value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x061C || value == 0x200E
                    || value == 0x200F || (0x2028...0x202E).contains(value) || (0x2066...0x2069).contains(value)
            }
        }
        var failures: [String] = []
        for special in Self.specials + ["\u{061C}", "\u{061B}", "\u{200E}", "\u{200F}", "\u{200D}"] {
            for length in 0..<25 {
                for position in 0...length {
                    let text = String(repeating: "a", count: position) + special
                        + String(repeating: "b", count: length - position)
                    if TerminalSanitizer.holdsControls(text) != holds(text) { failures.append(text.debugDescription) }
                }
            }
        }
        #expect(failures.count == 0, "first failures: \(failures.prefix(5))")
    }
}
