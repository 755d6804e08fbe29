#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A Swift type that maps to one SQLite value, so rows read back typed and
/// arguments are written as `[id.sql, title.sql]`.
public protocol SQLConvertible: Sendable {
    var sql: SQLValue { get }
    init?(sql: SQLValue)
}

// The `sql` getters are inlinable so that a provider's row of `article.title.sql, …`
// (an `Optional` of a concrete type, from another module) is specialised where it is
// built, not a generic call per value (an NYT article has 15 of them).
extension String: SQLConvertible {
    @inlinable public var sql: SQLValue { .text(self) }
    public init?(sql: SQLValue) {
        guard let value = sql.string else { return nil }
        self = value
    }
}

extension Int: SQLConvertible {
    @inlinable public var sql: SQLValue { .integer(Int64(self)) }
    public init?(sql: SQLValue) {
        guard let value = sql.int else { return nil }
        self = value
    }
}

extension Int64: SQLConvertible {
    @inlinable public var sql: SQLValue { .integer(self) }
    public init?(sql: SQLValue) {
        guard let value = sql.int64 else { return nil }
        self = value
    }
}

extension Double: SQLConvertible {
    @inlinable public var sql: SQLValue { .real(self) }
    public init?(sql: SQLValue) {
        guard let value = sql.double else { return nil }
        self = value
    }
}

extension Bool: SQLConvertible {
    @inlinable public var sql: SQLValue { .integer(self ? 1 : 0) }
    public init?(sql: SQLValue) {
        guard let value = sql.bool else { return nil }
        self = value
    }
}

extension Data: SQLConvertible {
    public var sql: SQLValue { .blob(self) }
    public init?(sql: SQLValue) {
        guard let value = sql.data else { return nil }
        self = value
    }
}

/// Dates are stored as Unix seconds (REAL): sortable, and exact to the microsecond.
extension Date: SQLConvertible {
    public var sql: SQLValue { .real(timeIntervalSince1970) }
    public init?(sql: SQLValue) {
        guard let value = sql.double else { return nil }
        self = Date(timeIntervalSince1970: value)
    }
}

extension Optional: SQLConvertible where Wrapped: SQLConvertible {
    @inlinable public var sql: SQLValue { self?.sql ?? .null }
    public init?(sql: SQLValue) {
        self = sql.isNull ? .none : Wrapped(sql: sql)
    }
}
