/// One value of a JSON or YAML document, with the line it starts on, so that an
/// error in a provider file or an OpenAPI document names its line, not only its field.
///
/// Both readers (``JSONDocumentReader``, ``YAMLDocumentReader``) build this one tree,
/// so everything after reading is the same for both formats. The tree is JSON-shaped:
/// keys are text, numbers are kept as JSON number text, and whatever YAML has that JSON
/// does not (timestamps, tags, `.inf`) is text.
public struct DocumentNode: Sendable {
    /// The 1-based line the value starts on.
    public var line: Int
    public var value: Value

    public enum Value: Sendable {
        case null
        case bool(Bool)
        /// The number as JSON writes it, so `10` stays an integer and `1e3` stays readable.
        case number(String)
        case string(String)
        case array([DocumentNode])
        /// Members in document order. Keys are unique: both readers refuse a repeated key.
        case object([(key: String, value: DocumentNode)])
    }

    public init(line: Int, value: Value) {
        self.line = line
        self.value = value
    }

    /// The member `key` of an object.
    public subscript(key: String) -> DocumentNode? {
        guard case let .object(members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The text of a string value.
    public var string: String? {
        if case let .string(text) = value { return text }
        return nil
    }

    /// A whole number that fits an `Int`.
    public var int: Int? {
        if case let .number(text) = value { return Int(text) }
        return nil
    }

    public var bool: Bool? {
        if case let .bool(flag) = value { return flag }
        return nil
    }

    public var array: [DocumentNode]? {
        if case let .array(items) = value { return items }
        return nil
    }

    public var members: [(key: String, value: DocumentNode)]? {
        if case let .object(members) = value { return members }
        return nil
    }

    /// What kind of value this is, for "must be a string, not a number".
    public var kindName: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

extension DocumentNode: Equatable {
    /// Same values, same lines. Numbers compare as written (`1.0` is not `1`).
    public static func == (lhs: DocumentNode, rhs: DocumentNode) -> Bool {
        lhs.line == rhs.line && lhs.value == rhs.value
    }
}

extension DocumentNode.Value: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case let (.bool(a), .bool(b)): a == b
        case let (.number(a), .number(b)): a == b
        case let (.string(a), .string(b)): a == b
        case let (.array(a), .array(b)): a == b
        case let (.object(a), .object(b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }
}
