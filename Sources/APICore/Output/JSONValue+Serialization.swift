/// JSON text per RFC 8259: strings escaped as JSON requires, nothing else changed.
extension JSONValue {
    /// Pretty (two-space indent) for `--format json`, compact for `ndjson`.
    public func serialized(pretty: Bool = true) -> String {
        serialized(pretty: pretty, indentLevel: 0)
    }

    /// The same text as when nested `indentLevel` deep in a pretty document: how a
    /// large array is written one element at a time, identical to the whole.
    public func serialized(pretty: Bool, indentLevel: Int) -> String {
        var out = TextBuffer()
        write(to: &out, pretty: pretty, indentLevel: indentLevel)
        return out.text
    }

    /// Appends the text of ``serialized(pretty:indentLevel:)`` to `out`, as bytes:
    /// how output is written, with no `String` made per value.
    public func write(to out: inout TextBuffer, pretty: Bool, indentLevel: Int) {
        switch self {
        case .null: out.append("null" as StaticString)
        case let .bool(value): out.append(value ? "true" as StaticString : "false")
        case let .int(value): out.append(decimal: value)
        case let .double(value): out.append(Self.number(value))
        case let .string(value): JSONStringText.write(value, to: &out)
        case let .array(items):
            guard !items.isEmpty else { out.append("[]" as StaticString); return }
            out.append(ascii: UInt8(ascii: "["))
            var first = true
            for item in items {
                Self.writeSeparator(first: first, pretty: pretty, indentLevel: indentLevel, to: &out)
                first = false
                item.write(to: &out, pretty: pretty, indentLevel: indentLevel + 1)
            }
            Self.writeEnd(UInt8(ascii: "]"), pretty: pretty, indentLevel: indentLevel, to: &out)
        case let .object(members):
            guard !members.isEmpty else { out.append("{}" as StaticString); return }
            out.append(ascii: UInt8(ascii: "{"))
            var first = true
            for member in members {
                Self.writeMemberStart(first: first, key: member.key, pretty: pretty, indentLevel: indentLevel, to: &out)
                first = false
                member.value.write(to: &out, pretty: pretty, indentLevel: indentLevel + 1)
            }
            Self.writeEnd(UInt8(ascii: "}"), pretty: pretty, indentLevel: indentLevel, to: &out)
        }
    }

    /// What comes before an element or a member's key in an array or object nested
    /// `indentLevel` deep: the comma after the one before, and the line and indent when
    /// pretty. This, ``writeColon`` and ``writeEnd`` are shared with ``JSONObjectWriter``,
    /// so that an object written member by member has the same bytes.
    static func writeSeparator(first: Bool, pretty: Bool, indentLevel: Int, to out: inout TextBuffer) {
        if !first { out.append(ascii: UInt8(ascii: ",")) }
        if pretty { newline(indentLevel + 1, to: &out) }
    }

    /// The same for a `String` key, read in place when it is native (no copy to make it contiguous).
    static func writeMemberStart(first: Bool, key: String, pretty: Bool, indentLevel: Int, to out: inout TextBuffer) {
        let written: Void? = key.utf8.withContiguousStorageIfAvailable {
            writeMemberStart(first: first, key: $0, pretty: pretty, indentLevel: indentLevel, to: &out)
        }
        guard written == nil else { return }
        var key = key
        key.withUTF8 { writeMemberStart(first: first, key: $0, pretty: pretty, indentLevel: indentLevel, to: &out) }
    }

    /// What comes before a member's value: the separator, the key and the colon. A key
    /// with nothing to escape (every key a provider writes) is written in one piece.
    static func writeMemberStart(
        first: Bool, key: UnsafeBufferPointer<UInt8>, pretty: Bool, indentLevel: Int, to out: inout TextBuffer
    ) {
        guard let source = key.baseAddress, OutputByteScan.next(in: key, from: 0, quotes: true) == key.count else {
            writeSeparator(first: first, pretty: pretty, indentLevel: indentLevel, to: &out)
            JSONStringText.write(utf8: key, to: &out)
            writeColon(pretty: pretty, to: &out)
            return
        }
        let indent = pretty ? 2 * (indentLevel + 1) : 0
        let count = (first ? 0 : 1) + (pretty ? 1 + indent : 0) + key.count + (pretty ? 4 : 3)
        out.append(count: count) { text in
            var at = 0
            if !first { text[at] = UInt8(ascii: ","); at += 1 }
            if pretty {
                text[at] = UInt8(ascii: "\n")
                at += 1
                for _ in 0..<indent { text[at] = UInt8(ascii: " "); at += 1 }
            }
            text[at] = UInt8(ascii: "\"")
            (text + at + 1).update(from: source, count: key.count)
            at += key.count + 1
            text[at] = UInt8(ascii: "\"")
            text[at + 1] = UInt8(ascii: ":")
            if pretty { text[at + 2] = UInt8(ascii: " ") }
        }
    }

    /// Between a member's key and its value.
    static func writeColon(pretty: Bool, to out: inout TextBuffer) {
        out.append(pretty ? ": " as StaticString : ":")
    }

    /// The end (`]` or `}`) of a non-empty array or object nested `indentLevel` deep.
    static func writeEnd(_ close: UInt8, pretty: Bool, indentLevel: Int, to out: inout TextBuffer) {
        if pretty { newline(indentLevel, to: &out) }
        out.append(ascii: close)
    }

    /// A line break and the indent of `level` in a pretty document.
    private static func newline(_ level: Int, to out: inout TextBuffer) {
        out.append(ascii: UInt8(ascii: "\n"))
        out.append(spaces: 2 * level)
    }

    /// Shortest text that reads back as the same Double; integral values keep no `.0`
    /// only when the API sent them as integers (those arrive as `.int`).
    private static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        return String(describing: value)
    }
}
