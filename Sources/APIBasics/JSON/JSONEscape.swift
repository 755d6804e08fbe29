/// The one decoder of JSON's string escapes in apicli (RFC 8259 §7): `\"`, `\\`, `\/`,
/// `\b`, `\f`, `\n`, `\r`, `\t` and `\uXXXX`, a UTF-16 surrogate pair written as two.
///
/// It says what one escape stands for and leaves the judgement to its caller: a
/// strict reader refuses a lone surrogate, the document reader and the key scrubber
/// read it as U+FFFD, and the scrubber reads an escape JSON does not have as a
/// backslash standing for itself. ``unescape(_:into:loneSurrogates:)`` decodes a whole
/// string's contents with it.
///
///     JSONEscape.read(bytes, at: backslash, end: bytes.count)   // .scalar("é", length: 6) for \u00e9
public enum JSONEscape: Sendable, Equatable {
    /// A character, written in `length` bytes (2, 6, or 12 for a surrogate pair).
    case scalar(Unicode.Scalar, length: Int)
    /// `\uD800`–`\uDFFF` not in a pair (a high surrogate not followed by a low one's
    /// escape, or a low one alone): no character. Its own 6 bytes; what follows is read apart.
    case loneSurrogate
    /// A backslash followed by a byte JSON gives no meaning, or by nothing.
    case unknown
    /// `\u` not followed by four hex digits.
    case badHex

    /// The escape whose backslash is at `at`, reading no byte at or past `end`.
    @inlinable public static func read(_ bytes: UnsafeRawBufferPointer, at: Int, end: Int) -> JSONEscape {
        guard at + 1 < end else { return .unknown }
        let simple: Unicode.Scalar
        switch bytes[at + 1] {
        case UInt8(ascii: "\""): simple = "\""
        case UInt8(ascii: "\\"): simple = "\\"
        case UInt8(ascii: "/"): simple = "/"
        case UInt8(ascii: "b"): simple = "\u{08}"
        case UInt8(ascii: "f"): simple = "\u{0C}"
        case UInt8(ascii: "n"): simple = "\n"
        case UInt8(ascii: "r"): simple = "\r"
        case UInt8(ascii: "t"): simple = "\t"
        case UInt8(ascii: "u"):
            guard let unit = codeUnit(bytes, at + 2, end) else { return .badHex }
            if (0xD800..<0xDC00).contains(unit), at + 7 < end, bytes[at + 6] == UInt8(ascii: "\\"),
                bytes[at + 7] == UInt8(ascii: "u"), let low = codeUnit(bytes, at + 8, end), (0xDC00..<0xE000).contains(low),
                let pair = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
            {
                return .scalar(pair, length: 12)
            }
            guard let scalar = Unicode.Scalar(unit) else { return .loneSurrogate }
            return .scalar(scalar, length: 6)
        default: return .unknown
        }
        return .scalar(simple, length: 2)
    }

    /// The four hex digits at `at`, as a UTF-16 code unit; nil when they are not four
    /// hex digits before `end`.
    @inlinable static func codeUnit(_ bytes: UnsafeRawBufferPointer, _ at: Int, _ end: Int) -> UInt32? {
        guard at + 4 <= end else { return nil }
        var value: UInt32 = 0
        for offset in at..<(at + 4) {
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}

extension JSONEscape {
    /// What a string's lone surrogate (``loneSurrogate``) becomes.
    public enum LoneSurrogates: Sendable {
        /// A failure, as `JSONDecoder` has it: the record or answer is read some other way, or refused.
        case refuse
        /// U+FFFD, so that a document stays readable.
        case replace
    }

    /// An escape ``unescape(_:into:loneSurrogates:)`` could not decode.
    public struct Failure: Error, Sendable, Equatable {
        /// Where the escape's backslash is in the contents.
        public var offset: Int
        /// What is wrong with it: ``unknown``, ``badHex`` or ``loneSurrogate``.
        public var escape: JSONEscape

        public init(offset: Int, escape: JSONEscape) {
            self.offset = offset
            self.escape = escape
        }
    }

    /// Writes the UTF-8 that a string's contents `raw` (between the quotes, valid UTF-8)
    /// stand for to `out`, when given, and answers how many bytes that is. Escapes only
    /// shorten a string (`\u00e9` is 6 bytes for 2), so `raw.count` bytes of room are enough.
    public static func unescape(
        _ raw: UnsafeRawBufferPointer, into out: UnsafeMutablePointer<UInt8>?, loneSurrogates: LoneSurrogates
    ) throws(Failure) -> Int {
        var written = 0
        var at = 0
        let count = raw.count
        while at < count {
            let byte = raw[at]
            guard byte == UInt8(ascii: "\\") else {
                out?[written] = byte
                written += 1
                at += 1
                continue
            }
            let scalar: Unicode.Scalar
            switch read(raw, at: at, end: count) {
            case let .scalar(character, length):
                scalar = character
                at += length
            case .loneSurrogate where loneSurrogates == .replace:
                scalar = "\u{FFFD}"
                at += 6
            case let problem:
                throw Failure(offset: at, escape: problem)
            }
            let value = scalar.value
            if value < 0x80 {
                out?[written] = UInt8(value)
                written += 1
            } else if value < 0x800 {
                out?[written] = 0xC0 | UInt8(value >> 6)
                out?[written + 1] = 0x80 | UInt8(value & 0x3F)
                written += 2
            } else if value < 0x10000 {
                out?[written] = 0xE0 | UInt8(value >> 12)
                out?[written + 1] = 0x80 | UInt8(value >> 6 & 0x3F)
                out?[written + 2] = 0x80 | UInt8(value & 0x3F)
                written += 3
            } else {
                out?[written] = 0xF0 | UInt8(value >> 18)
                out?[written + 1] = 0x80 | UInt8(value >> 12 & 0x3F)
                out?[written + 2] = 0x80 | UInt8(value >> 6 & 0x3F)
                out?[written + 3] = 0x80 | UInt8(value & 0x3F)
                written += 4
            }
        }
        return written
    }
}
