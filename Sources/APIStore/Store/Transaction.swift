/// The handle a `write` or `read` body works through.
///
/// It only exists inside ``Store/write(_:)`` and ``Store/read(_:)``: whatever
/// the body does commits together or, if it throws, not at all (a body that calls
/// ``commitSoFar()`` has two parts, each whole). Using it after
/// the body returned throws ``StoreError/misuse(reason:)`` instead of running
/// outside any transaction (and outside the store's lock).
///
/// Providers and migrations get it as a ``StoreTransaction``: its statements and rows,
/// without ``commitSoFar()`` or anything else of the store.
public final class Transaction: StoreTransaction {
    let database: Database
    /// True for ``Store/read(_:)``: statements that would write are refused.
    public let isReadOnly: Bool
    private(set) var isOpen = true
    /// Whether ``commitSoFar()`` may copy what it committed on a thread of its own: a
    /// store that keeps its WAL (``Store/checkpointIfLarge(_:)``).
    let checkpointsBehind: Bool
    /// The copy ``commitSoFar()`` started, which the final commit waits for.
    private(set) var behind: CheckpointBehind?
    /// The flushing of a long write's files (``SyncAhead``), told when ``commitSoFar()`` commits.
    let ahead: SyncAhead?

    init(database: Database, readOnly: Bool, checkpointsBehind: Bool = false, ahead: SyncAhead? = nil) {
        self.database = database
        self.isReadOnly = readOnly
        self.checkpointsBehind = checkpointsBehind
        self.ahead = ahead
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

    /// Commits what the body wrote so far and goes on at once in a new write transaction,
    /// while the WAL that commit left is copied into the file on a thread of its own
    /// (``CheckpointBehind``, when it holds more than ``Store/largeWALBytes``).
    ///
    /// For a body whose first part stands on its own once written: a large answer's page
    /// commits its items once its whole body has been read and stored, and writes the
    /// answer that names them after, still all or nothing. An error after this rolls back
    /// only what came after it. When the new transaction cannot begin (another writer held
    /// the lock past the busy timeout), this throws and the transaction is closed: nothing
    /// more runs outside a transaction.
    public func commitSoFar() throws {
        try checkOpen()
        if isReadOnly { throw StoreError.misuse(reason: "a read transaction has nothing to commit; use Store.write") }
        ahead?.committing()
        try database.executeScript("COMMIT")
        if checkpointsBehind, behind == nil, !database.isInMemory, Store.holdsLargeWAL(database) {
            behind = CheckpointBehind.start(path: database.path)
        }
        do {
            try database.executeScript("BEGIN IMMEDIATE")
        } catch {
            close()
            throw error
        }
    }

    /// Whether ``commitSoFar()`` started a copy that has not been waited for: for tests.
    var isCopyingBehind: Bool { behind != nil }

    /// Waits for the copy ``commitSoFar()`` started, if any: before the last commit's own
    /// checkpoint, which then finds only the frames written since.
    func waitBehind() {
        behind?.wait()
        behind = nil
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
