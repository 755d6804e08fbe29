/// JSON text per RFC 8259: strings escaped as JSON requires, nothing else changed.
extension JSONValue {
    /// Pretty (two-space indent) for `--format json`, compact for `ndjson`.
    public func serialized(pretty: Bool = true) -> String {
        serialized(pretty: pretty, indentLevel: 0)
    }

    /// The same text as when nested `indentLevel` deep in a pretty document: how a
    /// large array is written one element at a time, identical to the whole.
    public func serialized(pretty: Bool, indentLevel: Int) -> String {
        var out = ""
        write(into: &out, pretty: pretty, indent: indentLevel)
        return out
    }

    private func write(into out: inout String, pretty: Bool, indent: Int) {
        switch self {
        case .null: out += "null"
        case let .bool(value): out += value ? "true" : "false"
        case let .int(value): out += String(value)
        case let .double(value): out += Self.number(value)
        case let .string(value): Self.writeString(value, into: &out)
        case let .array(items):
            guard !items.isEmpty else { out += "[]"; return }
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                if pretty { out += "\n" + String(repeating: "  ", count: indent + 1) }
                item.write(into: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { out += "\n" + String(repeating: "  ", count: indent) }
            out += "]"
        case let .object(members):
            guard !members.isEmpty else { out += "{}"; return }
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                if pretty { out += "\n" + String(repeating: "  ", count: indent + 1) }
                Self.writeString(member.key, into: &out)
                out += pretty ? ": " : ":"
                member.value.write(into: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { out += "\n" + String(repeating: "  ", count: indent) }
            out += "}"
        }
    }

    /// Shortest text that reads back as the same Double; integral values keep no `.0`
    /// only when the API sent them as integers (those arrive as `.int`).
    private static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        return String(describing: value)
    }

    /// Copies runs of plain text whole and escapes only the scalars that need it:
    /// appending scalar by scalar was a fifth of `--format ndjson` for 20,000 articles.
    private static func writeString(_ value: String, into out: inout String) {
        out += "\""
        if !needsEscape(value) {
            out += value
            out += "\""
            return
        }
        let scalars = value.unicodeScalars
        var runStart = scalars.startIndex
        var index = runStart
        while index != scalars.endIndex {
            let scalar = scalars[index]
            let next = scalars.index(after: index)
            if let escaped = escape(scalar) {
                if runStart != index { out += String(scalars[runStart..<index]) }
                out += escaped
                runStart = next
            }
            index = next
        }
        if runStart != index { out += String(scalars[runStart..<index]) }
        out += "\""
    }

    /// Whether any scalar of `value` has an ``escape(_:)``, by its UTF-8 bytes: most
    /// strings have none and are then appended whole (a tenth of printing 1,000 articles).
    /// Outside ASCII only C1 (`C2 80…9F`) and U+2028…202E, U+2066…2069 (`E2 80 A8…AE`,
    /// `E2 81 A6…A9`) are escaped.
    private static func needsEscape(_ value: String) -> Bool {
        var value = value
        return value.withUTF8 { needsEscape($0) }
    }

    private static func needsEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var utf8 = bytes.makeIterator()
        while let byte = utf8.next() {
            if byte < 0x80 {
                if byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F { return true }
            } else if byte == 0xC2 {
                if let next = utf8.next(), next <= 0x9F { return true }
            } else if byte == 0xE2 {
                guard let second = utf8.next(), let third = utf8.next() else { return false }
                if second == 0x80 && (0xA8...0xAE).contains(third) { return true }
                if second == 0x81 && (0xA6...0xA9).contains(third) { return true }
            }
        }
        return false
    }

    /// The escape for one scalar, or nil when it is written as itself.
    private static func escape(_ scalar: Unicode.Scalar) -> String? {
        let value = scalar.value
        if value >= 0x20 && value < 0x7F && value != 0x22 && value != 0x5C { return nil }
        switch scalar {
        case "\"": return "\\\""
        case "\\": return "\\\\"
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        case "\u{08}": return "\\b"
        case "\u{0C}": return "\\f"
        case _ where value < 0x20 || value == 0x7F || (0x80...0x9F).contains(value)
            || value == 0x2028 || value == 0x2029
            || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value):
            // Escaping DEL, C1, the JS line separators and the bidi controls too keeps
            // them out of a terminal when JSON is printed straight to one; the decoded
            // value is unchanged, so the document stays exact.
            let hex = String(value, radix: 16, uppercase: false)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: return nil
        }
    }
}
