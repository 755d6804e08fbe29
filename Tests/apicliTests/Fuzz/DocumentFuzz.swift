import Foundation
import TestSupport

/// Mutations of a real document's bytes: a provider file, or an OpenAPI document in JSON
/// or YAML. Each case applies one to four edits, each drawn from what breaks a reader or
/// misleads one: a byte flipped, dropped or doubled, a cut, a hostile snippet spliced in
/// (controls, bidi characters, a BOM, invalid UTF-8, brackets, quotes, a duplicate key, a
/// `$ref` to itself, anchors and merge keys, deep nesting), or a line moved. Deterministic for a seed.
struct DocumentFuzz {
    private var random: SeededRandom

    init(seed: UInt64) {
        random = SeededRandom(seed: seed ^ 0xD0C5_F022)
    }

    static let texts: [String] = [
        "\u{1B}[2J", "\u{1B}]52;c;SGVsbG8=\u{07}", "\u{07}", "\u{08}", "\r", "\u{0}", "\u{7F}", "\u{202E}", "\u{2066}",
        "\u{200F}", "\u{FEFF}", "\u{9B}", "{", "}", "[", "]", "\"", "'", ":", ",", "\\", "\\u", "\\ud800", "\\u001b",
        "#", "&a", "*a", "<<: *a", "- ", "\n  ", "\t", "!!binary", "---\n", "...\n", "%YAML 1.2\n", "? ",
        "1e400", "-0", "9223372036854775808", "null", "true", "[]", "{}", "\"\"",
    ]
    static let keys: [String] = [
        ##""$ref": "#/components/schemas/X","##, ##""$ref": "#","##, ##""": {"$ref": "#"},"##,
        ##""name": "x", "name": "y","##,
    ]
    static let deep: [String] = [
        String(repeating: "[", count: 300), String(repeating: "{\"a\":", count: 300), String(repeating: "- ", count: 300),
    ]
    static let invalidUTF8: [[UInt8]] = [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xFE, 0xFF], [0xF4, 0x90, 0x80, 0x80]]
    static let snippets: [[UInt8]] = (texts + keys + deep).map { Array($0.utf8) } + invalidUTF8

    private mutating func below(_ count: Int) -> Int { count == 0 ? 0 : Int(random.next() % UInt64(count)) }

    /// `bytes` with one to four edits.
    mutating func mutate(_ bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        for _ in 0...below(4) {
            let at = below(out.count + 1)
            switch random.next() % 8 {
            case 0 where at < out.count: out[at] ^= UInt8(1 << below(8))
            case 1 where at < out.count: out.removeSubrange(at..<min(out.count, at + 1 + below(16)))
            case 2 where at < out.count: out.insert(out[at], at: at)
            case 3: out = Array(out.prefix(at))
            case 4 where !out.isEmpty:
                // A line moved elsewhere: keys out of their object, a list item out of its list.
                let lines = out.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
                var moved = lines
                let line = moved.remove(at: below(moved.count))
                moved.insert(line, at: below(moved.count + 1))
                out = Array(moved.joined(separator: [UInt8(ascii: "\n")]))
            default: out.insert(contentsOf: Self.snippets[below(Self.snippets.count)], at: at)
            }
        }
        return out
    }
}
