import APIBasics
import Testing

/// `JSONString.scan` is the one place that ends a JSON string: past escaped quotes and
/// backslashes, whatever the string's length (eight bytes at a time, then byte by byte),
/// and resumed in the next chunk when a body is cut inside a string, even between a
/// backslash and the byte it escapes.
@Suite struct JSONStringScanTests {
    /// The scan of `text` from offset `start`.
    static func scan(_ text: [UInt8], from start: Int = 1) -> JSONStringScan {
        text.withUnsafeBytes { JSONString.scan($0, from: start) }
    }

    @Test func endsAtTheClosingQuoteNotAtAnEscapedOne() {
        let text = Array(#""a\"b\\" tail""#.utf8)
        let scan = Self.scan(text)
        #expect(scan.closed && scan.end == 7)
        #expect(scan.escaped && scan.ascii && !scan.control)
        #expect(Self.scan(Array(#""\\\"" x"#.utf8)) == JSONStringScan(end: 5, closed: true, escaped: true, ascii: true, control: false))
    }

    @Test func reportsWhatItSawAndJudgesNothing() {
        let plain = Self.scan(Array(#""plain""#.utf8))
        #expect(plain == JSONStringScan(end: 6, closed: true, escaped: false, ascii: true, control: false))
        let accented = Self.scan(Array(#""café au lait, a long string""#.utf8))
        #expect(accented.closed && !accented.ascii && !accented.escaped)
        let control = Self.scan(Array("\"tab\there and a long tail\"".utf8))
        #expect(control.closed && control.control, "a raw tab is reported, and the scan goes on to the quote")
        #expect(control.end == 25)
        // An escaped control byte is the escape decoder's to judge, not a raw one.
        #expect(!Self.scan([0x22, 0x5C, 0x09, 0x22]).control)
    }

    /// The quote at every offset from 0 to 40, so that it falls at each place of an
    /// eight-byte word and after it; with an escape before it and without.
    @Test func findsTheQuoteAtEveryOffsetOfAWord() {
        for length in 0...40 {
            let body = [UInt8](repeating: UInt8(ascii: "x"), count: length)
            #expect(Self.scan([0x22] + body + [0x22, 0x22]).end == length + 1, "length \(length)")
            let escaped = [0x22] + body + [0x5C, 0x22] + body + [0x22]
            let scan = Self.scan(escaped)
            #expect(scan.closed && scan.end == 2 * length + 3 && scan.escaped, "length \(length)")
            let control = [0x22] + body + [0x1B] + body + [0x22]
            #expect(Self.scan(control).control, "length \(length)")
        }
    }

    @Test func anUnterminatedStringRunsToTheEnd() {
        let scan = Self.scan(Array(#""never closed \" at all"#.utf8))
        #expect(!scan.closed)
        #expect(scan.end == 23)
        #expect(scan.carry(after: 23) == 0)
        #expect(!Self.scan([0x22]).closed)
        #expect(Self.scan([0x22]).end == 1)
    }

    @Test func aChunkEndingOnABackslashCarriesTheEscapedByte() {
        let first = Array(#""abc\"#.utf8)
        let scan = Self.scan(first)
        #expect(!scan.closed)
        #expect(scan.carry(after: first.count) == 1, "the next chunk's first byte belongs to the escape")
        let next = Array(#""still inside" after"#.utf8)
        let resumed = Self.scan(next, from: scan.carry(after: first.count))
        #expect(resumed.closed && resumed.end == 13, "the escaped quote does not end the string")
        // An empty chunk keeps the carry.
        let empty = [UInt8]().withUnsafeBytes { JSONString.scan($0, from: 1) }
        #expect(!empty.closed && empty.carry(after: 0) == 1)
    }

    /// Cut anywhere, the scan resumed in the second piece ends the string where a scan of the whole does.
    @Test func aStringCutAnywhereEndsWhereTheWholeEnds() {
        let text = Array(#""a \"quoted\" word, a \\ backslash, \u00e9 and é" then more"#.utf8)
        let whole = Self.scan(text)
        #expect(whole.closed)
        for cut in 1...whole.end {
            let head = Self.scan(Array(text[..<cut]))
            if head.closed {
                Issue.record("closed before the cut at \(cut)")
                continue
            }
            let tail = Self.scan(Array(text[cut...]), from: head.carry(after: cut))
            #expect(tail.closed && cut + tail.end == whole.end, "cut at \(cut)")
        }
    }

    @Test func validUTF8IsWhatUnicodeAllows() {
        func valid(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBytes { JSONString.isValidUTF8($0) } }
        #expect(valid(Array("plain é 日本 😀".utf8)))
        #expect(!valid([0xC0, 0x80]), "overlong")
        #expect(!valid([0xED, 0xA0, 0x80]), "a surrogate")
        #expect(!valid([0xF4, 0x90, 0x80, 0x80]), "past U+10FFFF")
        #expect(!valid([0xE2, 0x82]), "cut short")
        #expect(!valid([0xFF]))
    }
}
