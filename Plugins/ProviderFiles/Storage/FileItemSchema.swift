import APICore

/// The engine's tables, which every file provider's results live in, owned by
/// the engine (``owner``) as NYT's tables are owned by NYT: the answer to each
/// query kept as a result set, with an FTS5 index over each item's searchable
/// columns.
///
/// - `provider_files_items`: one row per (provider, item id): the item's JSON,
///   the text of its searchable columns and when it was fetched. `num` is an
///   explicit key so the external-content FTS index survives `VACUUM`.
/// - `provider_files_items_fts`: FTS5 over `search_text`. Deletes and updates of
///   `search_text` keep it in step by triggers (so a plain `DELETE` of a
///   provider's rows keeps it right too); a new item's FTS row is inserted by
///   ``FileItemStore`` itself (migration 2), since an insert trigger made every
///   row's statement a savepoint, and FTS5 writes its buffered terms out at each.
///   Its segments are merged sixteen at a time (migration 3, ``FTS5Merging``).
/// - `provider_files_queries`: each query answered, its total and when, under its
///   request's canonical form (``AnswerKey``).
/// - `provider_files_results`: which items answered which query, in order.
/// - `provider_files_item_versions`: each item's versions (migration 4), and
///   `provider_files_versions`, a view of them in the shape every provider's has.
///
/// The owner has an underscore, which no provider's name can have, so no
/// provider's `<name>_` prefix can claim these tables.
public enum FileItemSchema {
    /// The migrations' owner and the tables' prefix.
    public static let owner = "provider_files"

    static let items = "provider_files_items"
    static let index = "provider_files_items_fts"
    static let queries = "provider_files_queries"
    static let results = "provider_files_results"
    static let versions = "provider_files_item_versions"

    /// Where a file provider's rows are: the engine's tables, by their `provider` column.
    public static let ownership = StorageOwnership(
        owner: owner, shared: .init(tables: [versions, results, queries, items], providerColumn: "provider"),
        versionTables: [syncedVersions])

    /// What the host's store migrates for the engine, even when no provider file is left.
    public static var storage: CatalogStorage { CatalogStorage(ownership: ownership, migrations: migrations) }

    /// Append new steps at the end; never edit a released one.
    public static let migrations: [Migration] = [
        Migration(1, apply: { tx in
            try tx.executeScript(tablesSQL)
            try LegacyFileTables.moveRows(in: tx)
        }),
        // New items are indexed by `FileItemStore.store` with one direct FTS5 insert
        // each, and only an update of `search_text` fires the update trigger (an update
        // of `json` and `fetched_at` alone needs no savepoint, so FTS5 keeps its buffer).
        Migration(2, sql: bulkTriggersSQL),
        // FTS5 merges its segments sixteen at a time, not four (`FTS5Merging`).
        Migration(3, sql: FTS5Merging.sql(for: index)),
        // Every item keeps its versions: a row each time a fetch brings a new JSON, and the
        // hash of the latest in the item's row; each stored item becomes its own first
        // version (docs/design/0260-item-versions.md).
        Migration(4, apply: { tx in
            try tx.executeScript(versionsSQL)
            try FileItemStore.migrateToVersions(tx)
        }),
    ]

    /// Migration 4's table, and `provider_files_versions`: every item's versions in the shape
    /// every provider's versions view has (`item`, `fetched_at`, `hash`, `query`, `content`),
    /// with the `provider` they belong to.
    static let versionsSQL = """
        ALTER TABLE provider_files_items ADD COLUMN content_hash INTEGER;
        CREATE TABLE provider_files_item_versions (
            num INTEGER PRIMARY KEY,
            provider TEXT NOT NULL,
            item_id TEXT NOT NULL,
            fetched_at REAL NOT NULL,
            hash INTEGER NOT NULL,
            query_key TEXT,
            json TEXT NOT NULL
        );
        CREATE INDEX provider_files_item_versions_item ON provider_files_item_versions (provider, item_id, fetched_at);
        CREATE VIEW provider_files_versions (provider, item, fetched_at, hash, query, content) AS
            SELECT provider, item_id, fetched_at, hash, query_key, json FROM provider_files_item_versions;
        """


    static let bulkTriggersSQL = """
        DROP TRIGGER provider_files_items_fts_insert;
        DROP TRIGGER provider_files_items_fts_update;
        CREATE TRIGGER provider_files_items_fts_update AFTER UPDATE OF search_text ON provider_files_items
        WHEN old.search_text IS NOT new.search_text BEGIN
            INSERT INTO provider_files_items_fts (provider_files_items_fts, rowid, search_text)
            VALUES ('delete', old.num, old.search_text);
            INSERT INTO provider_files_items_fts (rowid, search_text) VALUES (new.num, new.search_text);
        END;
        """

    static let tablesSQL = """
        CREATE TABLE provider_files_items (
            num INTEGER PRIMARY KEY,
            provider TEXT NOT NULL,
            item_id TEXT NOT NULL,
            json TEXT NOT NULL,
            search_text TEXT NOT NULL DEFAULT '',
            fetched_at REAL NOT NULL,
            UNIQUE (provider, item_id)
        );
        CREATE VIRTUAL TABLE provider_files_items_fts USING fts5(
            search_text, content = 'provider_files_items', content_rowid = 'num'
        );
        CREATE TRIGGER provider_files_items_fts_insert AFTER INSERT ON provider_files_items BEGIN
            INSERT INTO provider_files_items_fts (rowid, search_text) VALUES (new.num, new.search_text);
        END;
        CREATE TRIGGER provider_files_items_fts_delete AFTER DELETE ON provider_files_items BEGIN
            INSERT INTO provider_files_items_fts (provider_files_items_fts, rowid, search_text)
            VALUES ('delete', old.num, old.search_text);
        END;
        CREATE TRIGGER provider_files_items_fts_update AFTER UPDATE ON provider_files_items
        WHEN old.search_text IS NOT new.search_text BEGIN
            INSERT INTO provider_files_items_fts (provider_files_items_fts, rowid, search_text)
            VALUES ('delete', old.num, old.search_text);
            INSERT INTO provider_files_items_fts (rowid, search_text) VALUES (new.num, new.search_text);
        END;
        CREATE TABLE provider_files_queries (
            provider TEXT NOT NULL,
            query_key TEXT NOT NULL,
            total INTEGER,
            fetched_at REAL NOT NULL,
            PRIMARY KEY (provider, query_key)
        ) WITHOUT ROWID;
        CREATE TABLE provider_files_results (
            provider TEXT NOT NULL,
            query_key TEXT NOT NULL,
            position INTEGER NOT NULL,
            item_id TEXT NOT NULL,
            PRIMARY KEY (provider, query_key, position)
        ) WITHOUT ROWID;
        """
}
