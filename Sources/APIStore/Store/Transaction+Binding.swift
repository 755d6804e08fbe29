import CSQLite

/// A statement binds the values a ``ValueBinder`` gives it, one at a time (its `bindCopy`
/// and `error` serve as they are).
extension Statement: ValueBinder.Target {
    func bindText(_ bytes: UnsafeBufferPointer<UInt8>?, at position: Int32) -> Int32 {
        guard let bytes else { return sqlite3_bind_null(handle, position) }
        // By byte count, so "" stays "" (not NULL) and an embedded NUL is kept.
        return sqlite3_bind_text64(
            handle, position, Self.start(of: bytes), sqlite3_uint64(bytes.count), nil, UInt8(SQLITE_UTF8))
    }

    func bindInteger(_ value: Int64?, at position: Int32) -> Int32 {
        guard let value else { return sqlite3_bind_null(handle, position) }
        return sqlite3_bind_int64(handle, position, value)
    }
}

extension Transaction {
    /// Runs one statement whose values `bind` gives in order, one per placeholder.
    ///
    /// Text is bound in place (`SQLITE_STATIC`), as ``execute(_:_:)`` binds a `String`'s
    /// bytes: what `bind` lends must stay valid until this call returns, so it comes from a
    /// scope that encloses the call (an article's packed text, held while its row is
    /// stored). The use ends with the call, whatever happened: the statement is reset and
    /// its values dropped. Too few values or too many throw, as they do there.
    public func execute(_ sql: String, binding bind: (inout ValueBinder) -> Void) throws {
        let statement = try statement(sql)
        defer { statement.finish() }
        var binder = ValueBinder(statement)
        bind(&binder)
        if let failure = binder.failure { throw failure }
        guard Int(binder.count) == statement.parameterCount else {
            throw StoreError.misuse(reason: "\(statement.parameterCount) placeholders but \(binder.count) values")
        }
        while try statement.step() {}
    }
}
