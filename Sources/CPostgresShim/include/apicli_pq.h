// libpq, loaded when a team database is first used.
//
// apicli never links libpq: only `store sync` and `store sql --db postgresql://…`
// talk to PostgreSQL, so every other run must not pay for loading it and its
// dependencies (OpenSSL, GSSAPI, LDAP). This shim opens `libpq.so.5` with dlopen
// on first use and calls it through function pointers found with dlsym. The types
// come from <libpq-fe.h> (libpq-dev, on the stock image); the soname fixes the
// ABI those types describe.
#ifndef APICLI_PQ_H
#define APICLI_PQ_H

// On Linux libpq's header is needed to build, as SQLite's is. Elsewhere (macOS
// without Homebrew's libpq) the shim is empty: the host imports it on Linux only,
// and says there that a team database cannot be reached.
#if !__has_include(<postgresql/libpq-fe.h>) && !__has_include(<libpq-fe.h>) && defined(__linux__)
#error "apicli needs libpq's header libpq-fe.h to build: install libpq-dev (Debian, Ubuntu) or libpq-devel (Fedora)"
#endif
#if __has_include(<postgresql/libpq-fe.h>)
#include <postgresql/libpq-fe.h>
#define APICLI_HAVE_LIBPQ 1
#elif __has_include(<libpq-fe.h>)
#include <libpq-fe.h>
#define APICLI_HAVE_LIBPQ 1
#endif

#if APICLI_HAVE_LIBPQ
#include <stddef.h>

/// Opens libpq once per process (thread-safe). Returns NULL on success, else a
/// static one-line message saying what is missing.
const char *apicli_pq_load(void);

/// Tries to open `library` and find every entry point used, without keeping it:
/// NULL when it would work, else the message `apicli_pq_load` would give, written
/// into `buffer`. Lets tests see the "not installed" line without uninstalling libpq.
const char *apicli_pq_probe(const char *library, char *buffer, size_t size);

/// The calls used, each only after a successful `apicli_pq_load`. A connection
/// made here prints no notices (libpq's default writes them to stderr).
PGconn *apicli_pq_connect(const char *const *keywords, const char *const *values);
ConnStatusType apicli_pq_status(const PGconn *connection);
const char *apicli_pq_error_message(const PGconn *connection);
void apicli_pq_finish(PGconn *connection);
int apicli_pq_server_version(const PGconn *connection);
PGresult *apicli_pq_exec_params(PGconn *connection, const char *command, int count, const char *const *values);
ExecStatusType apicli_pq_result_status(const PGresult *result);
const char *apicli_pq_result_error_message(const PGresult *result);
const char *apicli_pq_result_error_field(const PGresult *result, int field);
int apicli_pq_ntuples(const PGresult *result);
int apicli_pq_nfields(const PGresult *result);
const char *apicli_pq_fname(const PGresult *result, int column);
Oid apicli_pq_ftype(const PGresult *result, int column);
const char *apicli_pq_getvalue(const PGresult *result, int row, int column);
int apicli_pq_getisnull(const PGresult *result, int row, int column);
int apicli_pq_getlength(const PGresult *result, int row, int column);
const char *apicli_pq_cmd_tuples(PGresult *result);
void apicli_pq_clear(PGresult *result);
/// What cancelling the connection's statement needs, made on the connection's own thread.
PGcancel *apicli_pq_get_cancel(PGconn *connection);
/// Asks the server to cancel the statement (for Ctrl-C): libpq makes this safe from any
/// thread, even a signal handler. 1 when the request was sent.
int apicli_pq_send_cancel(PGcancel *cancel);
void apicli_pq_free_cancel(PGcancel *cancel);

#endif
#endif
