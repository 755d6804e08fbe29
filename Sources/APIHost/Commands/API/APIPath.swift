/// The PATH of `apicli api PROVIDER PATH`, checked so that it can only name a
/// resource under the provider's base URL: the key goes with the request, so a
/// path must never be able to send it elsewhere.
///
/// Refused, as usage errors: a URL (`https://…`, `mailto:`), a second host
/// (`//evil.example/…`), a dot segment that climbs out of the base path (`..`,
/// also `%2e%2e`), an encoded slash or backslash (`%2F`, which servers may
/// decode into a climb), an empty segment, a fragment and control characters.
/// What remains is percent-encoded where it must be (a space, `é`), and a query
/// after `?` becomes parameters like those of `-q`.
///
///     try APIPath("svc/topstories/v2/home.json")   // path "/svc/topstories/v2/home.json"
///     try APIPath("/search?q=c++ rust")            // query [q: "c++ rust"]
struct APIPath: Equatable {
    /// Starts with `/`; every byte outside RFC 3986's path characters escaped.
    let path: String
    /// The parameters written after `?`, decoded.
    let query: [QueryItem]

    init(_ text: String) throws(UsageError) {
        guard !text.isEmpty else { throw UsageError("give the API path, such as /svc/topstories/v2/home.json") }
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw Self.refused(text, "it holds a control character")
        }
        // Every mark is looked for by its bytes, as curl and the server will read them:
        // `#\u{301}` is one character, but its `#` still starts a fragment.
        if text.containsLiteral("#") { throw Self.refused(text, "a fragment (#…) is never sent to a server") }
        if text.containsLiteral("\\") { throw Self.refused(text, "it holds a backslash") }
        if text.startsWithLiteral("//") { throw Self.refused(text, "'//' would name another host") }
        let (pathPart, queryPart) = text.cut(atFirst: "?") ?? (Substring(text), nil)
        if !pathPart.startsWithLiteral("/"), let firstSegment = pathPart.pieces(between: "/", omittingEmpty: true).first,
           firstSegment.containsLiteral(":") {
            throw Self.refused(text, "it is a URL; give the path under the provider's base URL")
        }
        var segments = pathPart.pieces(between: "/").map(String.init)
        if pathPart.startsWithLiteral("/") { segments.removeFirst() }
        var encoded: [String] = []
        for (index, segment) in segments.enumerated() {
            if segment.isEmpty {
                // A trailing slash is part of some APIs' paths; `a//b` is not.
                guard index == segments.count - 1 else { throw Self.refused(text, "it has an empty segment (//)") }
                encoded.append("")
                continue
            }
            guard let decoded = Self.percentDecoded(segment) else {
                throw Self.refused(text, "'%' must start an escape such as %20")
            }
            if decoded == Array(".".utf8) || decoded == Array("..".utf8) { throw Self.refused(text, "'\(segment)' would leave the provider's base path") }
            if decoded.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") || $0 < 0x20 || $0 == 0x7F }) {
                throw Self.refused(text, "'\(segment)' encodes a slash, a backslash or a control character")
            }
            encoded.append(Self.encoded(segment))
        }
        path = "/" + encoded.joined(separator: "/")
        if let queryPart {
            query = try Self.queryItems(String(queryPart), in: text)
        } else {
            query = []
        }
    }

    private static func refused(_ text: String, _ reason: String) -> UsageError {
        UsageError("refused API path '\(text.debugDescription.dropFirst().dropLast())': \(reason)")
    }

    /// `a=1&b=two+words`: `+` is a space and `%XX` a byte, as in a form.
    private static func queryItems(_ text: String, in whole: String) throws(UsageError) -> [QueryItem] {
        var items: [QueryItem] = []
        for pair in text.pieces(between: "&", omittingEmpty: true) {
            let parts = pair.pieces(between: "=", maxSplits: 1)
            let name = String(parts[0]).replacingAll("+", with: " ")
            let value = parts.count > 1 ? String(parts[1]).replacingAll("+", with: " ") : ""
            guard let decodedName = percentDecoded(name), let decodedValue = percentDecoded(value), !decodedName.isEmpty else {
                throw refused(whole, "the query '\(pair)' is not name=value with valid % escapes")
            }
            items.append(QueryItem(String(decoding: decodedName, as: UTF8.self), String(decoding: decodedValue, as: UTF8.self)))
        }
        return items
    }

    /// The bytes `%XX` escapes stand for; nil when a `%` starts no escape.
    static func percentDecoded(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    /// The segment with escapes kept and every byte outside RFC 3986's `pchar` escaped.
    private static func encoded(_ segment: String) -> String {
        var out = ""
        for byte in segment.utf8 {
            if isPathCharacter(byte) || byte == UInt8(ascii: "%") {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Unreserved, sub-delims, `:` and `@`.
    private static func isPathCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "-._~!$&'()*+,;=:@".utf8.contains(byte)
        }
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}
