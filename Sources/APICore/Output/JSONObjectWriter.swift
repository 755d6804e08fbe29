/// A JSON object written member by member, with the bytes ``JSONValue/write(to:pretty:indentLevel:)``
/// gives for an `.object` of the same members.
///
/// For providers whose answers hold many items and whose text is already UTF-8
/// (NYT's packed articles): a `JSONValue` per item is an array of members and a
/// `String` per field, made to be written once and freed. The commas, lines, indents
/// and colons are written by the same code as a `JSONValue`'s (`JSONValue.writeMemberStart`
/// and its neighbours), and every string by the same escaper, so the two cannot differ.
public struct JSONObjectWriter: ~Copyable {
    var out: TextBuffer
    let pretty: Bool
    let indentLevel: Int
    var first = true

    init(out: consuming TextBuffer, pretty: Bool, indentLevel: Int) {
        self.out = out
        self.pretty = pretty
        self.indentLevel = indentLevel
    }

    /// A string member, or null: the value's UTF-8 bytes, which must be whole characters.
    public mutating func member(_ key: StaticString, utf8 value: UnsafeBufferPointer<UInt8>?) {
        start(key)
        if let value { JSONStringText.write(utf8: value, to: &out) } else { out.append("null" as StaticString) }
    }

    /// A string member, or null.
    public mutating func member(_ key: StaticString, string value: String?) {
        start(key)
        if let value { JSONStringText.write(value, to: &out) } else { out.append("null" as StaticString) }
    }

    /// A number member, or null.
    public mutating func member(_ key: StaticString, int value: Int?) {
        start(key)
        if let value { out.append(decimal: Int64(value)) } else { out.append("null" as StaticString) }
    }

    /// An array of strings: `elements` calls the function it is given once per string, in
    /// order, with its UTF-8 bytes (whole characters).
    public mutating func member(
        _ key: StaticString, utf8Strings elements: ((UnsafeBufferPointer<UInt8>) -> Void) -> Void
    ) {
        start(key)
        out.append(ascii: UInt8(ascii: "["))
        var first = true
        let (pretty, level) = (pretty, indentLevel + 1)
        elements { text in
            JSONValue.writeSeparator(first: first, pretty: pretty, indentLevel: level, to: &out)
            first = false
            JSONStringText.write(utf8: text, to: &out)
        }
        if first {
            out.append(ascii: UInt8(ascii: "]"))  // `[]`, as an empty `JSONValue` array
        } else {
            JSONValue.writeEnd(UInt8(ascii: "]"), pretty: pretty, indentLevel: level, to: &out)
        }
    }

    /// Any other value, written as a `JSONValue` nested here.
    public mutating func member(_ key: StaticString, _ value: JSONValue) {
        start(key)
        value.write(to: &out, pretty: pretty, indentLevel: indentLevel + 1)
    }

    private mutating func start(_ key: StaticString) {
        if first { out.append(ascii: UInt8(ascii: "{")) }
        key.withUTF8Buffer {
            JSONValue.writeMemberStart(first: first, key: $0, pretty: pretty, indentLevel: indentLevel, to: &out)
        }
        first = false
    }

    /// The object's end (`{}` when no member was written), and the buffer back.
    consuming func finish() -> TextBuffer {
        if first {
            out.append("{}" as StaticString)
        } else {
            JSONValue.writeEnd(UInt8(ascii: "}"), pretty: pretty, indentLevel: indentLevel, to: &out)
        }
        return out
    }
}

/// One element of a provider's `--format json` array that writes its own members
/// (``Capabilities/jsonObjects``): written where a `JSONValue` element would be, with
/// the same bytes.
public struct JSONObjectText {
    private let members: (inout JSONObjectWriter) -> Void

    /// `members` writes the object's members, in order, through the writer it is given.
    public init(_ members: @escaping (inout JSONObjectWriter) -> Void) {
        self.members = members
    }

    /// Appends the object's text to `out`, as nested `indentLevel` deep when pretty.
    public func write(to out: inout TextBuffer, pretty: Bool, indentLevel: Int) {
        // The buffer is moved into the writer and back, so that it stays uniquely held (no copy).
        var writer = JSONObjectWriter(out: out, pretty: pretty, indentLevel: indentLevel)
        out = TextBuffer()
        members(&writer)
        out = writer.finish()
    }
}
