/// Reads part of a body the way a JSON decoder and a URL decoder would: JSON escapes
/// (`\u0045`, `\/`, `\n`, surrogate pairs) decoded, and then `%XX`, each decoded byte
/// remembering the source bytes it came from, so that ``SecretScrubber`` can find a key
/// written with escapes and replace exactly the bytes that spelled it.
enum EscapeDecoder {
    /// Decoded bytes, each with the source range `starts[i]..<ends[i]` it was read from.
    struct Decoded {
        var bytes: [UInt8] = []
        var starts: [Int] = []
        var ends: [Int] = []

        mutating func append(_ byte: UInt8, _ start: Int, _ end: Int) {
            bytes.append(byte)
            starts.append(start)
            ends.append(end)
        }
    }

    /// How far from an escape a match through it may start or end: each decoded byte
    /// takes at most 18 source bytes (`\u0025\u0034\u0035` is `%45` is `E`), plus one
    /// escape's worth for a window that starts inside one.
    static func reach(_ longest: Int) -> Int { 18 * longest + 12 }

    /// The window with JSON escapes decoded, and that text with `%XX` decoded too.
    static func decode(_ bytes: UnsafeRawBufferPointer, window: Range<Int>) -> [Decoded] {
        let json = unescapeJSON(bytes, window)
        return [json, unescapePercent(json)]
    }

    /// Whether the escape at `offset` (a `\` or a `%`) decodes to a byte in `wanted`,
    /// or to `%` (which may start a percent escape of one).
    static func mayDecode(at offset: Int, in bytes: UnsafeRawBufferPointer, toOneOf wanted: [Bool]) -> Bool {
        guard offset + 1 < bytes.count else { return false }
        if bytes[offset] == UInt8(ascii: "%") {
            guard offset + 2 < bytes.count, let high = hex(bytes[offset + 1]), let low = hex(bytes[offset + 2]) else {
                return false
            }
            let byte = high << 4 | low
            return wanted[Int(byte)] || byte == UInt8(ascii: "%")
        }
        var one = Decoded()
        let length = escape(bytes, at: offset, end: bytes.count, into: &one)
        guard length > 1 else { return false }
        return one.bytes.contains { wanted[Int($0)] || $0 == UInt8(ascii: "%") }
    }

    private static func unescapeJSON(_ bytes: UnsafeRawBufferPointer, _ window: Range<Int>) -> Decoded {
        var out = Decoded()
        var at = window.lowerBound
        while at < window.upperBound {
            if bytes[at] == UInt8(ascii: "\\") {
                let length = escape(bytes, at: at, end: window.upperBound, into: &out)
                if length > 1 {
                    at += length
                    continue
                }
            }
            out.append(bytes[at], at, at + 1)
            at += 1
        }
        return out
    }

    private static func unescapePercent(_ text: Decoded) -> Decoded {
        var out = Decoded()
        var at = 0
        let bytes = text.bytes
        while at < bytes.count {
            if bytes[at] == UInt8(ascii: "%"), at + 2 < bytes.count, let high = hex(bytes[at + 1]),
                let low = hex(bytes[at + 2]) {
                out.append(high << 4 | low, text.starts[at], text.ends[at + 2])
                at += 3
            } else {
                out.append(bytes[at], text.starts[at], text.ends[at])
                at += 1
            }
        }
        return out
    }

    /// Decodes the JSON escape at `at` (its `\`) into `out`; returns its length in
    /// source bytes, or 1 when it is not one (the `\` then stands for itself).
    @discardableResult
    static func escape(_ bytes: UnsafeRawBufferPointer, at: Int, end: Int, into out: inout Decoded) -> Int {
        guard at + 1 < end else { return 1 }
        let simple: UInt8?
        switch bytes[at + 1] {
        case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): simple = nil
        default: return 1
        }
        if let simple {
            out.append(simple, at, at + 2)
            return 2
        }
        guard var unit = codeUnit(bytes, at: at, end: end) else { return 1 }
        var length = 6
        if (0xD800..<0xDC00).contains(unit), let low = codeUnit(bytes, at: at + 6, end: end),
            (0xDC00..<0xE000).contains(low) {
            unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            length = 12
        }
        let scalar = Unicode.Scalar(unit) ?? "\u{FFFD}"
        for byte in String(Character(scalar)).utf8 { out.append(byte, at, at + length) }
        return length
    }

    /// The value of `\uXXXX` at `at`, or nil.
    private static func codeUnit(_ bytes: UnsafeRawBufferPointer, at: Int, end: Int) -> UInt32? {
        guard at + 6 <= end, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u") else { return nil }
        var value: UInt32 = 0
        for offset in 2..<6 {
            guard let digit = hex(bytes[at + offset]) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
