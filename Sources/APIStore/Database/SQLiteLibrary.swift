import CSQLite

/// The SQLite library's process-wide settings, made once, before its first connection.
///
/// By default SQLite counts every allocation it makes (`SQLITE_CONFIG_MEMSTATUS`), for
/// `sqlite3_memory_used` and the soft heap limit, under one global mutex: a lock and an
/// unlock around each `malloc` and `free`, about 3.4 % of storing a large answer. apicli
/// reads neither figure, so the counting is off. SQLite takes the setting only before
/// it initialises, which its first `sqlite3_open_v2` does; every place that opens a
/// connection calls ``prepare()`` first, and a `static let` runs the setting once,
/// whichever thread gets there first.
enum SQLiteLibrary {
    /// Makes the settings, if no connection was opened before.
    static func prepare() {
        _ = configured
    }

    private static let configured: Int32 = csqlite_count_memory(0)
}
