import APIBasics

/// Percent-encoding of query components and of words that fill a path segment.
///
/// Foundation's `URLComponents` leaves `+`, `&`, `=` and `;` alone in query values,
/// which servers then read as a space or a separator. Escaping everything outside
/// RFC 3986's unreserved set makes `c++ & rust` arrive as exactly that text.
public enum PercentEncoding {
    /// Encodes one component: only `A–Z a–z 0–9 - . _ ~` stay as they are.
    public static func encode(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + hexDigits[Int(byte >> 4)] + hexDigits[Int(byte & 0x0F)]
            }
        }
        return out
    }

    /// Encodes `text` to fill one path segment: as ``encode(_:)`` (so `/` is `%2F`), and a
    /// segment that would be `.` or `..` has its dots written `%2E`.
    ///
    /// libcurl (as RFC 3986 asks of a client) removes dot segments before it sends a
    /// path, so `/items/{word}` filled with `..` would be sent as `/` — with the key. Every
    /// place that fills a path segment calls this, so a word can never leave the path.
    public static func pathSegment(_ text: String) -> String {
        guard text == "." || text == ".." else { return encode(text) }
        return String(repeating: "%2E", count: text.count)
    }

    /// `name=value&name=value`, each side encoded.
    public static func formQuery(_ items: [QueryItem]) -> String {
        items.map { encode($0.name) + "=" + encode($0.value) }.joined(with: "&")
    }

    private static let hexDigits = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F"]

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }
}
