import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads and writes one file provider's rows of the engine's tables (see
/// ``FileItemSchema``) inside one of the host's transactions. Counting and
/// deleting them is the host's, from ``FileItemSchema/ownership``.
struct FileItemStore {
    let transaction: any StoreTransaction
    let provider: String

    init(_ transaction: any StoreTransaction, provider: String) {
        self.transaction = transaction
        self.provider = provider
    }

    static let insertNewItem =
        SQLStatement.insert(into: "provider_files_items", columns: ["provider", "item_id", "json", "search_text", "fetched_at"])
        + " ON CONFLICT (provider, item_id) DO NOTHING"

    static let insertIndexRow = SQLStatement.insert(into: "provider_files_items_fts", columns: ["rowid", "search_text"])

    /// Rewrites a stored item's columns that the index does not read, and returns the one it does.
    static let refreshItem =
        "UPDATE provider_files_items SET json = ?, fetched_at = ? WHERE provider = ? AND item_id = ? RETURNING search_text"

    /// Rewrites a stored item's indexed column: the update trigger re-indexes it.
    static let reindexItem = "UPDATE provider_files_items SET search_text = ? WHERE provider = ? AND item_id = ?"

    static let upsertQuery = SQLStatement.upsert(
        into: "provider_files_queries", columns: ["provider", "query_key", "total", "fetched_at"],
        conflict: ["provider", "query_key"])

    /// Stores the items and replaces the answer to `key` whole: the host's
    /// transaction (one per page) makes the replacement all or nothing.
    func save(_ answer: FileAnswer, for key: String, searchText: (FileItem) -> String, at fetchedAt: Date) throws {
        let name = SQLValue.text(provider)
        for item in answer.items {
            try store(item, searchText: searchText(item), at: fetchedAt)
        }
        try transaction.execute(Self.upsertQuery, [name, .text(key), answer.total.sql, fetchedAt.sql])
        try transaction.execute(
            "DELETE FROM provider_files_results WHERE provider = ? AND query_key = ?", [name, .text(key)])
        try Self.results.insert(answer.items.lazy.map { .text($0.id) }, under: [name, .text(key)], in: transaction)
    }

    /// Which items answered a query, in order, recorded ``PositionedRows/batch`` per statement.
    static let results = PositionedRows(
        table: "provider_files_results", keyColumns: ["provider", "query_key"], positionColumn: "position",
        valueColumn: "item_id")

    /// Stores one item, or refreshes it: any answer may share it.
    ///
    /// A new item is inserted with its FTS5 row, one prepared statement each (no
    /// trigger, so no savepoint, so FTS5 keeps its terms buffered until the
    /// commit). A stored one gets its JSON and `fetched_at` rewritten by an update
    /// that touches no indexed column (so it fires no trigger either); only when
    /// its searchable text changed does the update trigger re-index it.
    func store(_ item: FileItem, searchText: String, at fetchedAt: Date) throws {
        let name = SQLValue.text(provider), id = SQLValue.text(item.id), text = SQLValue.text(searchText)
        let json = SQLValue.text(item.value.serialized(pretty: false))
        try transaction.execute(Self.insertNewItem, [name, id, json, text, fetchedAt.sql])
        if transaction.changes == 1 {
            try transaction.execute(Self.insertIndexRow, [.integer(transaction.lastInsertRowID), text])
            return
        }
        guard let stored = try transaction.queryOne(Self.refreshItem, [json, fetchedAt.sql, name, id]) else {
            throw StoreError.misuse(reason: "the \(provider) item \(item.id) was neither new nor stored")
        }
        if stored[0] != text {
            try transaction.execute(Self.reindexItem, [text, name, id])
        }
    }

    /// The stored answer to this exact query first (the API matched it on text
    /// apicli may not keep), then every stored item whose searchable columns
    /// hold all the words, by relevance, up to `limit`; nil when nothing matches.
    func search(_ words: String, answerKey: String, limit: Int) throws -> Stored<FileAnswer>? {
        let name = SQLValue.text(provider)
        let answered = try transaction.queryOne(
            "SELECT total, fetched_at FROM provider_files_queries WHERE provider = ? AND query_key = ?",
            [name, .text(answerKey)])
        var rows = try transaction.query(
            "SELECT i.item_id, i.json, i.fetched_at FROM provider_files_results r JOIN provider_files_items i "
                + "ON i.provider = r.provider AND i.item_id = r.item_id "
                + "WHERE r.provider = ? AND r.query_key = ? ORDER BY r.position", [name, .text(answerKey)])
        let limit = max(limit, rows.count)
        if let match = FTSQuery.allWords(words) {
            rows += try transaction.query(
                "SELECT i.item_id, i.json, i.fetched_at FROM provider_files_items_fts JOIN provider_files_items i "
                    + "ON i.num = provider_files_items_fts.rowid WHERE provider_files_items_fts MATCH ? AND i.provider = ? "
                    + "ORDER BY provider_files_items_fts.rank LIMIT ?", [.text(match), name, .integer(Int64(limit))])
        }
        var seen = Set<String>()
        var newest: Date?
        var items: [FileItem] = []
        for row in rows {
            guard items.count < limit, let id = row.get("item_id", as: String.self), seen.insert(id).inserted,
                let text = row.get("json", as: String.self), let value = try? JSONValue.parse(Data(text.utf8))
            else { continue }
            items.append(FileItem(id: id, value: value))
            if let fetched = row.get("fetched_at", as: Date.self) { newest = max(newest ?? fetched, fetched) }
        }
        let answeredAt = answered?.get("fetched_at", as: Date.self)
        guard let fetchedAt = [newest, answeredAt].compactMap({ $0 }).max(), !items.isEmpty || answered != nil
        else { return nil }
        return Stored(FileAnswer(items: items, total: answered?.get("total", as: Int.self)), fetchedAt: fetchedAt)
    }
}
