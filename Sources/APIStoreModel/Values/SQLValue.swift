#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A value in one of SQLite's five storage classes.
///
/// Every value reaches SQLite through `sqlite3_bind_*`, never through the SQL
/// text, so nothing a server or a user sends can change a statement.
public enum SQLValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
}

extension SQLValue: ExpressibleByNilLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByStringLiteral, ExpressibleByBooleanLiteral {
    public init(nilLiteral: ()) { self = .null }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .real(value) }
    public init(stringLiteral value: String) { self = .text(value) }
    public init(booleanLiteral value: Bool) { self = .integer(value ? 1 : 0) }
}

extension SQLValue {
    public var int64: Int64? {
        switch self {
        case let .integer(value): value
        case let .real(value): Int64(exactly: value.rounded(.towardZero))
        case let .text(value): Int64(value)
        default: nil
        }
    }

    public var int: Int? { int64.flatMap { Int(exactly: $0) } }

    public var double: Double? {
        switch self {
        case let .integer(value): Double(value)
        case let .real(value): value
        case let .text(value): Double(value)
        default: nil
        }
    }

    public var string: String? {
        switch self {
        case let .text(value): value
        case let .integer(value): String(value)
        case let .real(value): String(value)
        case let .blob(value): String(data: value, encoding: .utf8)
        case .null: nil
        }
    }

    public var data: Data? {
        switch self {
        case let .blob(value): value
        case let .text(value): Data(value.utf8)
        default: nil
        }
    }

    public var bool: Bool? { int64.map { $0 != 0 } }

    public var isNull: Bool { self == .null }
}
