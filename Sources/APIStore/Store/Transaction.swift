/// The handle a `write` or `read` body works through.
///
/// It only exists inside ``Store/write(_:)`` and ``Store/read(_:)``: whatever
/// the body does commits together or, if it throws, not at all. Using it after
/// the body returned throws ``StoreError/misuse(reason:)`` instead of running
/// outside any transaction (and outside the store's lock).
public final class Transaction {
    let database: Database
    /// True for ``Store/read(_:)``: statements that would write are refused.
    public let isReadOnly: Bool
    private(set) var isOpen = true

    init(database: Database, readOnly: Bool) {
        self.database = database
        self.isReadOnly = readOnly
    }

    func close() { isOpen = false }

    /// Runs one statement; `arguments` bind to `?` placeholders in order.
    public func execute(_ sql: String, _ arguments: [SQLValue] = []) throws {
        try checkOpen()
        try database.execute(sql, arguments, readOnly: isReadOnly)
    }

    /// Runs one statement and returns every row.
    public func query(_ sql: String, _ arguments: [SQLValue] = []) throws -> [Row] {
        try checkOpen()
        return try database.query(sql, arguments, readOnly: isReadOnly)
    }

    /// The first row, or nil.
    public func queryOne(_ sql: String, _ arguments: [SQLValue] = []) throws -> Row? {
        try query(sql, arguments).first
    }

    /// Runs a script of statements without arguments: for schema changes only.
    ///
    /// Never put values in the text: anything that came from a user or a server
    /// goes through ``execute(_:_:)`` and its bound arguments.
    public func executeScript(_ sql: String) throws {
        try checkOpen()
        if isReadOnly { throw StoreError.misuse(reason: "a read transaction cannot run a script; use Store.write") }
        try database.executeScript(sql)
    }

    /// Rows changed by the last statement.
    public var changes: Int { database.changes }
    public var lastInsertRowID: Int64 { database.lastInsertRowID }

    /// The prepared statement for `sql`, once the transaction is open; one that writes is
    /// refused in a read transaction (the statement-level methods in the extensions).
    func statement(_ sql: String) throws -> Statement {
        try checkOpen()
        let statement = try database.statement(sql)
        if isReadOnly, !statement.isReadOnly {
            throw StoreError.misuse(reason: "a read transaction cannot write; use Store.write")
        }
        return statement
    }

    func checkOpen() throws(StoreError) {
        guard isOpen else { throw .misuse(reason: "a transaction was used after its body returned") }
    }
}
