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
    let transaction: Transaction
    let provider: String

    init(_ transaction: Transaction, provider: String) {
        self.transaction = transaction
        self.provider = provider
    }

    static let upsertItem = SQLStatement.upsert(
        into: "provider_files_items", columns: ["provider", "item_id", "json", "search_text", "fetched_at"],
        conflict: ["provider", "item_id"])

    static let upsertQuery = SQLStatement.upsert(
        into: "provider_files_queries", columns: ["provider", "query_key", "total", "fetched_at"],
        conflict: ["provider", "query_key"])

    /// Upserts the items and replaces the answer to `key` whole.
    func save(_ answer: FileAnswer, for key: String, searchText: (FileItem) -> String, at fetchedAt: Date) throws {
        let name = SQLValue.text(provider)
        for item in answer.items {
            try transaction.execute(
                Self.upsertItem,
                [name, .text(item.id), .text(item.value.serialized(pretty: false)), .text(searchText(item)), fetchedAt.sql])
        }
        try transaction.execute(Self.upsertQuery, [name, .text(key), answer.total.sql, fetchedAt.sql])
        try transaction.execute(
            "DELETE FROM provider_files_results WHERE provider = ? AND query_key = ?", [name, .text(key)])
        for (position, item) in answer.items.enumerated() {
            try transaction.execute(
                "INSERT INTO provider_files_results (provider, query_key, position, item_id) VALUES (?, ?, ?, ?)",
                [name, .text(key), position.sql, .text(item.id)])
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
