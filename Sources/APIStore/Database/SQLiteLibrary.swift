import CSQLite

/// Process-wide SQLite settings, applied once before the first connection opens.
///
/// Every place that opens a connection calls ``prepare()`` first. The first call
/// runs the settings (a Swift global's initialiser runs once, and any other thread
/// waits for it), so no connection is ever opening while they are changed, which
/// `sqlite3_config` requires.
enum SQLiteLibrary {
    /// No count of SQLite's memory: without it each `malloc`/`free` SQLite makes skips
    /// a global mutex and two counters (about 1 % of storing 1,000 articles).
    private static let configured: Bool = csqlite_skip_memory_count() == SQLITE_OK

    static func prepare() {
        _ = configured
    }
}
