import APICore
import Foundation
import Testing
import TestSupport

/// `JSONByteReader` reads a string, a number or a skipped value exactly as
/// `JSONDecoder` does, or refuses it (``JSONByteReader/Unsupported``): it must never
/// accept bytes `JSONDecoder` refuses, nor read them differently. A string's contents
/// read as bytes (``JSONByteReader/stringContents()``) are the same string's UTF-8.
@Suite struct JSONByteReaderTests {
    /// The string the reader reads from `token` (a whole JSON text), or nil when it refuses it.
    static func string(_ token: [UInt8]) -> String? {
        token.withUnsafeBytes { bytes in
            var reader = JSONByteReader(bytes)
            guard let text = try? reader.string(), (try? reader.end()) != nil else { return nil }
            return text
        }
    }

    /// The UTF-8 the reader gives for `token` through ``JSONByteReader/stringContents()``
    /// (and ``JSONByteReader/unescape(_:appendingTo:)``), or nil when it refuses it.
    static func contents(_ token: [UInt8]) -> [UInt8]? {
        token.withUnsafeBytes { bytes in
            var reader = JSONByteReader(bytes)
            guard let (raw, escaped) = try? reader.stringContents(), (try? reader.end()) != nil else { return nil }
            guard escaped else { return Array(raw) }
            var unescaped = Array("kept".utf8)
            guard (try? JSONByteReader.unescape(raw, appendingTo: &unescaped)) != nil else {
                #expect(unescaped == Array("kept".utf8), "what was there before is left as it was")
                return nil
            }
            return Array(unescaped.dropFirst(4))
        }
    }

