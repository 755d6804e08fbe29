/// The one scan of a JSON string's bytes in apicli: from just after its opening quote
/// to its closing quote, a backslash always taking the byte after it, eight bytes at a
/// time. Every JSON reader finds its strings' ends here — the strict record reader
/// (`JSONByteReader`), the answer tree (`JSONValue`), the document tree with lines
/// (`JSONDocumentReader`), the array splitters, the lenient repair and the indenter —
/// so that none can end a string where another would not.
///
/// The scan judges nothing: it reports what it saw (an escape, a non-ASCII byte, a
/// control byte) and each reader applies its own rule. Escapes are decoded by
/// ``JSONEscape``, once the string's end is known.
///
///     let scan = JSONString.scan(bytes, from: quote + 1)
///     guard scan.closed, !scan.control else { … }   // a strict reader
///     let contents = bytes[(quote + 1)..<scan.end]
///
/// A string that continues into the next chunk of a body is scanned on from
/// ``JSONStringScan/carry`` in that chunk: nothing else needs to be kept.
public enum JSONString {
    /// From `start` (just after an opening quote, or where a scan of an earlier chunk
    /// said to go on) to the closing quote, or to the end of `bytes`.
    @inlinable public static func scan(_ bytes: UnsafeRawBufferPointer, from start: Int) -> JSONStringScan {
        let count = bytes.count
        var at = start
        var escaped = false
        var ascii = true
        var control = false
        while true {
            // The next byte that is a quote, a backslash, a control byte or (until one
            // is seen) a non-ASCII byte.
            if let base = bytes.baseAddress {
                while at + 8 <= count {
                    let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: at, as: UInt64.self))
                    let hits = specialBytes(word, nonASCII: ascii)
                    if hits != 0 {
                        at += hits.trailingZeroBitCount >> 3
                        break
                    }
                    at += 8
                }
            }
            while at < count {
                let byte = bytes[at]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || (ascii && byte >= 0x80) {
                    break
                }
                at += 1
            }
            guard at < count else {
                return JSONStringScan(end: at, closed: false, escaped: escaped, ascii: ascii, control: control)
            }
            switch bytes[at] {
            case UInt8(ascii: "\""):
                return JSONStringScan(end: at, closed: true, escaped: escaped, ascii: ascii, control: control)
            case UInt8(ascii: "\\"):
                escaped = true
                at += 2
            case 0x80...:  // the first non-ASCII byte; a reader that needs UTF-8 checks the contents itself
                ascii = false
                at += 1
            default:
                control = true
                at += 1
            }
        }
    }

    /// The high bit of each byte of `word` that is `byte` (the lowest one exact; a
    /// borrow may flag bytes above it).
    @inlinable public static func bytes(of word: UInt64, equalTo byte: UInt8) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let matched = word ^ (ones &* UInt64(byte))
        return (matched &- ones) & ~matched & 0x8080_8080_8080_8080
    }

    /// A mask with the high bit set in the lowest byte of `word` that is `"`, `\`,
    /// below 0x20 or (when `nonASCII`) 0x80 or above. Bytes above that one may be
    /// flagged falsely (a borrow), which is why only the lowest is used. The output
    /// writers find the bytes they must escape with it too.
    @inlinable public static func specialBytes(_ word: UInt64, nonASCII: Bool) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var hits = bytes(of: word, equalTo: 0x22) | bytes(of: word, equalTo: 0x5C) | ((word &- ones &* 0x20) & ~word & highs)
        if nonASCII { hits |= word & highs }
        return hits
    }

    /// Whether `bytes` are well-formed UTF-8 (Unicode's table 3-7: no overlong forms,
    /// no surrogates, nothing past U+10FFFF, no sequence cut short): what a reader
    /// checks of a string whose scan saw a non-ASCII byte.
    public static func isValidUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool {
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
}

/// What ``JSONString/scan(_:from:)`` found.
public struct JSONStringScan: Sendable, Equatable {
    /// The offset of the closing quote when ``closed``; else where the scan stopped:
    /// the end of the bytes, or one past it when their last byte began an escape.
    public var end: Int
    /// The closing quote was found.
    public var closed: Bool
    /// A backslash was seen: the contents hold escapes for ``JSONEscape`` to decode.
    public var escaped: Bool
    /// Every byte was below 0x80, so the contents are UTF-8 without a check.
    public var ascii: Bool
    /// A control byte (below 0x20) stands unescaped in the contents, which JSON forbids.
    public var control: Bool

    @inlinable public init(end: Int, closed: Bool, escaped: Bool, ascii: Bool, control: Bool) {
        self.end = end
        self.closed = closed
        self.escaped = escaped
        self.ascii = ascii
        self.control = control
    }

    /// For a string not closed in a chunk of `count` bytes: where the scan goes on in
    /// the next chunk (1 when the chunk ended on a backslash, whose escaped byte comes first).
    @inlinable public func carry(after count: Int) -> Int { end - count }
}
