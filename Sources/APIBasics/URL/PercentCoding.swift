/// Percent-encoding and -decoding of UTF-8 text (RFC 3986 §2.1), without
/// Foundation proper: `addingPercentEncoding(withAllowedCharacters:)` and
/// `removingPercentEncoding` live there, next to ICU.
public enum PercentCoding {
    /// `text` with every UTF-8 byte that `keep` refuses written as `%XX`
    /// (upper-case hex, as Foundation writes it).
    public static func encode(_ text: String, keeping keep: (UInt8) -> Bool) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if keep(byte) {
                out.append(byte)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `text` with every `%XX` turned back into its byte; nil, as Foundation's
    /// `removingPercentEncoding` gives, when a `%` is not followed by two hex
    /// digits or the bytes are not UTF-8.
    public static func decode(_ text: some StringProtocol) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                out.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return nil
            }
            out.append(high << 4 | low)
        }
        return String(validating: out, as: UTF8.self)
    }

    /// The unreserved characters of RFC 3986 §2.3: `A–Z a–z 0–9 - . _ ~`.
    public static func isUnreserved(_ byte: UInt8) -> Bool {
        isASCIIAlphanumeric(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
    }

    /// Foundation's `CharacterSet.urlPathAllowed`: the unreserved characters and
    /// `! $ & ' ( ) * + , / : ; = @`.
    public static func isPathAllowed(_ byte: UInt8) -> Bool {
        isUnreserved(byte) || Array("!$&'()*+,/:;=@".utf8).contains(byte)
    }

    private static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return false
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        default: return nil
        }
    }
}
