import Foundation
import Testing
@testable import APICore

@Suite("JSON output of hostile strings")
struct JSONHostileStringTests {
    static let hostile: [String] = [
        "\u{1B}[31mred\u{1B}[0m",
        "\u{1B}]52;c;ZXZpbA==\u{07}",
        "\u{1B}]8;;https://evil.example/\u{1B}\\link\u{1B}]8;;\u{1B}\\",
        "quote \" backslash \\ slash /",
        "nul \u{00} bell \u{07} bs \u{08} ff \u{0C} vt \u{0B} del \u{7F}",
        "c1 \u{80}\u{85}\u{9B}\u{9F}",
        "line\nbreak\r\ntab\t",
        "bidi \u{202E}gnp.exe\u{2066}\u{2069}",
        "separators \u{2028}\u{2029}",
        "日本語 e\u{301} 👩‍👩‍👧 🇫🇷",
        String(repeating: "long", count: 5_000),
    ]

    @Test("every hostile string serialises to valid JSON that decodes to the same text")
    func roundTrip() throws {
        for pretty in [true, false] {
            let document = JSONValue.array(Self.hostile.map { .object([.init("text", .string($0))]) })
            let text = document.serialized(pretty: pretty)
            let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: String]]
            #expect(parsed?.map { $0["text"] ?? "" } == Self.hostile)
        }
    }

    @Test("no raw control or bidi character reaches the JSON text")
    func escaped() {
        for string in Self.hostile {
            let text = JSONValue.string(string).serialized(pretty: false)
            let raw = text.unicodeScalars.filter { scalar in
                scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                    || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
                    || scalar.value == 0x2028 || scalar.value == 0x2029
            }
            #expect(raw.isEmpty, "raw controls in \(text.debugDescription)")
        }
    }

    @Test("keys are escaped like values, and ndjson stays one line per element")
    func keysAndNDJSON() throws {
        let document: JSONValue = [["k\"\n\u{1B}": "v\n"], ["k": "w"]]
        // An ndjson line is an element's compact serialisation: it must hold no line break.
        let ndjson = document.elements.map { $0.serialized(pretty: false) + "\n" }.joined()
        let lines = ndjson.split(separator: "\n")
        #expect(lines.count == 2)
        let first = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: String]
        #expect(first == ["k\"\n\u{1B}": "v\n"])
    }

    @Test("every scalar up to U+3000 is escaped exactly when it must be, alone and between plain text")
    func everyScalarOnTheFastPathOrEscaped() throws {
        func mustEscape(_ value: UInt32) -> Bool {
            value < 0x20 || value == 0x22 || value == 0x5C || (0x7F...0x9F).contains(value)
                || (0x2028...0x202E).contains(value) || (0x2066...0x2069).contains(value)
                || value == 0x200E || value == 0x200F || value == 0x061C
        }
        for value in UInt32(0)...0x3000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for string in [String(scalar), "plain " + String(scalar) + " é text"] {
                let text = JSONValue.string(string).serialized(pretty: false)
                #expect(text.unicodeScalars.contains(scalar) != mustEscape(value) || value == 0x22 || value == 0x5C,
                        "U+\(String(value, radix: 16)): \(text.debugDescription)")
                let parsed = try JSONSerialization.jsonObject(with: Data("[\(text)]".utf8)) as? [String]
                #expect(parsed == [string])
            }
        }
    }
}
