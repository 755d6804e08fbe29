import CSQLite

/// A statement's values bound one at a time, in order (``Transaction/execute(_:binding:)``):
/// text as bytes the caller lends, for rows stored by the thousand.
///
/// ``Transaction/execute(_:_:)`` takes a `[SQLValue]`, so a row read from packed bytes
/// (an NYT article) first became a `String` per field and an array of them, made, bound
/// and freed again for every row: about a sixth of what the storing thread did outside
/// SQLite. Here each value goes from where it lies to SQLite.
public struct ValueBinder {
    let statement: Statement
    /// The placeholders given a value so far.
    private(set) var count: Int32 = 0
    /// The first value SQLite refused: nothing after it is bound, and the call throws it.
    private(set) var failure: StoreError?

    init(statement: Statement) {
        self.statement = statement
    }

    /// UTF-8 text, bound in place; nil binds NULL. The bytes must stay valid until the
    /// `execute` call returns.
    public mutating func text(_ bytes: UnsafeBufferPointer<UInt8>?) {
        next { handle, position in
            guard let bytes else { return sqlite3_bind_null(handle, position) }
            // By byte count, so "" stays "" (not NULL) and an embedded NUL is kept.
            return sqlite3_bind_text64(
                handle, position, Statement.start(of: bytes), sqlite3_uint64(bytes.count), nil, UInt8(SQLITE_UTF8))
        }
    }

    /// An integer; nil binds NULL.
    public mutating func integer(_ value: Int64?) {
        next { handle, position in
            guard let value else { return sqlite3_bind_null(handle, position) }
            return sqlite3_bind_int64(handle, position, value)
        }
    }

    /// Any value, copied by SQLite: for the odd one that is not lying in bytes already.
    public mutating func value(_ value: SQLValue) {
        let statement = self.statement
        next { _, position in statement.bindCopy(value, at: position) }
    }

    private mutating func next(_ bind: (OpaquePointer, Int32) -> Int32) {
        count += 1
        // Past the placeholders nothing is bound: the count says what is wrong.
        guard failure == nil, Int(count) <= statement.parameterCount else { return }
        let code = bind(statement.handle, count)
        if code != SQLITE_OK { failure = statement.error(code) }
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
        var binder = ValueBinder(statement: statement)
        bind(&binder)
        if let failure = binder.failure { throw failure }
        guard Int(binder.count) == statement.parameterCount else {
            throw StoreError.misuse(reason: "\(statement.parameterCount) placeholders but \(binder.count) values")
        }
        while try statement.step() {}
    }
}
