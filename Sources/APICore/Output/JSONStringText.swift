/// A JSON string literal written from a string's UTF-8 bytes.
///
/// Runs of plain text are copied whole and only the scalars that need it are
/// escaped: `"`, `\`, the C0 controls and DEL, and — so that JSON printed straight
/// to a terminal cannot drive it — C1 (U+0080…009F), the JavaScript line
/// separators (U+2028, U+2029), the bidi controls (U+202A…202E, U+2066…2069) and
/// the direction marks (U+200E, U+200F, U+061C), the set ``TerminalSanitizer``
/// removes. The decoded value is unchanged, so the document stays exact. In UTF-8,
/// C1 is `C2 80…9F`, U+061C is `D8 9C`, and the others are `E2 80 8E…8F`,
/// `E2 80 A8…AE` and `E2 81 A6…A9`, so the bytes are enough to find them.
enum JSONStringText {
    static func write(_ value: String, to out: inout TextBuffer) {
        // A native string's bytes are read in place (no copy of the string to make
        // `withUTF8` mutable, which cost a retain and a release per value).
        if value.utf8.withContiguousStorageIfAvailable({ write(utf8: $0, to: &out) }) != nil { return }
        var value = value
        value.withUTF8 { write(utf8: $0, to: &out) }
    }

    static func write(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout TextBuffer) {
        let count = bytes.count
        var index = OutputByteScan.next(in: bytes, from: 0, quotes: true)
        guard index < count else {
            out.append(quoted: bytes)  // nothing to escape, nor to step over
            return
        }
        out.append(ascii: UInt8(ascii: "\""))
        var runStart = 0
        while index < count {
            let byte = bytes[index]
            if byte < 0x80 {
                flushRun(bytes, runStart, index, to: &out)
                asciiEscape(byte, to: &out)
                index += 1
                runStart = index
            } else if case let length = escapedLength(bytes, at: index), length > 0 {
                flushRun(bytes, runStart, index, to: &out)
                unicodeEscape(scalarValue(bytes, at: index, length: length), to: &out)
                index += length
                runStart = index
            } else {
                index = OutputByteScan.afterCharacter(in: bytes, at: index)
            }
            index = OutputByteScan.next(in: bytes, from: index, quotes: true)
        }
        flushRun(bytes, runStart, count, to: &out)
        out.append(ascii: UInt8(ascii: "\""))
    }

    /// How many bytes the escaped scalar starting at `index` takes (2 or 3), or 0
    /// when the character there is written as itself.
    private static func escapedLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let byte = bytes[index]
        if byte == 0xC2 {
            return index + 1 < bytes.count && bytes[index + 1] <= 0x9F ? 2 : 0
        }
        if byte == 0xD8 {
            return index + 1 < bytes.count && bytes[index + 1] == 0x9C ? 2 : 0
        }
        guard byte == 0xE2, index + 2 < bytes.count else { return 0 }
        let second = bytes[index + 1]
        let third = bytes[index + 2]
        if second == 0x80 && (third == 0x8E || third == 0x8F || (0xA8...0xAE).contains(third)) { return 3 }
        if second == 0x81 && (0xA6...0xA9).contains(third) { return 3 }
        return 0
    }

    private static func scalarValue(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, length: Int) -> UInt32 {
        if length == 2 { return UInt32(bytes[index] & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F) }
        return UInt32(bytes[index] & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
    }

    private static func flushRun(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, to out: inout TextBuffer) {
        guard start < end else { return }
        out.append(utf8: UnsafeBufferPointer(rebasing: bytes[start..<end]))
    }

    /// `\"`, `\\`, `\n`, `\r`, `\t`, `\b`, `\f`, else `\u00XX`.
    private static func asciiEscape(_ byte: UInt8, to out: inout TextBuffer) {
        switch byte {
        case 0x22: out.append("\\\"" as StaticString)
        case 0x5C: out.append("\\\\" as StaticString)
        case 0x0A: out.append("\\n" as StaticString)
        case 0x0D: out.append("\\r" as StaticString)
        case 0x09: out.append("\\t" as StaticString)
        case 0x08: out.append("\\b" as StaticString)
        case 0x0C: out.append("\\f" as StaticString)
        default: unicodeEscape(UInt32(byte), to: &out)
        }
    }

    /// `\u` and four lowercase hex digits.
    private static func unicodeEscape(_ value: UInt32, to out: inout TextBuffer) {
        let digits: StaticString = "0123456789abcdef"
        out.append("\\u" as StaticString)
        digits.withUTF8Buffer { hex in
            for shift in stride(from: 12, through: 0, by: -4) {
                out.append(ascii: hex[Int((value >> UInt32(shift)) & 0xF)])
            }
        }
    }
}