    /// Whether the reader skips `token` inside an object as a value it does not read.
    static func skips(_ token: [UInt8]) -> Bool {
        let document = Array(#"{"skipped":"#.utf8) + token + Array(#","kept":"k"}"#.utf8)
        return document.withUnsafeBytes { bytes in
            var reader = JSONByteReader(bytes)
            do {
                try reader.beginObject()
                var kept: String?
                while let key = try reader.nextKey() {
                    if JSONByteReader.equal(key, "kept") { kept = try reader.string() } else { try reader.skipValue() }
                }
                try reader.end()
                return kept == "k"
            } catch {
                return false
            }
        }
    }

    /// What `JSONDecoder` reads from `token`, or nil when it throws.
    static func reference(_ token: [UInt8]) -> String? {
        try? JSONDecoder().decode([String].self, from: Data([UInt8(ascii: "[")] + token + [UInt8(ascii: "]")])).first
    }

    /// Reads `token` both ways: the reader gives the reference or refuses, and
    /// skipping it succeeds exactly when reading it does.
    static func check(_ token: [UInt8], _ comment: Comment? = nil) {
        let read = string(token)
        if let read { #expect(read == reference(token), comment) }
        #expect(skips(token) == (read != nil), comment)
        #expect(contents(token) == read.map { Array($0.utf8) }, comment)
    }

    static func quoted(_ contents: [UInt8]) -> [UInt8] {
        [UInt8(ascii: "\"")] + contents + [UInt8(ascii: "\"")]
    }

    @Test func escapesDecodeAsJSONDecoderDecodesThem() {
        let cases: [(String, String?)] = [
            (#""plain""#, "plain"), (#""""#, ""), (#""a\"b""#, "a\"b"), (#""\\""#, "\\"), (#""\/""#, "/"),
            (#""\b\f\n\r\t""#, "\u{8}\u{C}\n\r\t"), (#""caf\u00e9""#, "café"), (#""\u00E9\u20AC""#, "é€"),
            (#""\u0041\u0000z""#, "A\u{0}z"), (#""\ud83d\ude00 smile""#, "😀 smile"), (#""\uD834\uDD1E""#, "𝄞"),
            (#""\ud800""#, nil), (#""\udc00""#, nil), (#""\ud83dx""#, nil), (#""\ud83d\u0041""#, nil),
            (#""\x""#, nil), (#""\u12""#, nil), (#""\u12g4""#, nil), (#""ends\""#, nil), (#""unterminated"#, nil),
        ]
        for (token, expected) in cases {
            let bytes = Array(token.utf8)
            #expect(Self.string(bytes) == expected, "\(token)")
            Self.check(bytes, "\(token)")
        }
    }

    @Test func utf8IsCheckedAsTheStandardLibraryChecksIt() {
        let sequences: [[UInt8]] = [
            [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xEF, 0xBB, 0xBF],
            [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xED, 0x9F, 0xBF],
            [0xF0, 0x80, 0x80, 0x80], [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80],
            [0xFF], [0x80], [0xBF, 0x41], [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xC3, 0x41], [0xE2, 0x41, 0xAC],
        ]
        for sequence in sequences {
            for prefix in [[], Array("abcdefghij".utf8)] {
                let contents = prefix + sequence + Array("xyz".utf8)
                let valid = String(validating: contents, as: UTF8.self)
                #expect(Self.string(Self.quoted(contents)) == valid, "\(sequence)")
                Self.check(Self.quoted(contents), "\(sequence)")
            }
        }
    }

    /// Random bytes, mostly ASCII with some high bytes, escapes and quotes: the
    /// reader agrees with `JSONDecoder` on every one (a failure names its seed, which replays it).
    @Test func randomStringsAgreeWithJSONDecoder() throws {
        let seed = try FuzzSeed.draw(for: "JSONByteReaderTests/randomStringsAgreeWithJSONDecoder")
        var generator = SplitMix(seed: seed.value)
        let alphabet: [UInt8] = Array("ab \\\"u0dD8e/".utf8) + [0x09, 0x1F, 0x7F, 0x80, 0xBF, 0xC3, 0xA9, 0xE2, 0xED, 0xF0, 0x9F]
        var accepted = 0
        for _ in 0..<4000 {
            let length = Int(generator.next() % 24)
            let contents = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            let token = Self.quoted(contents)
            if Self.string(token) != nil { accepted += 1 }
            Self.check(token, "\(contents); \(seed)")
        }
        #expect(accepted > 200, "only \(accepted) random strings were read; \(seed)")
    }

    /// The reader finds the end of a string eight bytes at a time: a quote, a
    /// backslash, a control byte or a non-ASCII byte at every place of a word.
    @Test func everyPlaceInAWordIsSeen() {
        for length in 0..<40 {
            let plain = [UInt8](repeating: UInt8(ascii: "q"), count: length)
            #expect(Self.string(Self.quoted(plain)) == String(repeating: "q", count: length))
            for place in 0..<length {
                var control = plain
                control[place] = 0x0A
                #expect(Self.string(Self.quoted(control)) == nil, "a line break at \(place) of \(length)")
                #expect(!Self.skips(Self.quoted(control)))
                var accented = plain
                accented.replaceSubrange(place...place, with: [0xC3, 0xA9])
                #expect(Self.string(Self.quoted(accented)) == String(decoding: accented, as: UTF8.self))
                var broken = plain
                broken[place] = 0xC3
                #expect(Self.string(Self.quoted(broken)) == nil, "a cut sequence at \(place) of \(length)")
                #expect(!Self.skips(Self.quoted(broken)))
                var escaped = plain
                escaped.replaceSubrange(place...place, with: Array(#"\""#.utf8))
                #expect(Self.string(Self.quoted(escaped)) == String(decoding: escaped, as: UTF8.self)
                    .replacingOccurrences(of: "\\\"", with: "\""))
                var ended = plain
                ended[place] = UInt8(ascii: "\"")
                #expect(Self.string(Self.quoted(ended)) == nil, "a quote at \(place) of \(length) leaves bytes after")
            }
        }
    }

    @Test func integersAreReadOnlyWhenPlain() throws {
        let cases: [(String, Int64?)] = [
            ("0", 0), ("-0", 0), ("12", 12), ("-12", -12), ("9223372036854775807", .max),
            ("-9223372036854775808", .min), ("9223372036854775808", nil), ("-9223372036854775809", nil),
            ("012", nil), ("-", nil), ("-a", nil), ("1.5", nil), ("1.0", nil), ("1e3", nil), ("1E3", nil), ("+1", nil),
            ("99999999999999999999", nil),
        ]
        for (text, expected) in cases {
            let read = Array(text.utf8).withUnsafeBytes { bytes -> Int64? in
                var reader = JSONByteReader(bytes)
                guard let value = try? reader.integer(), (try? reader.end()) != nil else { return nil }
                return value
            }
            #expect(read == expected, "\(text)")
            if let read {
                #expect(try JSONDecoder().decode([Int64].self, from: Data("[\(text)]".utf8)) == [read])
            }
        }
    }

    @Test func numbersAreSkippedAndReadAsTextByJSONsGrammar() {
        let valid = ["0", "-0", "12", "1.5", "-0.25", "1e3", "1E-3", "2.5e+10"]
        let invalid = ["012", "-", "1.", ".5", "1e", "1e+", "+1", "00", "-01"]
        for text in valid {
            #expect(Self.skips(Array(text.utf8)), "\(text)")
            let read = Array(text.utf8).withUnsafeBytes { bytes in
                var reader = JSONByteReader(bytes)
                return try? reader.numberText()
            }
            #expect(read == text)
        }
        for text in invalid { #expect(!Self.skips(Array(text.utf8)), "\(text)") }
    }

    @Test func nestingIsReadTo512LevelsAndRefusedPastThem() {
        func nested(_ levels: Int) -> [UInt8] {
            Array(String(repeating: "[{\"a\":", count: levels / 2).utf8) + Array((levels % 2 == 1 ? "[1]" : "1").utf8)
                + Array(String(repeating: "}]", count: levels / 2).utf8)
        }
        // The object around the skipped value is one level, so its value may nest 511 more.
        #expect(Self.skips(nested(511)))
        #expect(!Self.skips(nested(512)))
        #expect(!Self.skips(nested(2000)))
        #expect(Self.skips(Array(#"[[], {}, [{"x": [null, true, false, "s", -1.5e2]}]]"#.utf8)))
        for broken in ["[1,]", "[,1]", #"{"a":1,}"#, #"{"a" 1}"#, #"{"a":}"#, "[1 2]", "[tru]", "[nul]", "{\"\\u0061\":1}"] {
            #expect(!Self.skips(Array(broken.utf8)), "\(broken)")
        }
    }

    @Test func keysAreGivenAsTheirBytesAndRefusedWithEscapesOrBadUTF8() {
        func keys(_ text: [UInt8]) -> [[UInt8]]? {
            text.withUnsafeBytes { bytes in
                var reader = JSONByteReader(bytes)
                var found: [[UInt8]] = []
                do {
                    try reader.beginObject()
                    while let key = try reader.nextKey() {
                        found.append(Array(key))
                        try reader.skipValue()
                    }
                    try reader.end()
                    return found
                } catch {
                    return nil
                }
            }
        }
        #expect(keys(Array(#"{"a":1, "long key of more than eight bytes":2,"é":3}"#.utf8))
            == [Array("a".utf8), Array("long key of more than eight bytes".utf8), Array("é".utf8)])
        #expect(keys(Array(#"{"a\"b":1}"#.utf8)) == nil)
        #expect(keys(Array("{\"a".utf8) + [0xC3] + Array("\":1}".utf8)) == nil)
        #expect(keys(Array("{\"a\tb\":1}".utf8)) == nil)
    }

    @Test func membersAreReadOnceEachAndATwiceWrittenKeyIsRefused() {
        func members(_ text: String) -> [String]? {
            Array(text.utf8).withUnsafeBytes { bytes in
                var reader = JSONByteReader(bytes)
                var found: [String] = []
                do {
                    try reader.forEachMember { (key, reader: inout JSONByteReader) throws(JSONByteReader.Unsupported) in
                        found.append(String(decoding: key, as: UTF8.self))
                        try reader.skipValue()
                    }
                    try reader.end()
                    return found
                } catch {
                    return nil
                }
            }
        }
        #expect(members(#"{"a":1,"ab":{"a":2},"b":[{"a":3}]}"#) == ["a", "ab", "b"])
        #expect(members("{}") == [])
        #expect(members(#"{"a":1,"b":2,"a":3}"#) == nil)
        #expect(members(#"{"long key one":1,"long key one":2}"#) == nil)
        let many = (0..<64).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        #expect(members("{\(many)}")?.count == 64)
        #expect(members("{\(many),\"k64\":64}") == nil, "past 64 members the reader defers")
    }
}

/// A small seeded generator (SplitMix64), so random cases repeat.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
