import CSQLite

/// The SQLite library's process-wide settings, made once, before its first connection.
///
/// - *No memory count.* By default SQLite counts every allocation it makes
///   (`SQLITE_CONFIG_MEMSTATUS`), for `sqlite3_memory_used` and the soft heap limit, under
///   one global mutex: a lock and an unlock around each `malloc` and `free`
///   (docs/design/0035-store-files.md). apicli reads neither figure.
/// - *Statement journals in memory up to 120 KiB* (`SQLITE_CONFIG_STMTJRNL_SPILL`, 64 KiB by
///   default). A statement that changes several rows and that a constraint could stop half
///   way (a provider file's answer rows, 50 per insert; NYT's too until its migration 5)
///   keeps the pages it changes in a journal of its own, to undo just that statement. Past
///   64 KiB SQLite wrote it to a temporary file, one 16 KiB `pwrite` per page, for
///   journals that live a statement each.
/// - *No block of pages allocated up front* (`SQLITE_CONFIG_PAGECACHE` of 0 pages; 20 by
///   default): each connection's page cache grows as it is used. A start read from the
///   store touched 20 fresh 16 KiB slots at once, most of them never used.
///
/// SQLite takes the settings only before it initialises, which its first `sqlite3_open_v2`
/// does; every place that opens a connection calls ``prepare()`` first, and a `static let`
/// runs the settings once, whichever thread gets there first.
enum SQLiteLibrary {
    /// Makes the settings, if no connection was opened before.
    static func prepare() {
        _ = configured
    }

    private static let configured: Int32 = csqlite_count_memory(0) | csqlite_statement_journal_spill(statementJournalBytes)
        | csqlite_page_cache_first_block(0)

    /// How much of a statement's journal stays in memory before SQLite writes it to a
    /// temporary file. SQLite allocates the journal in blocks of this size; an answer
    /// row statement's journal is ~5 pages (80 KiB at 16 KiB a page).
    ///
    /// Under 128 KiB, always: when a journal outgrows it, SQLite writes each block to the
    /// file in one call, and its unix VFS keeps only the low 17 bits of a write's length
    /// (`nBuf &= 0x1ffff` in `seekAndWriteFd`: no page is that large). With 256 KiB,
    /// an earlier setting, a block's write came back short and the statement
    /// failed with "database or disk is full": `store clear` of a store of 1,000 NYT
    /// articles, or any statement whose journal passed 256 KiB.
    static let statementJournalBytes: Int32 = 120 << 10
}
