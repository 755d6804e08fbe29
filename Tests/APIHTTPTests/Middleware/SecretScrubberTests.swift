import Foundation
import Testing
@testable import APIHTTP

/// A key the server echoes back is gone however it was written: as sent, percent-encoded
/// (wholly, partly, in either case), with JSON `\u` escapes (wholly or partly), or both;
/// and what a JSON decoder then reads holds no key either.
@Suite("Secret scrubbing")
struct SecretScrubberTests {
    static let key = "SENSITIVEkey123"
    let scrubber = SecretScrubber(secrets: [key, "SENSITIVEkey123"])

    /// `text` with every character of `key` at `positions` written as `\u00XX`.
    static func escaped(_ key: String, at positions: Set<Int>, percent: Bool = false) -> String {
        key.unicodeScalars.enumerated().map { index, scalar in
            guard positions.contains(index) else { return String(scalar) }
            let hex = String(scalar.value, radix: 16, uppercase: index % 2 == 0)
            return percent ? "%" + hex : "\\u00" + hex
        }.joined()
    }

    /// Every string a JSON decoder reads from `data`, and the same percent-decoded.
    func decodedStrings(_ data: Data) throws -> [String] {
        func strings(_ value: Any) -> [String] {
            switch value {
            case let text as String: [text, text.removingPercentEncoding ?? text]
            case let array as [Any]: array.flatMap(strings)
            case let object as [String: Any]: object.flatMap { [$0.key] + strings($0.value) }
            default: []
            }
        }
        return strings(try JSONSerialization.jsonObject(with: data))
    }

    static let echoes: [String] = {
        let all = Set(0..<key.count)
        return [
            key,  // as sent
            escaped(key, at: all),  // every character \u-escaped
            escaped(key, at: [0, 3, 7, 14]),  // some
            escaped(key, at: all, percent: true),  // percent-encoded, mixed case hex
            escaped(key, at: [1, 2, 9], percent: true),  // partly percent-encoded
            "SENS\\u0025" + "49TIVEkey123",  // a percent escape written with a JSON escape
            "SENSITIVE\\u006b\\u0065y123",
        ]
    }()

    @Test("an echo is replaced by *** in the bytes, and no decoded string holds the key", arguments: echoes)
    func echoIsScrubbed(echo: String) throws {
        let body = Data(#"{"message":"Invalid key \#(echo) for \/svc\/x","list":["a\"b", "key=\#(echo)&x=1"]}"#.utf8)
        let clean = scrubber.scrub(body)
        let text = String(decoding: clean, as: UTF8.self)
        #expect(text == #"{"message":"Invalid key *** for \/svc\/x","list":["a\"b", "key=***&x=1"]}"#, "\(echo)")
        for string in try decodedStrings(clean) {
            #expect(!string.contains(Self.key), "\(string)")
        }
        // The echo does reach the key when decoded (the test would find a miss).
        #expect(try decodedStrings(body).contains { $0.contains(Self.key) })
    }

    @Test("a body without the key is returned as it came, escapes and all")
    func cleanBodyUnchanged() throws {
        for name in ["nyt-2016-11-compact-escaped-slashes.json", "nyt-2016-05-dog-video-multimedia-docs.json"] {
            let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Fixtures/real/nyt/\(name)")
            let body = try Data(contentsOf: url)
            #expect(scrubber.scrub(body) == body)
        }
        // Near the key but none of its forms: cut by two characters (by one is a form, see `variants`).
        let near = Data(#"{"a":"SENSITIVEkey1","b":"\u0053ENSITIVEke","c":"%53ENSITIVE"}"#.utf8)
        #expect(scrubber.scrub(near) == near)
    }

    /// The key re-encoded or mangled as servers echo it: each is the key to whoever reads it.
    static let variants: [(name: String, echo: String)] = {
        let bytes = Data(key.utf8)
        let base64 = bytes.base64EncodedString()
        let hex = bytes.map { String(format: "%02x", $0) }.joined()
        return [
            ("upper case", key.uppercased()),
            ("lower case", key.lowercased()),
            ("swapped case", String(key.map { $0.isUppercase ? Character($0.lowercased()) : Character($0.uppercased()) })),
            ("cut by its last character", String(key.dropLast())),
            ("cut by its first character", String(key.dropFirst())),
            ("hex, lower case", hex),
            ("hex, upper case", hex.uppercased()),
            ("base64", base64),
            ("base64, URL-safe, unpadded",
             base64.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")),
            ("base64 of the key one byte into other data", Data(("x" + key + "!").utf8).base64EncodedString()),
            ("base64 of the key two bytes into other data", Data(("xy" + key + "!?").utf8).base64EncodedString()),
            ("base64 of a URL that holds it", Data("https://api.example.org/v1?key=\(key)&q=1".utf8).base64EncodedString()),
        ]
    }()

    @Test("an echo in another case, cut by a character, in hex or in base64 leaves none of the key", arguments: 0..<12)
    func variantIsScrubbed(_ index: Int) {
        let (name, echo) = Self.variants[index]
        let text = scrubber.scrub("{\"error\": \"bad key \(echo) here\"}")
        #expect(text.hasPrefix("{\"error\": \"bad key "), "\(name): \(text)")
        #expect(text.hasSuffix(" here\"}"), "\(name): \(text)")
        #expect(text.contains("***"), "\(name): \(text)")
        // Whatever is left around the mask (a base64 character that holds bits of a neighbour) shows none of it.
        let left = text.replacingOccurrences(of: "***", with: " ")
        for word in left.split(separator: " ") {
            let decoded = Data(base64Encoded: String(word) + String(repeating: "=", count: (4 - word.count % 4) % 4)).map {
                String(decoding: $0, as: UTF8.self)
            } ?? ""
            #expect(!decoded.lowercased().contains("sensitive") && !word.lowercased().contains("sensitive"), "\(name): \(text)")
        }
    }

    @Test("20,000 echoes, next to each other and apart, all go in one pass")
    func manyEchoes() {
        let body = Data((String(repeating: "\(Self.key) ", count: 10_000) + String(repeating: Self.key, count: 10_000)).utf8)
        let clean = String(decoding: scrubber.scrub(body), as: UTF8.self)
        #expect(clean == String(repeating: "*** ", count: 10_000) + "***")
        #expect(!clean.contains("SENS"))
    }

    @Test("a short secret (a URL password) is replaced only where it is a whole word")
    func shortSecretWholeWordsOnly() {
        let scrubber = SecretScrubber(secrets: ["x"])
        let text = "Sexually x-rated: x, box; id=x&y"
        #expect(scrubber.scrub(text) == "Sexually ***-rated: ***, box; id=***&y")
    }

    @Test("headers and other text are scrubbed the same way")
    func textScrubbed() {
        #expect(scrubber.scrub("id=1&appid=" + Self.escaped(Self.key, at: [4], percent: true)) == "id=1&appid=***")
        #expect(scrubber.scrub("ETag: \"\(Self.key)\"") == "ETag: \"***\"")
    }
}
