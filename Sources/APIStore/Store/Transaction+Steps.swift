import CSQLite

/// A statement reads the row it has just stepped to for a ``SteppedRow``.
extension Statement: SteppedRow.Source {
    var columnCount: Int { Int(sqlite3_column_count(handle)) }

    func value(at index: Int) -> SQLValue {
        ResultColumns.value(of: handle, at: Int32(index))
    }
}

extension Transaction {
    /// Runs one statement and hands each row to `body` as it is stepped to, instead of
    /// collecting them as ``Row``s.
    ///
    /// For a read of many rows each turned into a record at once (a forecast's 40 steps,
    /// read back on every `--offline` start): ``query(_:_:)`` builds an array of values
    /// and one of names per row and frees them all afterwards, where the record needs
    /// each value only once.
    public func forEachRow(_ sql: String, _ arguments: [SQLValue] = [], _ body: (SteppedRow) -> Void) throws {
        let statement = try statement(sql)
        try statement.withBindings(arguments) { () throws(StoreError) in
            let row = SteppedRow(statement)
            while try statement.step() { body(row) }
        }
    }
}
