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
                if !first { out.append(ascii: UInt8(ascii: ",")) }
                first = false
                if pretty { Self.newline(indentLevel + 1, to: &out) }
                item.write(to: &out, pretty: pretty, indentLevel: indentLevel + 1)
            }
            if pretty { Self.newline(indentLevel, to: &out) }
            out.append(ascii: UInt8(ascii: "]"))
        case let .object(members):
            guard !members.isEmpty else { out.append("{}" as StaticString); return }
            out.append(ascii: UInt8(ascii: "{"))
            var first = true
            for member in members {
                if !first { out.append(ascii: UInt8(ascii: ",")) }
                first = false
                if pretty { Self.newline(indentLevel + 1, to: &out) }
                JSONStringText.write(member.key, to: &out)
                out.append(pretty ? ": " as StaticString : ":")
                member.value.write(to: &out, pretty: pretty, indentLevel: indentLevel + 1)
            }
            if pretty { Self.newline(indentLevel, to: &out) }
            out.append(ascii: UInt8(ascii: "}"))
        }
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
