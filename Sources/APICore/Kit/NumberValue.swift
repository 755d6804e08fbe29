/// A number exactly as an API sent it: `1017` stays an integer and `1006.74` a
/// double, so `--format json` and the store give back what the API said rather
/// than `1017.0`.
///
/// Read one with ``KeyedDecodingContainer/number(_:)`` (which also accepts
/// `"1017"`), store it in a column declared without a type (no affinity, so
/// SQLite keeps integers and reals apart), and print it with `JSONValue(number)`.
public enum NumberValue: Sendable, Hashable {
    case int(Int64)
    case double(Double)

    /// The value for arithmetic (sparklines, rounding for display).
    public var doubleValue: Double {
        switch self {
        case let .int(value): Double(value)
        case let .double(value): value
        }
    }

    /// The shortest text that reads back as the same number (`3.312`, `0`).
    public var text: String {
        switch self {
        case let .int(value): String(value)
        case let .double(value): String(describing: value)
        }
    }
}

extension NumberValue: SQLConvertible {
    /// Integers stay INTEGER and doubles REAL, in columns without affinity.
    public var sql: SQLValue {
        switch self {
        case let .int(value): .integer(value)
        case let .double(value): .real(value)
        }
    }

    /// An INTEGER or REAL column; nil for NULL, text and blobs.
    public init?(sql: SQLValue) {
        switch sql {
        case let .integer(value): self = .int(value)
        case let .real(value): self = .double(value)
        default: return nil
        }
    }
}

extension JSONValue {
    /// The number as sent (`3`, not `3.0`); `.null` for nil.
    public init(_ value: NumberValue?) {
        switch value {
        case let .int(number)?: self = .int(number)
        case let .double(number)?: self = .double(number)
        case nil: self = .null
        }
    }

    /// A 64-bit integer (ids, Unix times); `.null` for nil.
    public init(_ value: Int64?) { self = value.map(JSONValue.int) ?? .null }
}
