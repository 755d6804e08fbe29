/// Reading parts of a ``JSONValue``: members by name, and scalars as table cells.
extension JSONValue {
    /// The member named `key` of an object; nil for a missing key or a non-object.
    public subscript(key: String) -> JSONValue? {
        guard case let .object(members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The value at a dotted path (`data.results`); the value itself for an empty path.
    public func value(at path: String) -> JSONValue? {
        path.pieces(between: ".", omittingEmpty: true).reduce(Optional(self)) { value, key in value?[String(key)] }
    }

    /// An object's members; empty for anything else.
    public var members: [Member] {
        if case let .object(members) = self { return members }
        return []
    }

    /// Whether this is a string, number, bool or null: something one table cell can show.
    public var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }

    /// The text a table or CSV cell shows: strings as they are, numbers as sent,
    /// empty for null, compact JSON for arrays and objects.
    public var cellText: String {
        switch self {
        case .null: ""
        case let .bool(flag): flag ? "true" : "false"
        case let .int(number): String(number)
        case let .double(number): String(describing: number)
        case let .string(text): text
        case .array, .object: serialized(pretty: false)
        }
    }
}
