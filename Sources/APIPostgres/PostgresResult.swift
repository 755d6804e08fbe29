/// A statement's rows, copied out of libpq's result so that it can be freed at once.
///
/// Values are PostgreSQL's text forms (`t`, `42`, `2026-12-07 10:00:00+00`, a jsonb's
/// JSON); `types` holds each column's type OID, so a caller can print numbers as numbers.
public struct PostgresResult: Sendable {
    public var columns: [String]
    public var types: [UInt32]
    public var rows: [[String?]]
    /// How many rows an INSERT, UPDATE or DELETE touched (0 for others).
    public var affected: Int

    public init(columns: [String] = [], types: [UInt32] = [], rows: [[String?]] = [], affected: Int = 0) {
        self.columns = columns
        self.types = types
        self.rows = rows
        self.affected = affected
    }

    /// The first row's first value.
    public var scalar: String? { rows.first?.first ?? nil }
}

/// The type OIDs apicli prints as something other than text (PostgreSQL's `pg_type.h`, fixed since 7.x).
public enum PostgresType {
    public static let bool: UInt32 = 16
    public static let int8: UInt32 = 20
    public static let int2: UInt32 = 21
    public static let int4: UInt32 = 23
    public static let oid: UInt32 = 26
    public static let json: UInt32 = 114
    public static let float4: UInt32 = 700
    public static let float8: UInt32 = 701
    public static let numeric: UInt32 = 1700
    public static let jsonb: UInt32 = 3802

    public static let integers: Set<UInt32> = [int8, int2, int4, oid]
    public static let reals: Set<UInt32> = [float4, float8, numeric]
}
