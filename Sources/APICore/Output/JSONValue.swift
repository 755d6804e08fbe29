/// A JSON document built in code, with object keys kept in the order written.
///
/// Output documents are built from this rather than `Encodable` so that key
/// order is stable, numbers print as the API sent them (`12.34`, not
/// `12.339999999999`), and snapshots stay readable.
///
/// Not `indirect`: arrays and objects already hold their elements in an array's
/// storage, so boxing every case cost an allocation per value (17 per NYT article
/// made for output) for nothing.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([Member])

    public struct Member: Sendable, Hashable {
        public var key: String
        public var value: JSONValue

        public init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByNilLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(nilLiteral: ()) { self = .null }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(elements.map { Member($0.0, $0.1) })
    }
}

extension JSONValue {
    /// `.null` for nil, so optional fields stay one expression: `.init(article.abstract)`.
    public init(_ value: String?) { self = value.map(JSONValue.string) ?? .null }
    public init(_ value: Int?) { self = value.map { .int(Int64($0)) } ?? .null }
    public init(_ value: Double?) { self = value.map(JSONValue.double) ?? .null }
    public init(_ value: Bool?) { self = value.map(JSONValue.bool) ?? .null }

    /// An array of the elements a provider's `json(_:)` makes, gathered whole (tests, small answers).
    public static func array(of elements: any Sequence<JSONValue>) -> JSONValue {
        var items: [JSONValue] = []
        for element in elements { items.append(element) }
        return .array(items)
    }

    /// The elements of an array; a single value otherwise. Used by `ndjson`.
    public var elements: [JSONValue] {
        if case let .array(items) = self { return items }
        return [self]
    }
}
