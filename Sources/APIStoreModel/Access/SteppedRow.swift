/// The row a statement has just stepped to, read where SQLite holds it.
///
/// Only valid inside the body of ``StoreTransaction/forEachRow(_:_:_:)`` it was handed to:
/// the next step overwrites it. Nothing is copied until a column is read, and then only
/// that column's value.
public struct SteppedRow {
    let source: any Source
    /// How many columns the statement returns: the same for every row, read once.
    public let count: Int

    /// The store's side of a stepped row: the statement, where it stands.
    public protocol Source: AnyObject {
        /// How many columns the statement returns.
        var columnCount: Int { get }
        /// The value at `index`, which is within `0..<columnCount`.
        func value(at index: Int) -> SQLValue
    }

    /// Made by the store, for the body of a `forEachRow` only.
    public init(_ source: any Source) {
        self.source = source
        count = source.columnCount
    }

    /// The value at `index` (0-based), `.null` past the last column: as ``Row``'s subscript reads it.
    public subscript(index: Int) -> SQLValue {
        guard index >= 0, index < count else { return .null }
        return source.value(at: index)
    }
}
