/// The handle a `write` or `read` body works through.
///
/// It only exists inside ``Store/write(_:)`` and ``Store/read(_:)``: whatever
/// the body does commits together or, if it throws, not at all.
public final class Transaction {
    let database: Database

    init(database: Database) {
        self.database = database
    }

    /// Runs one statement; `arguments` bind to `?` placeholders in order.
    public func execute(_ sql: String, _ arguments: [SQLValue] = []) throws {
        try database.execute(sql, arguments)
    }

    /// Runs one statement and returns every row.
    public func query(_ sql: String, _ arguments: [SQLValue] = []) throws -> [Row] {
        try database.query(sql, arguments)
    }

    /// The first row, or nil.
    public func queryOne(_ sql: String, _ arguments: [SQLValue] = []) throws -> Row? {
        try database.query(sql, arguments).first
    }

    /// Runs a script of statements without arguments: for schema changes only.
    public func executeScript(_ sql: String) throws {
        try database.executeScript(sql)
    }

    /// Rows changed by the last statement.
    public var changes: Int { database.changes }
    public var lastInsertRowID: Int64 { database.lastInsertRowID }
}
