import APICore

/// The tables file providers used before the engine owned its storage:
/// `apicli_file_items`, its FTS index, `apicli_file_queries` and
/// `apicli_file_results`, created by each file provider's own migration 1
/// (`IF NOT EXISTS`) in the host's `apicli_` namespace.
///
/// Their rows move into the engine's tables inside the migration's
/// transaction, so a store has either the old tables or the new ones with
/// every row, never half of each; migration 1's insert trigger (dropped by
/// migration 2, which runs after it) rebuilds the full-text index as the rows arrive.
enum LegacyFileTables {
    static func moveRows(in tx: any StoreTransaction) throws {
        let found = try tx.queryOne(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'apicli_file_items'")
        guard found != nil else { return }
        try tx.executeScript("""
            INSERT INTO provider_files_items (num, provider, item_id, json, search_text, fetched_at)
                SELECT num, provider, item_id, json, search_text, fetched_at FROM apicli_file_items;
            INSERT INTO provider_files_queries (provider, query_key, total, fetched_at)
                SELECT provider, query_key, total, fetched_at FROM apicli_file_queries;
            INSERT INTO provider_files_results (provider, query_key, position, item_id)
                SELECT provider, query_key, position, item_id FROM apicli_file_results;
            DROP TABLE apicli_file_items_fts;
            DROP TABLE apicli_file_results;
            DROP TABLE apicli_file_queries;
            DROP TABLE apicli_file_items;
            """)
    }
}
