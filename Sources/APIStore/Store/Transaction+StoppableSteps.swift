extension Transaction {
    /// ``forEachRow(_:_:_:)`` whose `body` may throw: the stepping stops at that row, the
    /// statement is reset, and the error is rethrown.
    ///
    /// For a read that writes each row out as it steps (`apicli store export`), which must
    /// stop when its reader went away or a disk filled, rather than read the rest for nothing.
    public func forEachRow(_ sql: String, _ arguments: [SQLValue] = [], stoppable body: (SteppedRow) throws -> Void) throws {
        let statement = try statement(sql)
        var failure: (any Error)?
        try statement.withBindings(arguments) { () throws(StoreError) in
            let row = SteppedRow(statement)
            while failure == nil, try statement.step() {
                do { try body(row) } catch { failure = error }
            }
        }
        if let failure { throw failure }
    }
}
