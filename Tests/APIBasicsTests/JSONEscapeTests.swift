import APIBasics
import Foundation
import Testing

/// `JSONEscape` is the one decoder of JSON's escapes: each escape RFC 8259 has, a
/// surrogate pair as one character, a lone surrogate and a bad escape named for the
/// caller to judge; `unescape` decodes a string's contents as `JSONDecoder` does.
@Suite struct JSONEscapeTests {
    static func read(_ text: String) -> JSONEscape {
        Array(text.utf8).withUnsafeBytes { JSONEscape.read($0, at: 0, end: $0.count) }
    }

    static func unescape(_ text: String, _ policy: JSONEscape.LoneSurrogates) -> Result<String, JSONEscape.Failure> {
        let raw = Array(text.utf8)
        var out = [UInt8](repeating: 0, count: raw.count)
        return raw.withUnsafeBytes { bytes in
            out.withUnsafeMutableBufferPointer { buffer in
                Result { () throws(JSONEscape.Failure) -> Int in
                    try JSONEscape.unescape(bytes, into: buffer.baseAddress, loneSurrogates: policy)
                }
            }
        }.map { String(decoding: out.prefix($0), as: UTF8.self) }
    }

    @Test func eachSimpleEscape() {
        let expected: [(String, Unicode.Scalar)] = [
            (#"\""#, "\""), (#"\\"#, "\\"), (#"\/"#, "/"), (#"\b"#, "\u{08}"), (#"\f"#, "\u{0C}"),
            (#"\n"#, "\n"), (#"\r"#, "\r"), (#"\t"#, "\t"),
        ]
        for (escape, scalar) in expected {
            #expect(Self.read(escape + "tail") == .scalar(scalar, length: 2), "\(escape)")
        }
    }

    @Test func unicodeEscapesAndSurrogatePairs() {
        #expect(Self.read(#"\u00e9"#) == .scalar("é", length: 6))
        #expect(Self.read(#"\u00E9"#) == .scalar("é", length: 6), "hex digits in either case")
        #expect(Self.read(#"\u0000"#) == .scalar("\u{0}", length: 6))
        #expect(Self.read(#"\uD83D\uDE00"#) == .scalar("😀", length: 12), "a pair is one character")
        #expect(Self.read(#"\ud83d\ude00"#) == .scalar("😀", length: 12))
    }

    @Test func loneSurrogatesAreNamedNotGuessed() {
        #expect(Self.read(#"\uD800"#) == .loneSurrogate, "a high surrogate at the end")
        #expect(Self.read(#"\uD800\u0041"#) == .loneSurrogate, "a high surrogate before something else")
        #expect(Self.read(#"\uD800\n"#) == .loneSurrogate)
        #expect(Self.read(#"\uDE00"#) == .loneSurrogate, "a low surrogate alone")
        #expect(Self.read(#"\uDE00\uD83D"#) == .loneSurrogate, "a pair the wrong way round")
    }

    @Test func escapesJSONDoesNotHave() {
        #expect(Self.read(#"\x41"#) == .unknown)
        #expect(Self.read(#"\U00e9"#) == .unknown)
        #expect(Self.read("\\") == .unknown, "a backslash with nothing after it")
        #expect(Self.read(#"\u12G4"#) == .badHex)
        #expect(Self.read(#"\u12"#) == .badHex, "cut short")
        // `end` bounds the read: the same bytes, stopped before the fourth digit.
        let cut = Array(#"\u00e9"#.utf8).withUnsafeBytes { JSONEscape.read($0, at: 0, end: 5) }
        #expect(cut == .badHex)
    }

    @Test func unescapeDecodesAStringsContents() {
        #expect(Self.unescape(#"a\"b\\c\/d\n\u00e9\uD83D\uDE00 e"#, .refuse) == .success("a\"b\\c/d\né😀 e"))
        #expect(Self.unescape("no escapes, é", .refuse) == .success("no escapes, é"))
    }

    @Test func unescapeRefusesOrReplacesALoneSurrogate() {
        #expect(Self.unescape(#"ab\uD800cd"#, .refuse) == .failure(JSONEscape.Failure(offset: 2, escape: .loneSurrogate)))
        #expect(Self.unescape(#"ab\uD800cd"#, .replace) == .success("ab\u{FFFD}cd"))
        #expect(Self.unescape(#"\uD800\u0041"#, .replace) == .success("\u{FFFD}A"), "what follows a lone high surrogate is read apart")
        #expect(Self.unescape(#"\uDE00"#, .replace) == .success("\u{FFFD}"))
    }

    @Test func unescapeNamesTheFirstBadEscapeWhereItIs() {
        #expect(Self.unescape(#"ok \q \x"#, .replace) == .failure(JSONEscape.Failure(offset: 3, escape: .unknown)))
        #expect(Self.unescape(#"\u00e9\u0G00"#, .replace) == .failure(JSONEscape.Failure(offset: 6, escape: .badHex)))
        #expect(Self.unescape("ends with \\", .replace) == .failure(JSONEscape.Failure(offset: 10, escape: .unknown)))
    }

    /// What `JSONDecoder` reads from each string, the decoder reads too, or both refuse it.
    @Test func unescapeAgreesWithJSONDecoder() {
        let contents = [
            #"plain"#, #"\"quoted\""#, #"\\\\"#, #"\/\b\f\n\r\t"#, #"\u0041\u00e9\u65e5\uD83D\uDE00"#, #"\uD83D"#,
            #"\uDE00"#, #"\uD83D\uD83D"#, #"\x"#, #"\u12"#, #"\u12G4"#, #"é \u00E9"#, #"\u0000"#,
        ]
        for text in contents {
            let reference = try? JSONDecoder().decode([String].self, from: Data(("[\"" + text + "\"]").utf8)).first
            let mine = try? Self.unescape(text, .refuse).get()
            #expect(mine == reference, "\(text)")
        }
    }
}
