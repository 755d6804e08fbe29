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
#endif
