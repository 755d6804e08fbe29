import APICore

/// The one generic host table every file provider's results live in, with the
/// answer to each query kept as a result set and an FTS5 index over each
/// item's searchable columns.
///
/// - `apicli_file_items`: one row per (provider, item id): the item's JSON, the
///   text of its searchable columns and when it was fetched. `num` is an
///   explicit key so the external-content FTS index survives `VACUUM`.
/// - `apicli_file_items_fts`: FTS5 over `search_text`, kept in step by triggers.
/// - `apicli_file_queries`: each query answered, its total and when.
/// - `apicli_file_results`: which items answered which query, in order.
///
/// Every file provider lists this schema as its migration 1 (the conformance
/// suite and `StoreOpener` migrate a provider by its own migrations), so each
/// statement is `IF NOT EXISTS`: the first file provider run creates the
/// tables, the others find them. A later change must be as idempotent.
public enum FileItemSchema {
    public static let migrations: [Migration] = [
        Migration(
            1,
            sql: """
                CREATE TABLE IF NOT EXISTS apicli_file_items (
                    num INTEGER PRIMARY KEY,
                    provider TEXT NOT NULL,
                    item_id TEXT NOT NULL,
                    json TEXT NOT NULL,
                    search_text TEXT NOT NULL DEFAULT '',
                    fetched_at REAL NOT NULL,
                    UNIQUE (provider, item_id)
                );
                CREATE VIRTUAL TABLE IF NOT EXISTS apicli_file_items_fts USING fts5(
                    search_text, content = 'apicli_file_items', content_rowid = 'num'
                );
                CREATE TRIGGER IF NOT EXISTS apicli_file_items_fts_insert AFTER INSERT ON apicli_file_items BEGIN
                    INSERT INTO apicli_file_items_fts (rowid, search_text) VALUES (new.num, new.search_text);
                END;
                CREATE TRIGGER IF NOT EXISTS apicli_file_items_fts_delete AFTER DELETE ON apicli_file_items BEGIN
                    INSERT INTO apicli_file_items_fts (apicli_file_items_fts, rowid, search_text)
                    VALUES ('delete', old.num, old.search_text);
                END;
                CREATE TRIGGER IF NOT EXISTS apicli_file_items_fts_update AFTER UPDATE ON apicli_file_items
                WHEN old.search_text IS NOT new.search_text BEGIN
                    INSERT INTO apicli_file_items_fts (apicli_file_items_fts, rowid, search_text)
                    VALUES ('delete', old.num, old.search_text);
                    INSERT INTO apicli_file_items_fts (rowid, search_text) VALUES (new.num, new.search_text);
                END;
                CREATE TABLE IF NOT EXISTS apicli_file_queries (
                    provider TEXT NOT NULL,
                    query_key TEXT NOT NULL,
                    total INTEGER,
                    fetched_at REAL NOT NULL,
                    PRIMARY KEY (provider, query_key)
                ) WITHOUT ROWID;
                CREATE TABLE IF NOT EXISTS apicli_file_results (
                    provider TEXT NOT NULL,
                    query_key TEXT NOT NULL,
                    position INTEGER NOT NULL,
                    item_id TEXT NOT NULL,
                    PRIMARY KEY (provider, query_key, position)
                ) WITHOUT ROWID;
                """)
    ]
}
