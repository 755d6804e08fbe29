/// What a provider, a migration or a storage helper may do inside one of the store's
/// transactions: run statements with bound values and read their rows. Nothing more.
///
/// The store's own transaction (`APIStore`'s `Transaction`) is what arrives, seen
/// through this protocol: it cannot be named, opened, committed early or kept, and the
/// store's connection, checkpoints and maintenance stay out of reach, because a provider
/// target cannot import `APIStore` at all. What it writes commits with the rest of the
/// transaction or, if anything throws, not at all; a statement that would write in a
/// read transaction throws ``StoreError/misuse(reason:)``.
///
///     try transaction.execute(upsert, [item.id.sql, item.title.sql, context.fetchedAt.sql])
///     let rows = try transaction.query("SELECT id, title FROM hn_items WHERE id = ?", [id.sql])
///
/// Values always travel bound to `?` placeholders, never in the SQL text.
public protocol StoreTransaction: AnyObject {
    /// Runs one statement; `arguments` bind to `?` placeholders in order.
    func execute(_ sql: String, _ arguments: [SQLValue]) throws

    /// Runs one statement and returns every row.
    func query(_ sql: String, _ arguments: [SQLValue]) throws -> [Row]

    /// Runs a script of statements without arguments: for schema changes only.
    func executeScript(_ sql: String) throws

    /// Runs one statement and hands each row to `body` as it is stepped to, read in place
    /// (``SteppedRow``) instead of collected as ``Row``s: for many rows each turned into a
    /// record at once.
    func forEachRow(_ sql: String, _ arguments: [SQLValue], _ body: (SteppedRow) -> Void) throws

    /// Runs one statement whose values `bind` gives in order, one per placeholder, text
    /// lent in place (``ValueBinder``): for rows stored by the thousand. What `bind` lends
    /// must stay valid until the call returns.
    func execute(_ sql: String, binding bind: (inout ValueBinder) -> Void) throws

    /// Rows changed by the last statement.
    var changes: Int { get }

    /// The rowid of the last row inserted.
    var lastInsertRowID: Int64 { get }
}

extension StoreTransaction {
    /// Runs one statement without arguments.
    public func execute(_ sql: String) throws {
        try execute(sql, [])
    }

    /// Every row of a statement without arguments.
    public func query(_ sql: String) throws -> [Row] {
        try query(sql, [])
    }

    /// The first row, or nil.
    public func queryOne(_ sql: String, _ arguments: [SQLValue] = []) throws -> Row? {
        try query(sql, arguments).first
    }
}
