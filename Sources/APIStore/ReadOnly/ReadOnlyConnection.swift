import CSQLite
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A connection to the store that cannot write, for `apicli store sql`: people
/// type SQL at it, so it must be impossible to change the store through it.
///
/// Four walls, each enough on its own for most statements:
/// - the file is opened `SQLITE_OPEN_READONLY` (never created, never migrated), as
///   ``ReadOnlyOpening`` opens every read-only store;
/// - `PRAGMA query_only` is on;
/// - an authorizer allows only reading: `SELECT`, reading tables, functions
///   other than `load_extension`, recursive CTEs and pragmas that only report;
///   `ATTACH`, writes, schema changes, transactions and setting pragmas are refused
///   while the statement is compiled, before it runs;
/// - exactly one statement is run, and only when SQLite says it is read-only.
///
/// Extension loading is off. ``interrupt()`` may be called from another thread
/// (a signal handler's queue) while ``query(_:row:)`` runs: that is why this is
/// `@unchecked Sendable` — the handle never changes, and `sqlite3_interrupt` is
/// documented as safe to call from any thread while the connection is open.
public final class ReadOnlyConnection: @unchecked Sendable {
    private let handle: OpaquePointer
    public let path: String

    public init(path: String) throws(StoreError) {
        // Opened as every read-only store is, so a WAL store in a folder that cannot be written reads too.
        let handle = try ReadOnlyOpening.open(path, threading: SQLITE_OPEN_FULLMUTEX)
        self.handle = handle
        self.path = path
        sqlite3_busy_timeout(handle, 5000)
        sqlite3_enable_load_extension(handle, 0)
        guard sqlite3_exec(handle, "PRAGMA query_only = 1", nil, nil, nil) == SQLITE_OK else {
            let message = String(cString: sqlite3_errmsg(handle))
            let failure = sqlite3_extended_errcode(handle)
            sqlite3_close_v2(handle)
            throw .cannotOpen(path: path, reason: message, code: failure)
        }
        sqlite3_set_authorizer(handle, readOnlyAuthorizer, Unmanaged.passUnretained(pragmas).toOpaque())
    }

    /// The reporting pragmas the statement being compiled asked for, written by the authorizer.
    private let pragmas = PragmaLog()

    deinit { sqlite3_close_v2(handle) }

    /// Runs `sql`, one statement that only reads, handing each row to `row`
    /// with the column names. Throws ``StoreError/sqlite(code:message:sql:)``
    /// with SQLite's own message for anything else, and for an interruption.
    public func query(_ sql: String, row: ([String], [SQLValue]) throws -> Void) throws {
        let statement = try prepareOne(sql)
        defer { sqlite3_finalize(statement) }
        let names = ResultColumns.names(of: statement)
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else { throw error(code, sql: sql) }
            try row(names, ResultColumns.values(of: statement))
        }
    }

    /// ``query(_:row:)`` with no text or blob read past `maxValueBytes`: a longer text comes
    /// cut at a character's start, a longer blob empty, and `cut` gives each such column's
    /// position and whole length, so that what a row holds in memory is bounded whatever
    /// the store (or the query: `randomblob(1e9)`) holds.
    public func query(
        _ sql: String, maxValueBytes: Int, row: (_ values: [SQLValue], _ cut: [(column: Int, bytes: Int)]) throws -> Void
    ) throws {
        let statement = try prepareOne(sql)
        defer { sqlite3_finalize(statement) }
        let count = sqlite3_column_count(statement)
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else { throw error(code, sql: sql) }
            var values: [SQLValue] = []
            var cut: [(column: Int, bytes: Int)] = []
            for column in 0..<count {
                let (value, whole) = ResultColumns.value(of: statement, at: column, keeping: maxValueBytes)
                values.append(value)
                if let whole { cut.append((Int(column), whole)) }
            }
            try row(values, cut)
        }
    }

    /// The column names `sql` would return, without running it.
    public func columns(_ sql: String) throws -> [String] {
        let statement = try prepareOne(sql)
        defer { sqlite3_finalize(statement) }
        return ResultColumns.names(of: statement)
    }

    /// Stops a running ``query(_:row:)`` as soon as SQLite can: it then throws
    /// an `SQLITE_INTERRUPT` error. Nothing was written, so nothing is undone.
    public func interrupt() {
        sqlite3_interrupt(handle)
    }

    /// Whether `error` is the one an ``interrupt()`` causes.
    public static func isInterruption(_ error: any Error) -> Bool {
        if case let .sqlite(code, _, _)? = error as? StoreError { return code & 0xFF == SQLITE_INTERRUPT }
        return false
    }

    /// Compiles the only statement of `sql`; anything after it but blanks and comments is refused.
    private func prepareOne(_ sql: String) throws -> OpaquePointer {
        pragmas.reset()
        var statement: OpaquePointer?
        var rest = ""
        let code = sql.withCString { text in
            var tail: UnsafePointer<CChar>?
            let code = sqlite3_prepare_v2(handle, text, -1, &statement, &tail)
            if let tail { rest = String(cString: tail) }
            return code
        }
        guard code == SQLITE_OK else {
            sqlite3_finalize(statement)
            throw error(code, sql: sql)
        }
        guard let statement else { throw StoreError.sqlite(code: SQLITE_MISUSE, message: "no statement to run", sql: sql) }
        if !isBlank(rest) {
            sqlite3_finalize(statement)
            throw StoreError.sqlite(code: SQLITE_MISUSE, message: "one statement only; remove what follows the first ';'", sql: sql)
        }
        // SQLite counts some reporting pragmas (`PRAGMA journal_mode`) as writing, since with a
        // value they would; the authorizer let them through only without one, so the list
        // in ``ReadOnlyPragmas`` is what runs.
        guard sqlite3_stmt_readonly(statement) != 0 || pragmas.onlyReporting else {
            sqlite3_finalize(statement)
            throw StoreError.sqlite(code: SQLITE_READONLY, message: "the statement would write; only reading is allowed", sql: sql)
        }
        return statement
    }

    /// Whether `sql` holds no statement (only blanks, `;` and comments).
    private func isBlank(_ sql: String) -> Bool {
        var rest = sql
        while !rest.allSatisfy({ $0.isWhitespace || $0 == ";" }) {
            var statement: OpaquePointer?
            var next = ""
            let code = rest.withCString { text in
                var tail: UnsafePointer<CChar>?
                let code = sqlite3_prepare_v2(handle, text, -1, &statement, &tail)
                if let tail { next = String(cString: tail) }
                return code
            }
            sqlite3_finalize(statement)
            guard code == SQLITE_OK, statement == nil, next != rest else { return false }
            rest = next
        }
        return true
    }

    private func error(_ code: Int32, sql: String) -> StoreError {
        .sqlite(code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }
}

