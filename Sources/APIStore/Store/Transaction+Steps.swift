import CSQLite

/// The row a statement has just stepped to, read where SQLite holds it.
///
/// Only valid inside the body of ``Transaction/forEachRow(_:_:_:)`` it was handed to:
/// the next step overwrites it. Nothing is copied until a column is read, and then only
/// that column's value.
public struct SteppedRow {
    let handle: OpaquePointer

    /// How many columns the statement returns.
    public var count: Int { Int(sqlite3_column_count(handle)) }

    /// The value at `index` (0-based), `.null` past the last column: as ``Row``'s subscript reads it.
    public subscript(index: Int) -> SQLValue {
        guard index >= 0, index < count else { return .null }
        return ResultColumns.value(of: handle, at: Int32(index))
    }
}

extension Transaction {
    /// Runs one statement and hands each row to `body` as it is stepped to, instead of
    /// collecting them as ``Row``s.
    ///
    /// For a read of many rows each turned into a record at once (a forecast's 40 steps,
    /// read back on every `--offline` start): ``query(_:_:)`` builds an array of values
    /// and one of names per row and frees them all afterwards, ~0.4 M instructions for
    /// those 40 rows, where the record needs each value only once.
    public func forEachRow(_ sql: String, _ arguments: [SQLValue] = [], _ body: (SteppedRow) -> Void) throws {
        let statement = try statement(sql)
        try statement.withBindings(arguments) { () throws(StoreError) in
            let row = SteppedRow(handle: statement.handle)
            while try statement.step() { body(row) }
        }
    }
}

extension RecordColumns {
    /// Sets every listed field of `record` from the stepped row's values at `offset`,
    /// `offset + 1`, …: ``read(_:at:into:)`` for ``Transaction/forEachRow(_:_:_:)``.
    /// Inlinable, so that it is specialised for the provider's record where it is called.
    @inlinable public func read(_ row: SteppedRow, at offset: Int, into record: inout Record) {
        var index = offset
        for column in columns {
            column.assign(&record, row[index])
            index += 1
        }
    }
}
