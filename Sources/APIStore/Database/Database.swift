import CSQLite
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One SQLite connection, with its prepared statements cached by SQL text.
///
/// Not `Sendable`: a connection belongs to one thread at a time. ``Store`` is
/// the `Sendable` façade that guards it.
final class Database {
    /// Statements kept prepared; past this the cache starts over, so SQL built
    /// with varying text (`IN (?, ?, …)` of many sizes) cannot grow it forever.
    static let statementCacheLimit = 128

    let handle: OpaquePointer
    let path: String
    private var statements: [String: Statement] = [:]
    /// How many statements were compiled: lets tests see that the cache is used.
    private(set) var preparedCount = 0

    /// Opens (creating if needed) the file at `path`, or an in-memory database for `:memory:`;
    /// with `readOnly`, opens an existing file for reading only, the one way every
    /// read-only connection is opened (``ReadOnlyOpening``), and never creates one.
    init(path: String, busyTimeout: Duration, readOnly: Bool = false) throws(StoreError) {
        let handle: OpaquePointer
        if readOnly {
            handle = try ReadOnlyOpening.open(path, threading: SQLITE_OPEN_NOMUTEX)
        } else {
            SQLiteLibrary.prepare()
            var opened: OpaquePointer?
            let code = sqlite3_open_v2(path, &opened, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
            guard code == SQLITE_OK, let opened else {
                let reason = opened.map { String(cString: sqlite3_errmsg($0)) } ?? "error \(code)"
                let extended = opened.map { sqlite3_extended_errcode($0) } ?? code
                sqlite3_close_v2(opened)
                throw .cannotOpen(path: path, reason: reason, code: extended)
            }
            handle = opened
        }
        self.handle = handle
        self.path = path
        sqlite3_extended_result_codes(handle, 1)
        let components = busyTimeout.components
        busyMilliseconds = Int32(clamping: components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000)
        sqlite3_busy_timeout(handle, busyMilliseconds)
        walFrames = .allocate(capacity: 1)
        walFrames.initialize(to: 0)
    }

    private let busyMilliseconds: Int32

    /// How many frames the WAL held after this connection's last commit, the ones other
    /// processes left included; 0 before its first commit, and on a connection that does
    /// not keep its WAL (``keepWALOnClose()``). Its file's size does not say it: a WAL
    /// started over keeps its size (``Store/checkpointIfLarge(_:)``).
    var framesInWAL: Int { Int(walFrames.pointee) }
    private let walFrames: UnsafeMutablePointer<Int32>

    /// The largest WAL a checkpoint starts over rather than empties (``Store/checkpointIfLarge(_:)``).
    var keptWALBytes = Store.keptWALBytes

    /// The size of a page, read once: a WAL store's cannot change.
    var pageSize: Int {
        if let known = knownPageSize { return known }
        let size = (try? query("PRAGMA page_size", []).first?[0].int) ?? nil
        knownPageSize = size
        return size ?? 4096
    }
    private var knownPageSize: Int?

    /// Runs `body` with no busy wait: what cannot get its lock at once gives up.
    func withoutWaiting(_ body: () -> Void) {
        sqlite3_busy_timeout(handle, 0)
        body()
        sqlite3_busy_timeout(handle, busyMilliseconds)
    }

    deinit {
        recent.removeAll()
        statements.removeAll()
        sqlite3_close_v2(handle)
        walFrames.deallocate()
    }

    /// The cached statement for `sql`, prepared on first use.
    ///
    /// The statements used last are looked at first: a loop that runs the same few
    /// statements per row passes the same `static let` texts, which compare equal at
    /// once (same storage), where the dictionary hashes the whole text every time.
    func statement(_ sql: String) throws(StoreError) -> Statement {
        if let recent = recent.first(where: { $0.sql == sql }) { return recent }
        let statement = try cachedOrPrepared(sql)
        if recent.count >= Self.recentLimit { recent.removeFirst() }
        recent.append(statement)
        return statement
    }

    private func cachedOrPrepared(_ sql: String) throws(StoreError) -> Statement {
        if let cached = statements[sql] { return cached }
        let statement = try Statement(database: handle, sql: sql)
        preparedCount += 1
        if statements.count >= Self.statementCacheLimit {
            statements.removeAll()
            recent.removeAll()
        }
        statements[sql] = statement
        return statement
    }

    /// How many of the statements used last are looked at before the dictionary.
    static let recentLimit = 4
    /// The statements used last, oldest first; each is also in `statements`.
    private var recent: [Statement] = []

    var cachedStatementCount: Int { statements.count }

    /// Runs a statement to completion and returns its rows.
    ///
    /// With `readOnly`, a statement that would write is refused before it runs:
    /// a write inside a deferred (read) transaction would have to upgrade its
    /// lock, which is where SQLite reports "database is locked" without waiting.
    func query(_ sql: String, _ arguments: [SQLValue], readOnly: Bool = false) throws(StoreError) -> [Row] {
        let statement = try statement(sql)
        if readOnly, !statement.isReadOnly {
            throw .misuse(reason: "a read transaction cannot write; use Store.write")
        }
        return try statement.withBindings(arguments) { () throws(StoreError) in
            var rows: [Row] = []
            var columns: [String]?
            while try statement.step() {
                let names = columns ?? statement.columnNames
                columns = names
                rows.append(Row(columns: names, values: statement.currentValues()))
            }
            return rows
        }
    }

    /// Runs a statement that returns no rows (or whose rows are not needed).
    func execute(_ sql: String, _ arguments: [SQLValue], readOnly: Bool = false) throws(StoreError) {
        let statement = try statement(sql)
        if readOnly, !statement.isReadOnly {
            throw .misuse(reason: "a read transaction cannot write; use Store.write")
        }
        try statement.withBindings(arguments) { () throws(StoreError) in
            while try statement.step() {}
        }
    }

    /// Runs a script of several statements with no arguments (schema, pragmas).
    func executeScript(_ sql: String) throws(StoreError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(message)
            throw .sqlite(code: sqlite3_extended_errcode(handle), message: text, sql: sql)
        }
    }

    /// Closing leaves the WAL for the next connection instead of checkpointing it, and
    /// the connection's own commits say when to checkpoint (``Store/checkpointIfLarge(_:)``),
    /// from ``framesInWAL``: its `sqlite3_wal_hook` replaces SQLite's checkpoint after
    /// 1,000 frames.
    func keepWALOnClose() {
        _ = csqlite_checkpoint_on_close(handle, 0)
        csqlite_track_wal_frames(handle, walFrames)
    }

    /// Copies the WAL into the database file and empties it (a TRUNCATE checkpoint), as
    /// far as readers elsewhere let it; never an error, since what it copies is committed.
    func emptyWAL() {
        _ = try? query("PRAGMA wal_checkpoint(TRUNCATE)", [])
    }

    /// Whether the database lives in memory only (`:memory:`, or an empty path: a temporary one).
    var isInMemory: Bool { Self.isInMemory(path) }

    /// Whether a database opened at `path` lives in memory only, before it is opened.
    static func isInMemory(_ path: String) -> Bool { path == ":memory:" || path.isEmpty }

    /// Whether SQLite opened the file for reading only (asked to, or the file or its folder is read-only).
    var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    var changes: Int { Int(sqlite3_changes64(handle)) }
    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }
    var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }
}