/// The authorizer of a ``ReadOnlyConnection``: reading only (see there).
/// A plain function, so SQLite can call it through a C pointer.
private func readOnlyAuthorizer(
    _ log: UnsafeMutableRawPointer?, action: Int32, first: UnsafePointer<CChar>?, second: UnsafePointer<CChar>?,
    _: UnsafePointer<CChar>?, _: UnsafePointer<CChar>?
) -> Int32 {
    switch action {
    case SQLITE_SELECT, SQLITE_READ, SQLITE_RECURSIVE:
        return SQLITE_OK
    case SQLITE_UPDATE:
        // SQLite itself asks this, for `sqlite_master.type`, while it connects a virtual
        // table (an FTS index). A statement cannot update the schema table anyway
        // without `writable_schema`, which this authorizer refuses to set.
        let table = first.map { String(cString: $0).lowercased() } ?? ""
        return table == "sqlite_master" || table == "sqlite_schema" ? SQLITE_OK : SQLITE_DENY
    case SQLITE_FUNCTION:
        // `second` is the function's name.
        let name = second.map { String(cString: $0).lowercased() } ?? ""
        return ["load_extension", "fts3_tokenizer", "readfile", "writefile", "edit"].contains(name) ? SQLITE_DENY : SQLITE_OK
    case SQLITE_PRAGMA:
        let name = first.map { String(cString: $0).lowercased() } ?? ""
        let argument = second.map { String(cString: $0) }
        let allowed = ReadOnlyPragmas.allows(name, argument: argument)
        log.map { Unmanaged<PragmaLog>.fromOpaque($0).takeUnretainedValue() }?.record(allowed: allowed && argument == nil)
        return allowed ? SQLITE_OK : SQLITE_DENY
    default:
        return SQLITE_DENY
    }
}

/// What the authorizer saw of pragmas while one statement was compiled: whether the
/// statement is one reporting pragma with no value, which runs even where SQLite's
/// `sqlite3_stmt_readonly` says a pragma could write. Used on the connection's thread only.
private final class PragmaLog {
    private var reporting = 0
    private var other = 0

    func reset() { (reporting, other) = (0, 0) }
    func record(allowed: Bool) { if allowed { reporting += 1 } else { other += 1 } }
    var onlyReporting: Bool { reporting == 1 && other == 0 }
}

/// The pragmas `apicli store sql` runs: those that only report.
enum ReadOnlyPragmas {
    /// Pragmas whose argument names what to report on (`PRAGMA table_info(nyt_articles)`).
    static let reportingOn: Set<String> = [
        "table_info", "table_xinfo", "index_list", "index_info", "index_xinfo", "foreign_key_list",
        "foreign_key_check", "integrity_check", "quick_check",
    ]
    /// Pragmas that report a setting when given no value; with one, they would change it.
    static let reading: Set<String> = [
        "database_list", "compile_options", "function_list", "pragma_list", "module_list",
        "collation_list", "user_version", "schema_version", "application_id", "page_count", "page_size",
        "freelist_count", "encoding", "journal_mode", "data_version", "foreign_keys", "query_only",
    ]

    static func allows(_ name: String, argument: String?) -> Bool {
        reportingOn.contains(name) || (argument == nil && reading.contains(name))
    }
}
