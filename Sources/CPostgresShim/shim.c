#include "apicli_pq.h"

#if APICLI_HAVE_LIBPQ

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#if defined(__APPLE__)
#define APICLI_PQ_LIBRARY "libpq.5.dylib"
#else
#define APICLI_PQ_LIBRARY "libpq.so.5"
#endif

#define APICLI_PQ_MISSING(name) \
    "reaching a PostgreSQL database needs libpq (" name "), which is not installed: " \
    "install it (Debian and Ubuntu: apt-get install libpq5)"

/// The entry points used, filled once by `load` under `pthread_once`.
typedef struct {
    PGconn *(*connectdb_params)(const char *const *, const char *const *, int);
    ConnStatusType (*status)(const PGconn *);
    char *(*error_message)(const PGconn *);
    void (*finish)(PGconn *);
    int (*server_version)(const PGconn *);
    PQnoticeProcessor (*set_notice_processor)(PGconn *, PQnoticeProcessor, void *);
    PGresult *(*exec_params)(PGconn *, const char *, int, const Oid *, const char *const *, const int *, const int *, int);
    ExecStatusType (*result_status)(const PGresult *);
    char *(*result_error_message)(const PGresult *);
    char *(*result_error_field)(const PGresult *, int);
    int (*ntuples)(const PGresult *);
    int (*nfields)(const PGresult *);
    char *(*fname)(const PGresult *, int);
    Oid (*ftype)(const PGresult *, int);
    char *(*getvalue)(const PGresult *, int, int);
    int (*getisnull)(const PGresult *, int, int);
    int (*getlength)(const PGresult *, int, int);
    char *(*cmd_tuples)(PGresult *);
    void (*clear)(PGresult *);
    PGcancel *(*get_cancel)(PGconn *);
    int (*cancel)(PGcancel *, char *, int);
    void (*free_cancel)(PGcancel *);
} apicli_pq_api;

static apicli_pq_api api;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static const char *load_error = "libpq was not loaded";
static char load_message[256];

/// Opens `library` and fills `table`; NULL on success, else a message in `buffer`.
static const char *open_library(const char *library, apicli_pq_api *table, int keep, char *buffer, size_t size) {
    void *handle = dlopen(library, RTLD_LAZY | RTLD_LOCAL);
    if (handle == NULL) {
        snprintf(buffer, size, APICLI_PQ_MISSING("%s"), library);
        return buffer;
    }
#define FIND(field, name)                                                                       \
    do {                                                                                        \
        *(void **)(&table->field) = dlsym(handle, name);                                        \
        if (table->field == NULL) {                                                             \
            snprintf(buffer, size, "%s lacks %s; apicli needs libpq 10 or later", library, name); \
            dlclose(handle);                                                                    \
            return buffer;                                                                      \
        }                                                                                       \
    } while (0)
    FIND(connectdb_params, "PQconnectdbParams");
    FIND(status, "PQstatus");
    FIND(error_message, "PQerrorMessage");
    FIND(finish, "PQfinish");
    FIND(server_version, "PQserverVersion");
    FIND(set_notice_processor, "PQsetNoticeProcessor");
    FIND(exec_params, "PQexecParams");
    FIND(result_status, "PQresultStatus");
    FIND(result_error_message, "PQresultErrorMessage");
    FIND(result_error_field, "PQresultErrorField");
    FIND(ntuples, "PQntuples");
    FIND(nfields, "PQnfields");
    FIND(fname, "PQfname");
    FIND(ftype, "PQftype");
    FIND(getvalue, "PQgetvalue");
    FIND(getisnull, "PQgetisnull");
    FIND(getlength, "PQgetlength");
    FIND(cmd_tuples, "PQcmdTuples");
    FIND(clear, "PQclear");
    FIND(get_cancel, "PQgetCancel");
    FIND(cancel, "PQcancel");
    FIND(free_cancel, "PQfreeCancel");
#undef FIND
    if (!keep) dlclose(handle);
    return NULL;
}

static void load(void) {
    load_error = open_library(APICLI_PQ_LIBRARY, &api, 1, load_message, sizeof load_message);
}

const char *apicli_pq_load(void) {
    pthread_once(&once, load);
    return load_error;
}

const char *apicli_pq_probe(const char *library, char *buffer, size_t size) {
    apicli_pq_api table;
    return open_library(library, &table, 0, buffer, size);
}

static void ignore_notice(void *context, const char *message) {
    (void)context;
    (void)message;
}

PGconn *apicli_pq_connect(const char *const *keywords, const char *const *values) {
    PGconn *connection = api.connectdb_params(keywords, values, 1);
    if (connection != NULL) api.set_notice_processor(connection, ignore_notice, NULL);
    return connection;
}

ConnStatusType apicli_pq_status(const PGconn *connection) { return api.status(connection); }
const char *apicli_pq_error_message(const PGconn *connection) { return api.error_message(connection); }
void apicli_pq_finish(PGconn *connection) { api.finish(connection); }
int apicli_pq_server_version(const PGconn *connection) { return api.server_version(connection); }

PGresult *apicli_pq_exec_params(PGconn *connection, const char *command, int count, const char *const *values) {
    return api.exec_params(connection, command, count, NULL, values, NULL, NULL, 0);
}

ExecStatusType apicli_pq_result_status(const PGresult *result) { return api.result_status(result); }
const char *apicli_pq_result_error_message(const PGresult *result) { return api.result_error_message(result); }
const char *apicli_pq_result_error_field(const PGresult *result, int field) { return api.result_error_field(result, field); }
int apicli_pq_ntuples(const PGresult *result) { return api.ntuples(result); }
int apicli_pq_nfields(const PGresult *result) { return api.nfields(result); }
const char *apicli_pq_fname(const PGresult *result, int column) { return api.fname(result, column); }
Oid apicli_pq_ftype(const PGresult *result, int column) { return api.ftype(result, column); }
const char *apicli_pq_getvalue(const PGresult *result, int row, int column) { return api.getvalue(result, row, column); }
int apicli_pq_getisnull(const PGresult *result, int row, int column) { return api.getisnull(result, row, column); }
int apicli_pq_getlength(const PGresult *result, int row, int column) { return api.getlength(result, row, column); }
const char *apicli_pq_cmd_tuples(PGresult *result) { return api.cmd_tuples(result); }
void apicli_pq_clear(PGresult *result) { api.clear(result); }

PGcancel *apicli_pq_get_cancel(PGconn *connection) { return api.get_cancel(connection); }

int apicli_pq_send_cancel(PGcancel *cancel) {
    char message[256];
    return api.cancel(cancel, message, sizeof message);
}

void apicli_pq_free_cancel(PGcancel *cancel) { api.free_cancel(cancel); }

#endif
