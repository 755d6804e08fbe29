import APIBasics

/// Finding, eight bytes at a time, the next byte of output text that a writer must
/// look at: a control byte, DEL or a non-ASCII byte, and for JSON also `"` and `\`.
///
/// Almost all text an API sends is plain ASCII, so the JSON string writer and the
/// terminal/CSV cleaner's "anything to clean?" test spent most of their time
/// testing bytes one by one that needed nothing. The masks are the string scan's
/// (`JSONString.specialBytes(_:nonASCII:)`); only the lowest hit of a word is
/// exact, which is the one used.
enum OutputByteScan {
    /// The offset of the first byte at or after `start` that is below 0x20, DEL, 0x80
    /// or above, or (with `quotes`) `"` or `\`; the end if there is none.
    @inline(__always)
    static func next(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, quotes: Bool) -> Int {
        let count = bytes.count
        var at = start
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            let highs: UInt64 = 0x8080_8080_8080_8080
            let ones: UInt64 = 0x0101_0101_0101_0101
            while at + 8 <= count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self))
                var hits = JSONString.bytes(of: word, equalTo: 0x7F)
                if quotes {
                    hits |= JSONString.specialBytes(word, nonASCII: true)
                } else {
                    hits |= ((word &- ones &* 0x20) & ~word & highs) | (word & highs)
                }
                if hits != 0 { return at + hits.trailingZeroBitCount >> 3 }
                at += 8
            }
        }
        while at < count {
            let byte = bytes[at]
            if byte < 0x20 || byte >= 0x7F { return at }
            if quotes, byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return at }
            at += 1
        }
        return count
    }

    /// The offset after the continuation bytes (`10xxxxxx`) that follow `index`: the
    /// rest of a character written as itself, stepped over without another look.
    @inline(__always)
    static func afterCharacter(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        var at = index + 1
        while at < bytes.count, bytes[at] & 0xC0 == 0x80 { at += 1 }
        return at
    }
}
