#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Strings for ``JSONByteReader``: found eight bytes at a time, checked as UTF-8 once,
/// made into a `String` with no intermediate copy, and unescaped only when they hold a
/// backslash.
///
/// Why not `String(validating:as:)`: on Linux its UTF-8 check runs unspecialised, and
/// looking up the generic metadata it needs cost two thirds of its instructions, a
/// third of reading a doc. A skipped value is scanned and checked the same way but
/// never made into a `String`.
extension JSONByteReader {
    /// Where a string's contents end (its closing quote), and what they hold.
    @usableFromInline struct ScannedString {
        @usableFromInline var end: Int
        /// A backslash was seen: the escapes are decoded (and checked) separately.
        @usableFromInline var escaped: Bool
        /// Every byte is below 0x80: valid UTF-8 without a check.
        @usableFromInline var ascii: Bool

        @inlinable init(end: Int, escaped: Bool, ascii: Bool) {
            self.end = end
            self.escaped = escaped
            self.ascii = ascii
        }
    }

    /// From just after an opening quote at `start`: the closing quote, found eight
    /// bytes at a time; a control byte before it, or no closing quote, is ``Unsupported``.
    @inlinable static func scanString(_ bytes: UnsafeRawBufferPointer, from start: Int) throws(Unsupported)
        -> ScannedString
    {
        guard let base = bytes.baseAddress else { throw Unsupported() }
        let count = bytes.count
        var at = start
        var escaped = false
        var ascii = true
        while true {
            // The next byte that is a quote, a backslash, a control byte or (until one
            // is seen) a non-ASCII byte.
            while at + 8 <= count {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: at, as: UInt64.self))
                let hits = specialBytes(word, nonASCII: ascii)
                if hits != 0 {
                    at += hits.trailingZeroBitCount >> 3
                    break
                }
                at += 8
            }
            while at < count {
                let byte = bytes[at]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || (ascii && byte >= 0x80) {
                    break
                }
                at += 1
            }
            guard at < count else { throw Unsupported() }
            switch bytes[at] {
            case UInt8(ascii: "\""): return ScannedString(end: at, escaped: escaped, ascii: ascii)
            case UInt8(ascii: "\\"):
                escaped = true
                at += 2
            case 0x80...: // the first non-ASCII byte; checked as UTF-8 with the rest at the end
                ascii = false
                at += 1
            default: throw Unsupported()  // a control byte
            }
        }
    }

    /// The offset of the first `"` or `\` at or after `start`, or the end, found eight
    /// bytes at a time: how ``JSONArrayStream`` runs through a string it only splits.
    @inlinable static func quoteOrBackslash(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return bytes.count }
        let count = bytes.count
        var at = start
        while at + 8 <= count {
            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: at, as: UInt64.self))
            let hits = quoteOrBackslashBytes(word)
            if hits != 0 { return at + hits.trailingZeroBitCount >> 3 }
            at += 8
        }
        while at < count, bytes[at] != UInt8(ascii: "\""), bytes[at] != UInt8(ascii: "\\") { at += 1 }
        return at
    }

    /// The high bit of each byte of `word` that is `"` or `\` (the lowest one exact).
    @inlinable static func quoteOrBackslashBytes(_ word: UInt64) -> UInt64 {
        bytes(of: word, equalTo: 0x22) | bytes(of: word, equalTo: 0x5C)
    }

    /// The high bit of each byte of `word` that is `byte` (the lowest one exact; a
    /// borrow may flag bytes above it). ``JSONStringText`` finds DEL with it too.
    @inlinable static func bytes(of word: UInt64, equalTo byte: UInt8) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let matched = word ^ (ones &* UInt64(byte))
        return (matched &- ones) & ~matched & 0x8080_8080_8080_8080
    }

    /// A mask with the high bit set in the lowest byte of `word` that is `"`, `\`,
    /// below 0x20 or (when `nonASCII`) 0x80 or above. Bytes above that one may be
    /// flagged falsely (a borrow), which is why only the lowest is used.
    @inlinable static func specialBytes(_ word: UInt64, nonASCII: Bool) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var hits = quoteOrBackslashBytes(word) | ((word &- ones &* 0x20) & ~word & highs)
        if nonASCII { hits |= word & highs }
        return hits
    }

    /// The string whose raw contents (between the quotes) are `raw`, as `scan` found them.
    @inlinable static func makeString(_ raw: UnsafeRawBufferPointer, _ scan: ScannedString) throws(Unsupported)
        -> String
    {
        guard scan.ascii || isValidUTF8(raw) else { throw Unsupported() }
        if !scan.escaped { return String(decoding: raw, as: UTF8.self) }
        // Escapes only shorten a string (`\u00e9` is 6 bytes for 2), so its raw length is enough room.
        var failed = false
        let text = String(unsafeUninitializedCapacity: raw.count) { buffer -> Int in
            guard let out = buffer.baseAddress, let written = try? unescape(raw, into: out) else {
                failed = true
                return 0
            }
            return written
        }
        if failed { throw Unsupported() }
        return text
    }

    /// Checks a skipped string's raw contents as ``makeString(_:_:)`` would, without making it.
    @inlinable static func checkString(_ raw: UnsafeRawBufferPointer, _ scan: ScannedString) throws(Unsupported) {
        guard scan.ascii || isValidUTF8(raw) else { throw Unsupported() }
        if scan.escaped { _ = try unescape(raw, into: nil) }
    }

    /// Whether `bytes` are well-formed UTF-8 (Unicode's table 3-7: no overlong forms,
    /// no surrogates, nothing past U+10FFFF, no sequence cut short).
    @usableFromInline static func isValidUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let count = bytes.count
        var at = 0
        while at < count {
            let lead = bytes[at]
            if lead < 0x80 {
                at += 1
                continue
            }
            func continuation(_ offset: Int) -> Bool { bytes[at + offset] & 0xC0 == 0x80 }
            switch lead {
            case 0xC2...0xDF:
                guard at + 1 < count, continuation(1) else { return false }
                at += 2
            case 0xE0...0xEF:
                guard at + 2 < count else { return false }
                let second = bytes[at + 1]
                let low: UInt8 = lead == 0xE0 ? 0xA0 : 0x80
                let high: UInt8 = lead == 0xED ? 0x9F : 0xBF
                guard second >= low, second <= high, continuation(2) else { return false }
                at += 3
            case 0xF0...0xF4:
                guard at + 3 < count else { return false }
                let second = bytes[at + 1]
                let low: UInt8 = lead == 0xF0 ? 0x90 : 0x80
                let high: UInt8 = lead == 0xF4 ? 0x8F : 0xBF
                guard second >= low, second <= high, continuation(2), continuation(3) else { return false }
                at += 4
            default: return false
            }
        }
        return true
    }

    /// Decodes the escapes of a string's raw contents (already valid UTF-8) into `out`
    /// when given, and answers how many bytes that is; a bad escape or a lone
    /// surrogate is ``Unsupported``.
    @usableFromInline static func unescape(_ raw: UnsafeRawBufferPointer, into out: UnsafeMutablePointer<UInt8>?)
        throws(Unsupported) -> Int
    {
        var written = 0
        func put(_ byte: UInt8) {
            out?[written] = byte
            written += 1
        }
        var at = 0
        while at < raw.count {
            let byte = raw[at]
            guard byte == UInt8(ascii: "\\") else {
                put(byte)
                at += 1
                continue
            }
            guard at + 1 < raw.count else { throw Unsupported() }
            switch raw[at + 1] {
            case UInt8(ascii: "\""): put(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): put(UInt8(ascii: "\\"))
            case UInt8(ascii: "/"): put(UInt8(ascii: "/"))
            case UInt8(ascii: "b"): put(0x08)
            case UInt8(ascii: "f"): put(0x0C)
            case UInt8(ascii: "n"): put(0x0A)
            case UInt8(ascii: "r"): put(0x0D)
            case UInt8(ascii: "t"): put(0x09)
            case UInt8(ascii: "u"):
                var unit = try codeUnit(raw, at + 2)
                at += 6
                if (0xD800..<0xDC00).contains(unit) {
                    guard at + 1 < raw.count, raw[at] == UInt8(ascii: "\\"), raw[at + 1] == UInt8(ascii: "u") else {
                        throw Unsupported()
                    }
                    let low = try codeUnit(raw, at + 2)
                    guard (0xDC00..<0xE000).contains(low) else { throw Unsupported() }
                    unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    at += 6
                }
                guard Unicode.Scalar(unit) != nil else { throw Unsupported() }  // a lone low surrogate
                if unit < 0x80 {
                    put(UInt8(unit))
                } else if unit < 0x800 {
                    put(0xC0 | UInt8(unit >> 6))
                    put(0x80 | UInt8(unit & 0x3F))
                } else if unit < 0x10000 {
                    put(0xE0 | UInt8(unit >> 12))
                    put(0x80 | UInt8(unit >> 6 & 0x3F))
                    put(0x80 | UInt8(unit & 0x3F))
                } else {
                    put(0xF0 | UInt8(unit >> 18))
                    put(0x80 | UInt8(unit >> 12 & 0x3F))
                    put(0x80 | UInt8(unit >> 6 & 0x3F))
                    put(0x80 | UInt8(unit & 0x3F))
                }
                continue
            default: throw Unsupported()
            }
            at += 2
        }
        return written
    }

    /// The four hex digits at `at` of `raw`, as a UTF-16 code unit.
    @usableFromInline static func codeUnit(_ raw: UnsafeRawBufferPointer, _ at: Int) throws(Unsupported) -> UInt32 {
        guard at + 4 <= raw.count else { throw Unsupported() }
        var value: UInt32 = 0
        for offset in at..<(at + 4) {
            let byte = raw[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw Unsupported()
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
