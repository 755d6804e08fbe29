/// What a YAML scalar means, by the YAML 1.2 core schema, in the JSON-shaped tree.
///
/// Only a plain (unquoted) scalar is resolved: `null`, `~` and nothing are null;
/// `true`/`false` (in three spellings each) are booleans; decimal, `0o` and `0x`
/// integers and decimal floats are numbers, rewritten as JSON writes them (`+1` is
/// `1`, `.5` is `0.5`, `0x1F` is `31`). Everything else is text: quoted and block
/// scalars always, and plain words that YAML 1.1 tools give other types (`yes`,
/// `2021-03-04`, `1_000`, `12:30`), so a date stays the text the author wrote. An
/// integer with a leading zero (`0553391925`) is text too: YAML versions disagree on
/// it, and as a number it would lose its zero. `.inf`
/// and `.nan` are core-schema floats that JSON cannot hold, so they are text too.
enum YAMLScalar {
    static let stringTag = "tag:yaml.org,2002:str"
    /// Tags that ask for what the core schema resolves anyway.
    static let coreTags: Set<String> = [
        "tag:yaml.org,2002:null", "tag:yaml.org,2002:bool", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float",
    ]

    static func resolve(_ text: String, plain: Bool, tag: String?) -> DocumentNode.Value {
        guard plain else { return .string(text) }
        if let tag, !coreTags.contains(tag) { return .string(text) }
        // Most scalars are words: one look at the first byte settles them.
        if let first = text.utf8.first, !Self.canStartNonText(first) { return .string(text) }
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        default: return number(text).map(DocumentNode.Value.number) ?? .string(text)
        }
    }

    /// Whether a scalar starting with `byte` can be null, a boolean or a number.
    private static func canStartNonText(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "~"),
             UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "f"), UInt8(ascii: "F"):
            true
        default: false
        }
    }

    /// `text` as JSON number text, when the core schema reads it as an int or a finite float.
    static func number(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        guard let first = bytes.first else { return nil }
        if bytes.count > 2, first == UInt8(ascii: "0"), bytes[1] == UInt8(ascii: "o") || bytes[1] == UInt8(ascii: "x") {
            let radix = bytes[1] == UInt8(ascii: "o") ? 8 : 16
            return Int64(text.dropFirst(2), radix: radix).map { String($0) }
        }
        var index = 0
        var out = ""
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            if first == UInt8(ascii: "-") { out = "-" }
            index = 1
        }
        let whole = digits(bytes, from: &index)
        var fraction: ArraySlice<UInt8>?
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            fraction = digits(bytes, from: &index)
        }
        guard !whole.isEmpty || fraction?.isEmpty == false else { return nil }
        var exponent = ""
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            exponent = "e"
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                exponent += String(UnicodeScalar(bytes[index]))
                index += 1
            }
            let power = digits(bytes, from: &index)
            guard !power.isEmpty else { return nil }
            exponent += String(decoding: power, as: UTF8.self)
        }
        guard index == bytes.count else { return nil }
        // `0553391925` is an int to the core schema, octal to YAML 1.1 and text to
        // PyYAML: an ISBN or a postcode, whose zero would be lost. Kept as text.
        if fraction == nil, exponent.isEmpty, whole.count > 1, whole.first == UInt8(ascii: "0") { return nil }
        let significant = whole.drop { $0 == UInt8(ascii: "0") }
        out += significant.isEmpty ? "0" : String(decoding: significant, as: UTF8.self)
        if let fraction { out += "." + (fraction.isEmpty ? "0" : String(decoding: fraction, as: UTF8.self)) }
        return out + exponent
    }

    private static func digits(_ bytes: [UInt8], from index: inout Int) -> ArraySlice<UInt8> {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return bytes[start..<index]
    }
}
