// harness SRC OUT PRE_SQL POST_SQL FTS_FROM FTS_TO SKIP_INDEXES [FLAGS]
//
// Stores the NYT rows of SRC (a store apicli made) into a fresh OUT the way apicli's
// ArticleStore does (one transaction; per article an INSERT ... ON CONFLICT DO NOTHING and,
// for a new row, one FTS5 insert; then the answer's rows 50 per statement; the commit, and
// past 1 MiB of WAL a RESTART checkpoint and one write of page 1 that starts the WAL over),
// with SQLite configured as apicli configures it (statement journals in memory up to 256 KiB,
// no bulk page-cache block, a 1 MiB cache) and the schema read from SRC, under one variant:
// PRE_SQL runs before the schema (page_size, wal_autocheckpoint; the page size is otherwise
// SRC's), POST_SQL after it (FTS5 options), FTS_FROM -> FTS_TO edits the FTS5 table's definition
// (a tokenizer), SKIP_INDEXES leaves out indexes by name (comma-separated); FLAGS: noanswer,
// nockpt, truncate (the checkpoint empties the WAL, the old choice: docs/design/0035-store-files.md), optimize,
// close, nofk (foreign keys off), noartfk (the answer rows without their article key),
// artnum (answer rows naming articles by num), intkeys (and queries by num too); these last three need a
// store made before NYT's migration 5, whose answers are rows (since then an answer is one JSON array).
// Linked with the same libsqlite3.a as apicli; callgrind counts store_page() (run.sh).
// Prints the wall time of store_page and the FTS5 integrity-check passes (it exits 1 if not).
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#define N 19
static const char *cols = "id, web_url, headline, abstract, lead_paragraph, snippet, byline, pub_date, section_name, subsection_name, news_desk, type_of_material, document_type, word_count, print_page, source, keywords, multimedia, fetched_at";
static int idx[6] = {2, 3, 4, 5, 6, 16};
typedef struct { int type; sqlite3_int64 i; double d; char *t; int n; } V;
static V *rows; static int nrows; static char key[512];
static const char *flags = "";
static void die(sqlite3 *db, const char *w) { fprintf(stderr, "%s: %s\n", w, sqlite3_errmsg(db)); exit(1); }
static void ex(sqlite3 *db, const char *sql) { char *e = 0; if (sqlite3_exec(db, sql, 0, 0, &e)) { fprintf(stderr, "%s: %s\n", sql, e); exit(1); } }
static void bindv(sqlite3_stmt *s, int pos, V *v) {
    if (v->type == SQLITE_INTEGER) sqlite3_bind_int64(s, pos, v->i);
    else if (v->type == SQLITE_FLOAT) sqlite3_bind_double(s, pos, v->d);
    else if (v->type == SQLITE_TEXT) sqlite3_bind_text(s, pos, v->t, v->n, SQLITE_STATIC);
    else sqlite3_bind_null(s, pos);
}
void store_answer(sqlite3 *db);
__attribute__((noinline)) void store_page(sqlite3 *db, const char *path) {
    char sql[4096];
    snprintf(sql, sizeof sql, "INSERT INTO nyt_articles (%s) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?) ON CONFLICT (id) DO NOTHING", cols);
    sqlite3_stmt *ins, *fts;
    if (sqlite3_prepare_v2(db, sql, -1, &ins, 0)) die(db, "ins");
    if (sqlite3_prepare_v2(db, "INSERT INTO nyt_articles_fts (rowid, headline, abstract, lead_paragraph, snippet, byline, keywords) VALUES (?,?,?,?,?,?,?)", -1, &fts, 0)) die(db, "fts");
    ex(db, "BEGIN IMMEDIATE");
    for (int r = 0; r < nrows; r++) {
        V *row = rows + r * N;
        for (int c = 0; c < N; c++) bindv(ins, c + 1, row + c);
        if (sqlite3_step(ins) != SQLITE_DONE) die(db, "step ins");
        sqlite3_reset(ins);
        if (sqlite3_changes(db) == 1) {
            sqlite3_bind_int64(fts, 1, sqlite3_last_insert_rowid(db));
            for (int c = 0; c < 6; c++) bindv(fts, c + 2, row + idx[c]);
            if (sqlite3_step(fts) != SQLITE_DONE) die(db, "step fts");
            sqlite3_reset(fts);
        }
    }
    if (!strstr(flags, "noanswer")) store_answer(db);
    if (strstr(flags, "optimize")) ex(db, "INSERT INTO nyt_articles_fts (nyt_articles_fts) VALUES ('optimize')");
    ex(db, "COMMIT");
    char wal[1024]; snprintf(wal, sizeof wal, "%s-wal", path); struct stat st;
    if (!strstr(flags, "nockpt") && stat(wal, &st) == 0 && st.st_size > (1 << 20)) {
        if (strstr(flags, "truncate")) ex(db, "PRAGMA wal_checkpoint(TRUNCATE)");
        else { ex(db, "PRAGMA wal_checkpoint(RESTART)"); ex(db, "PRAGMA user_version = 0"); }
    }
    sqlite3_finalize(ins); sqlite3_finalize(fts);
}
static sqlite3_int64 query_num; static int int_query, int_article;
/// The query's key as the answer's rows hold it: its text, or its `num` (`intkeys`).
static void bind_query(sqlite3_stmt *s, int pos) {
    if (int_query) sqlite3_bind_int64(s, pos, query_num); else sqlite3_bind_text(s, pos, key, -1, SQLITE_STATIC);
}
/// Article `index` as the answer's rows hold it: its id, or its `num` (`artnum`, `intkeys`; rows are numbered in order).
static void bind_article(sqlite3_stmt *s, int pos, int index) {
    if (int_article) sqlite3_bind_int64(s, pos, index + 1); else bindv(s, pos, rows + index * N);
}
/// The answer as apicli stores it since NYT's migration 5: the ids, in order, as one JSON array in the query's row.
static void store_answer_array(sqlite3 *db) {
    size_t cap = 64, n = 0; char *json = malloc(cap);
    json[n++] = '[';
    for (int r = 0; r < nrows; r++) {
        V *id = rows + r * N;
        if (n + 6 * (size_t)id->n + 8 > cap) { cap = 2 * cap + 6 * (size_t)id->n + 8; json = realloc(json, cap); }
        if (r) json[n++] = ',';
        json[n++] = '"';
        for (int i = 0; i < id->n; i++) {
            unsigned char c = (unsigned char)id->t[i];
            if (c == '"' || c == '\\') { json[n++] = '\\'; json[n++] = (char)c; }
            else if (c < 0x20) n += (size_t)sprintf(json + n, "\\u%04x", c);
            else json[n++] = (char)c;
        }
        json[n++] = '"';
    }
    json[n++] = ']';
    sqlite3_stmt *q;
    if (sqlite3_prepare_v2(db, "INSERT INTO nyt_queries (key, q, first_page, last_page, fetched_at, article_ids) "
                           "VALUES (?, 'x', 0, 0, 0, ?) ON CONFLICT (key) DO UPDATE SET article_ids = excluded.article_ids",
                           -1, &q, 0)) die(db, "q");
    sqlite3_bind_text(q, 1, key, -1, SQLITE_STATIC);
    sqlite3_bind_text(q, 2, json, (int)n, SQLITE_STATIC);
    if (sqlite3_step(q) != SQLITE_DONE) die(db, "q step");
    sqlite3_finalize(q); free(json);
}
/// The query's row, its old answer rows deleted, then the new ones 50 per statement and the rest one by one;
/// or, in a schema with `nyt_queries.article_ids`, one array (`store_answer_array`).
__attribute__((noinline)) void store_answer(sqlite3 *db) {
    sqlite3_stmt *probe;
    if (sqlite3_prepare_v2(db, "SELECT 1 FROM pragma_table_info('nyt_queries') WHERE name = 'article_ids'", -1, &probe, 0)) die(db, "probe");
    int array = sqlite3_step(probe) == SQLITE_ROW; sqlite3_finalize(probe);
    if (array) { store_answer_array(db); return; }
    int_query = strstr(flags, "intkeys") != 0;
    int_article = int_query || strstr(flags, "artnum") != 0;
    const char *qcol = int_query ? "query_num" : "query_key", *acol = int_article ? "article_num" : "article_id";
    sqlite3_stmt *q, *del, *batch, *one;
    char b[8192];
    snprintf(b, sizeof b, "INSERT INTO nyt_queries (key, q, first_page, last_page, fetched_at) VALUES (?, 'x', 0, 0, 0) "
             "ON CONFLICT (key) DO UPDATE SET hits = excluded.hits RETURNING %s", int_query ? "num" : "0");
    if (sqlite3_prepare_v2(db, b, -1, &q, 0)) die(db, "q");
    sqlite3_bind_text(q, 1, key, -1, SQLITE_STATIC);
    if (sqlite3_step(q) != SQLITE_ROW) die(db, "q");
    query_num = sqlite3_column_int64(q, 0);
    if (sqlite3_step(q) != SQLITE_DONE) die(db, "q");
    sqlite3_finalize(q);
    snprintf(b, sizeof b, "DELETE FROM nyt_query_results WHERE %s = ?", qcol);
    if (sqlite3_prepare_v2(db, b, -1, &del, 0)) die(db, "del");
    bind_query(del, 1); sqlite3_step(del); sqlite3_finalize(del);
    int o = snprintf(b, sizeof b, "INSERT INTO nyt_query_results (%s, position, %s) VALUES ", qcol, acol);
    for (int i = 0; i < 50; i++) o += snprintf(b + o, sizeof b - o, "%s(?1, ?2 + %d, ?%d)", i ? ", " : "", i, i + 3);
    if (sqlite3_prepare_v2(db, b, -1, &batch, 0)) die(db, "batch");
    snprintf(b, sizeof b, "INSERT INTO nyt_query_results (%s, position, %s) VALUES (?1, ?2, ?3)", qcol, acol);
    if (sqlite3_prepare_v2(db, b, -1, &one, 0)) die(db, "one");
    int p = 0;
    while (nrows - p >= 50) {
        bind_query(batch, 1); sqlite3_bind_int64(batch, 2, p);
        for (int i = 0; i < 50; i++) bind_article(batch, i + 3, p + i);
        if (sqlite3_step(batch) != SQLITE_DONE) die(db, "batch step");
        sqlite3_reset(batch); p += 50;
    }
    for (; p < nrows; p++) {
        bind_query(one, 1); sqlite3_bind_int64(one, 2, p); bind_article(one, 3, p);
        if (sqlite3_step(one) != SQLITE_DONE) die(db, "one step");
        sqlite3_reset(one);
    }
    sqlite3_finalize(batch); sqlite3_finalize(one);
}
static char *replace(const char *s, const char *from, const char *to) {
    const char *at = *from ? strstr(s, from) : 0; if (!at) return strdup(s);
    char *r = malloc(strlen(s) + strlen(to) + 1); size_t k = at - s;
    memcpy(r, s, k); strcpy(r + k, to); strcat(r, at + strlen(from)); return r;
}
int main(int argc, char **argv) {
    sqlite3_config(SQLITE_CONFIG_STMTJRNL_SPILL, 1 << 18);
    sqlite3_config(SQLITE_CONFIG_PAGECACHE, (void *)0, 0, 0);
    const char *src = argv[1], *out = argv[2], *pre = argv[3], *post = argv[4], *from = argv[5], *to = argv[6], *skip = argv[7];
    if (argc > 8) flags = argv[8];
    sqlite3 *s; sqlite3_open_v2(src, &s, SQLITE_OPEN_READONLY, 0);
    char sql[2048]; snprintf(sql, sizeof sql, "SELECT %s FROM nyt_articles ORDER BY num", cols);
    sqlite3_stmt *st; sqlite3_prepare_v2(s, sql, -1, &st, 0);
    int cap = 1024; rows = malloc(sizeof(V) * N * cap);
    while (sqlite3_step(st) == SQLITE_ROW) {
        if (nrows == cap) { cap *= 2; rows = realloc(rows, sizeof(V) * N * cap); }
        for (int c = 0; c < N; c++) { V *v = rows + nrows * N + c; v->type = sqlite3_column_type(st, c);
            v->i = sqlite3_column_int64(st, c); v->d = sqlite3_column_double(st, c);
            if (v->type == SQLITE_TEXT) { v->n = sqlite3_column_bytes(st, c); v->t = malloc(v->n + 1); memcpy(v->t, sqlite3_column_text(st, c), v->n + 1); } }
        nrows++;
    }
    sqlite3_finalize(st);
    sqlite3_prepare_v2(s, "SELECT key FROM nyt_queries", -1, &st, 0); sqlite3_step(st); strcpy(key, (const char *)sqlite3_column_text(st, 0)); sqlite3_finalize(st);
    char path[1024]; for (const char *suf[] = {"", "-wal", "-shm"}, **p = suf; p < suf + 3; p++) { snprintf(path, sizeof path, "%s%s", out, *p); unlink(path); }
    sqlite3 *db; if (sqlite3_open_v2(out, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, 0)) die(db, "open");
    // The page size of the store SRC is (apicli makes new stores with 16 KiB pages); PRE may change it.
    sqlite3_prepare_v2(s, "PRAGMA page_size", -1, &st, 0); sqlite3_step(st);
    char size[64]; snprintf(size, sizeof size, "PRAGMA page_size = %d;", sqlite3_column_int(st, 0)); sqlite3_finalize(st);
    ex(db, size);
    ex(db, pre);
    ex(db, "PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL; PRAGMA cache_size = -1024;");
    if (strstr(flags, "nofk")) ex(db, "PRAGMA foreign_keys = OFF");
    ex(db, "BEGIN");
    sqlite3_prepare_v2(s, "SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'nyt_articles_fts_%' AND name NOT LIKE 'sqlite_%' ORDER BY rowid", -1, &st, 0);
    while (sqlite3_step(st) == SQLITE_ROW) {
        const char *name = (const char *)sqlite3_column_text(st, 0), *q = (const char *)sqlite3_column_text(st, 1);
        char pad[300]; snprintf(pad, sizeof pad, ",%s,", name); char sk[1024]; snprintf(sk, sizeof sk, ",%s,", skip);
        if (strstr(sk, pad)) continue;
        char *t = strstr(q, "VIRTUAL TABLE") ? replace(q, from, to) : strdup(q);
        ex(db, t); free(t);
    }
    sqlite3_finalize(st);
    ex(db, post);
    if (strstr(flags, "noartfk")) ex(db, "DROP TABLE nyt_query_results; CREATE TABLE nyt_query_results (query_key TEXT NOT NULL REFERENCES nyt_queries (key) ON DELETE CASCADE, position INTEGER NOT NULL, article_id TEXT NOT NULL, PRIMARY KEY (query_key, position)) WITHOUT ROWID;");
    if (strstr(flags, "artnum")) ex(db, "DROP TABLE nyt_query_results; CREATE TABLE nyt_query_results (query_key TEXT NOT NULL REFERENCES nyt_queries (key) ON DELETE CASCADE, position INTEGER NOT NULL, article_num INTEGER NOT NULL REFERENCES nyt_articles (num) ON DELETE CASCADE, PRIMARY KEY (query_key, position)) WITHOUT ROWID;");
    if (strstr(flags, "intkeys")) ex(db, "DROP TABLE nyt_query_results; DROP TABLE nyt_queries; CREATE TABLE nyt_queries (num INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, q TEXT NOT NULL, begin_date TEXT, end_date TEXT, sort TEXT, fq TEXT, first_page INTEGER NOT NULL, last_page INTEGER NOT NULL, hits INTEGER, fetched_at REAL NOT NULL); CREATE TABLE nyt_query_results (query_num INTEGER NOT NULL REFERENCES nyt_queries (num) ON DELETE CASCADE, position INTEGER NOT NULL, article_num INTEGER NOT NULL REFERENCES nyt_articles (num) ON DELETE CASCADE, PRIMARY KEY (query_num, position)) WITHOUT ROWID; ");
    ex(db, "COMMIT");
    struct timespec a, b; clock_gettime(CLOCK_MONOTONIC, &a);
    store_page(db, out);
    clock_gettime(CLOCK_MONOTONIC, &b);
    if (strstr(flags, "close")) { sqlite3_close(db); sqlite3_open(out, &db); }
    ex(db, "INSERT INTO nyt_articles_fts (nyt_articles_fts, rank) VALUES ('integrity-check', 1)");
    sqlite3_prepare_v2(db, "SELECT (SELECT count(*) FROM nyt_articles_fts_idx), (SELECT count(*) FROM nyt_articles_fts_data), (SELECT page_count FROM pragma_page_count), (SELECT page_size FROM pragma_page_size)", -1, &st, 0);
    sqlite3_step(st);
    printf("wall %.1f ms  idx %d data %d  pages %d x %d\n", (b.tv_sec - a.tv_sec) * 1e3 + (b.tv_nsec - a.tv_nsec) / 1e6,
           sqlite3_column_int(st, 0), sqlite3_column_int(st, 1), sqlite3_column_int(st, 2), sqlite3_column_int(st, 3));
    sqlite3_finalize(st); sqlite3_close(db); return 0;
}
