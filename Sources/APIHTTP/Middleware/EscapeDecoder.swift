import APIBasics

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

    /// Decodes the JSON escape at `at` (its `\`) into `out`, as the one escape decoder
    /// (`JSONEscape`) reads it, a lone surrogate as U+FFFD; returns its length in source
    /// bytes, or 1 when it is not one (the `\` then stands for itself).
    @discardableResult
    static func escape(_ bytes: UnsafeRawBufferPointer, at: Int, end: Int, into out: inout Decoded) -> Int {
        let scalar: Unicode.Scalar
        let length: Int
        switch JSONEscape.read(bytes, at: at, end: end) {
        case let .scalar(character, count):
            (scalar, length) = (character, count)
        case .loneSurrogate:
            (scalar, length) = ("\u{FFFD}", 6)
        case .unknown, .badHex:
            return 1
        }
        for byte in String(Character(scalar)).utf8 { out.append(byte, at, at + length) }
        return length
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
