/// Reads `Link` header fields (RFC 8288 §3) into ``WebLink``s.
///
/// Why by hand, byte by byte: a target may hold commas and semicolons (`<…?a=1,2>`), and so may a
/// quoted parameter (`title="a, b"`), so splitting on `,` and `;` would cut links apart. A link
/// that cannot be read is skipped up to the next `,` outside brackets and quotes; the others are kept.
public enum LinkHeader {
    /// Every link of every `Link` field in `headers`, in order.
    public static func links(in headers: HTTPHeaders) -> [WebLink] {
        headers.filter { $0.name.lowercased() == "link" }.flatMap { parse($0.value) }
    }

    /// The links of one field value.
    public static func parse(_ value: String) -> [WebLink] {
        var reader = Reader(Array(value.utf8))
        var links: [WebLink] = []
        while !reader.atEnd {
            if let link = reader.link() { links.append(link) }
            reader.skipToNextLink()
        }
        return links
    }

    /// A cursor over the field's bytes.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { index >= bytes.count }
        var current: UInt8? { atEnd ? nil : bytes[index] }

        mutating func skipSpace() {
            while let byte = current, byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { index += 1 }
        }

        /// `<target>` followed by `; name[=value]` parameters; nil when the link is malformed.
        mutating func link() -> WebLink? {
            skipSpace()
            guard current == UInt8(ascii: "<") else { return nil }
            index += 1
            let start = index
            // A URI reference has no spaces or `<`: one that does is a `>` gone missing.
            while let byte = current, byte != UInt8(ascii: ">") {
                if byte == UInt8(ascii: "<") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { return nil }
                index += 1
            }
            guard current == UInt8(ascii: ">") else { return nil }
            let target = String(decoding: bytes[start..<index], as: UTF8.self)
            index += 1
            var relations: [String]?
            var parameters: [String: String] = [:]
            while true {
                skipSpace()
                guard current == UInt8(ascii: ";") else { break }
                index += 1
                skipSpace()
                guard let name = token()?.lowercased() else { return nil }
                skipSpace()
                var value = ""
                if current == UInt8(ascii: "=") {
                    index += 1
                    skipSpace()
                    guard let read = current == UInt8(ascii: "\"") ? quoted() : token() else { return nil }
                    value = read
                }
                // RFC 8288 §3.3: a second `rel` is ignored; likewise for every parameter here.
                if name == "rel" {
                    if relations == nil {
                        relations = value.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
                    }
                } else if parameters[name] == nil {
                    parameters[name] = value
                }
            }
            skipSpace()
            guard atEnd || current == UInt8(ascii: ",") else { return nil }
            return WebLink(target: target, relations: relations ?? [], parameters: parameters)
        }

        /// An RFC 9110 token (letters, digits and ``tokenSymbols``).
        mutating func token() -> String? {
            let start = index
            while let byte = current, Self.isTokenByte(byte) { index += 1 }
            return index > start ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
        }

        /// A quoted string, its `\x` escapes undone; nil when it never closes.
        mutating func quoted() -> String? {
            index += 1
            var text: [UInt8] = []
            while let byte = current {
                index += 1
                if byte == UInt8(ascii: "\"") { return String(decoding: text, as: UTF8.self) }
                if byte == UInt8(ascii: "\\"), let escaped = current {
                    text.append(escaped)
                    index += 1
                } else {
                    text.append(byte)
                }
            }
            return nil
        }

        /// Past the next `,` that is outside `<…>` and quotes (or to the end).
        mutating func skipToNextLink() {
            var inTarget = false
            var inQuotes = false
            while let byte = current {
                index += 1
                if inQuotes {
                    if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inQuotes = false }
                } else if inTarget {
                    if byte == UInt8(ascii: ">") { inTarget = false }
                } else if byte == UInt8(ascii: "<") {
                    inTarget = true
                } else if byte == UInt8(ascii: "\"") {
                    inQuotes = true
                } else if byte == UInt8(ascii: ",") {
                    return
                }
            }
        }

        static let tokenSymbols = Set("!#$%&'*+-.^_`|~".utf8)

        static func isTokenByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            default:
                tokenSymbols.contains(byte)
            }
        }
    }
}
