import CSQLite

/// A SQLite file that is not an apicli store: no migrations table, no mark in its header,
/// no WAL. `apicli store export --format sqlite` writes one for other programs to open
/// (DuckDB, Datasette, `sqlite3`), as a single file that can be copied or mailed.
///
/// It is built in one transaction with no journal and no syncs: the caller builds it
/// under a temporary name and moves it into place only once it is whole, so a build
/// that fails is thrown away, never opened, and the durability SQLite would add is the
/// caller's single flush before the rename.
public enum PlainSQLiteFile {
    /// What SQLite may keep of the file's pages while it is built: a write of millions of
    /// rows fills whatever cache it is given, so the peak stays this plus one row.
    static let cacheKibibytes = 2048

    /// Builds the database at `path` (an empty or missing file) with `body`, in one transaction.
    public static func build(at path: String, _ body: (Transaction) throws -> Void) throws {
        let database = try Database(path: path, busyTimeout: .zero)
        _ = try database.query("PRAGMA journal_mode = OFF", [])
        try database.executeScript("PRAGMA synchronous = OFF; PRAGMA cache_size = -\(cacheKibibytes);")
        try database.executeScript("BEGIN")
        let transaction = Transaction(database: database, readOnly: false)
        do {
            try body(transaction)
            transaction.close()
            try database.executeScript("COMMIT")
        } catch {
            transaction.close()
            if database.isInTransaction { try? database.executeScript("ROLLBACK") }
            throw error
        }
    }
}
