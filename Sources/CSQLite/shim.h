#ifndef APICLI_CSQLITE_SHIM_H
#define APICLI_CSQLITE_SHIM_H
#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift
// cannot import; a static inline function hands the same value over.
static inline sqlite3_destructor_type csqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

// sqlite3_db_config is variadic, which Swift cannot call: whether closing the
// last connection checkpoints the WAL into the database file (and deletes it).
static inline int csqlite_checkpoint_on_close(sqlite3 *db, int on) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, on ? 0 : 1, (int *)0);
}
// sqlite3_config is variadic too: whether SQLite counts the memory it allocates
// (SQLITE_CONFIG_MEMSTATUS). It must run before the library initialises.
static inline int csqlite_count_memory(int on) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, on);
}
// How many bytes a statement journal holds in memory before it goes to a temporary
// file (SQLITE_CONFIG_STMTJRNL_SPILL); also before the library initialises.
static inline int csqlite_statement_journal_spill(int bytes) {
    return sqlite3_config(SQLITE_CONFIG_STMTJRNL_SPILL, bytes);
}
// Whether each page cache starts with a block of pages allocated at once
// (SQLITE_CONFIG_PAGECACHE with no buffer: how many, 0 for none); before initialising too.
static inline int csqlite_page_cache_first_block(int pages) {
    return sqlite3_config(SQLITE_CONFIG_PAGECACHE, (void *)0, 0, pages);
}
// sqlite3_wal_hook takes a C callback: after each commit it keeps in *counter how
// many frames the WAL holds. A WAL hook replaces SQLite's automatic checkpoint.
static inline int csqlite_count_wal_frames(void *counter, sqlite3 *db, const char *schema, int frames) {
    (void)db;
    (void)schema;
    *(int *)counter = frames;
    return SQLITE_OK;
}
static inline void csqlite_track_wal_frames(sqlite3 *db, int *counter) {
    sqlite3_wal_hook(db, csqlite_count_wal_frames, counter);
}
#endif
