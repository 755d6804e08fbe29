import APICore
import Foundation
import Testing
import TestSupport

/// `JSONByteReader.skipValue()` runs through a value in one loop, with a bit per open
/// container: it must still refuse every value `JSONDecoder` refuses, accept the plain
/// ones, and stop exactly at their end, however deep they nest (past the 64 levels one
/// loop holds, too) and whatever their strings hold.
@Suite struct JSONByteReaderSkipTests {
    /// Where skipping `value` from its start stops, or nil when it is refused.
    static func skipped(_ value: [UInt8]) -> Int? {
        value.withUnsafeBytes { bytes in
            var reader = JSONByteReader(bytes)
            guard (try? reader.skipValue()) != nil else { return nil }
            return reader.offset
        }
    }

    /// Whether `JSONDecoder` finds `value` to be valid JSON (it parses the whole text
    /// before it decodes, so a type that does not fit is another error).
    static func decoderAccepts(_ value: [UInt8]) -> Bool {
        do {
            _ = try JSONDecoder().decode(Bool.self, from: Data(Array("[".utf8) + value + Array("]".utf8)))
            return true
        } catch let DecodingError.dataCorrupted(context) {
            return !(context.codingPath.isEmpty && context.underlyingError != nil)
        } catch {
            return true
        }
    }

    /// A random value `depth` levels deep at most, whose strings hold brackets, quotes,
    /// backslashes and non-ASCII text, escaped as JSON escapes them.
    static func value(_ random: inout SplitMix, depth: Int) -> String {
        let pick = depth == 0 ? random.below(5) : random.below(8)
        switch pick {
        case 0: return ["0", "-1", "12.5", "1e3", "-0.25E-2", "123456789012345678901234"][random.below(6)]
        case 1: return ["true", "false", "null"][random.below(3)]
        case 2, 3, 4:
            let pieces = ["a", "]", "[", "}", "{", ",", ":", "\\\"", "\\\\", "\\/", "\\u00e9", "é", "€", "\\n", " "]
            return "\"" + (0..<random.below(6)).map { _ in pieces[random.below(pieces.count)] }.joined() + "\""
        case 5:
            return "[" + (0..<random.below(4)).map { _ in value(&random, depth: depth - 1) }.joined(separator: ", ") + "]"
        default:
            let members = (0..<random.below(4)).map { index in
                "\"k\(index)]\" :" + value(&random, depth: depth - 1)
            }
            return "{" + members.joined(separator: ",") + " }"
        }
    }

    @Test func randomValuesAreSkippedToTheirEndAndNoPrefixIs() throws {
        let seed = try FuzzSeed.draw(for: "JSONByteReaderSkipTests/randomValuesAreSkippedToTheirEndAndNoPrefixIs")
        var random = SplitMix(seed: seed.value)
        for _ in 0..<300 {
            let text = Array(("[" + Self.value(&random, depth: 5) + "]").utf8)
            #expect(Self.decoderAccepts(text), "\(seed)")
            #expect(Self.skipped(text) == text.count, "\(String(decoding: text, as: UTF8.self)); \(seed)")
            #expect(Self.skipped(text + Array(" ,1".utf8)) == text.count, "\(seed)")
            for end in 0..<text.count {
                #expect(Self.skipped(Array(text[..<end])) == nil, "cut at \(end); \(seed)")
            }
        }
    }

    @Test func aChangedByteIsSkippedOnlyWhereJSONDecoderReadsIt() throws {
        let seed = try FuzzSeed.draw(for: "JSONByteReaderSkipTests/aChangedByteIsSkippedOnlyWhereJSONDecoderReadsIt")
        var random = SplitMix(seed: seed.value ^ 29)
        let replacements = Array(#"[]{}",:\ ae0-.u"#.utf8) + [0x01, 0xC3, 0xFF]
        var skipped = 0
        var refused = 0
        for _ in 0..<300 {
            var text = Array(("{\"v\":" + Self.value(&random, depth: 4) + "}").utf8)
            text[random.below(text.count)] = replacements[random.below(replacements.count)]
            if let end = Self.skipped(text) {
                skipped += 1
                #expect(Self.decoderAccepts(Array(text[..<end])), "\(String(decoding: text, as: UTF8.self)); \(seed)")
            } else {
                refused += 1
            }
        }
        // Both sides were tried: a skipper that refused everything would pass the check above.
        #expect(skipped > 30 && refused > 30, "\(skipped) skipped, \(refused) refused; \(seed)")
    }

    @Test func nestingPastOneLoopsBitsIsSkippedTo512Levels() {
        for levels in [63, 64, 65, 66, 128, 129, 300, 512] {
            let text = Array((String(repeating: #"{"a":["#, count: levels / 2) + "\"]}\""
                + String(repeating: "]}", count: levels / 2)).utf8)
            #expect(Self.skipped(text) == text.count, "\(levels) levels")
            #expect(Self.skipped(Array(text.dropLast())) == nil, "\(levels) levels, cut")
        }
        let tooDeep = Array((String(repeating: "[", count: 513) + String(repeating: "]", count: 513)).utf8)
        #expect(Self.skipped(tooDeep) == nil)
        let deepest = Array((String(repeating: "[", count: 512) + String(repeating: "]", count: 512)).utf8)
        #expect(Self.skipped(deepest) == deepest.count)
    }

    @Test func whatReadingRefusesSkippingRefusesToo() {
        let refused = [
            #"{"a\u0062":1}"#, #"{"a":1,}"#, #"[1,]"#, "[01]", "[1.]", "[-]", "[+1]", #"{"a"}"#, #"{"a":1 "b":2}"#,
            "[\"\u{1}\"]", #"["\x"]"#, #"["\ud800"]"#, "[nul]", "[True]", "{1:2}", "[1}", "{\"a\":1]",
        ]
        for text in refused { #expect(Self.skipped(Array(text.utf8)) == nil, "\(text)") }
        #expect(Self.skipped([UInt8(ascii: "["), UInt8(ascii: "\""), 0xC3, 0x28, UInt8(ascii: "\""), UInt8(ascii: "]")]) == nil)
    }
}

extension SplitMix {
    /// A number in `0..<bound`.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
