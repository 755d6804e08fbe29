#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads and writes one file provider's rows of the generic tables (see
/// ``FileItemSchema``) inside one of the host's transactions.
struct FileItemStore {
    let transaction: Transaction
    let provider: String

    init(_ transaction: Transaction, provider: String) {
        self.transaction = transaction
        self.provider = provider
    }

    static let upsertItem = SQLStatement.upsert(
        into: "apicli_file_items", columns: ["provider", "item_id", "json", "search_text", "fetched_at"],
        conflict: ["provider", "item_id"])

    static let upsertQuery = SQLStatement.upsert(
        into: "apicli_file_queries", columns: ["provider", "query_key", "total", "fetched_at"],
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
            "DELETE FROM apicli_file_results WHERE provider = ? AND query_key = ?", [name, .text(key)])
        for (position, item) in answer.items.enumerated() {
            try transaction.execute(
                "INSERT INTO apicli_file_results (provider, query_key, position, item_id) VALUES (?, ?, ?, ?)",
                [name, .text(key), position.sql, .text(item.id)])
        }
    }

    /// The stored answer to this exact query first (the API matched it on text
    /// apicli may not keep), then every stored item whose searchable columns
    /// hold all the words, by relevance, up to `limit`; nil when nothing matches.
    func search(_ words: String, answerKey: String, limit: Int) throws -> Stored<FileAnswer>? {
        let name = SQLValue.text(provider)
        let answered = try transaction.queryOne(
            "SELECT total, fetched_at FROM apicli_file_queries WHERE provider = ? AND query_key = ?",
            [name, .text(answerKey)])
        var rows = try transaction.query(
            "SELECT i.item_id, i.json, i.fetched_at FROM apicli_file_results r JOIN apicli_file_items i "
                + "ON i.provider = r.provider AND i.item_id = r.item_id "
                + "WHERE r.provider = ? AND r.query_key = ? ORDER BY r.position", [name, .text(answerKey)])
        let limit = max(limit, rows.count)
        if let match = FTSQuery.allWords(words) {
            rows += try transaction.query(
                "SELECT i.item_id, i.json, i.fetched_at FROM apicli_file_items_fts JOIN apicli_file_items i "
                    + "ON i.num = apicli_file_items_fts.rowid WHERE apicli_file_items_fts MATCH ? AND i.provider = ? "
                    + "ORDER BY apicli_file_items_fts.rank LIMIT ?", [.text(match), name, .integer(Int64(limit))])
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

    /// Deletes every row of this provider (items, index entries, answers); the rows deleted.
    func drop() throws -> Int {
        var count = 0
        for table in Self.tables {
            try transaction.execute("DELETE FROM \(table) WHERE provider = ?", [.text(provider)])
            count += transaction.changes
        }
        return count
    }
}

extension FileItemStore {
    /// The generic tables, in the order their rows are deleted.
    static let tables = ["apicli_file_results", "apicli_file_queries", "apicli_file_items"]

    /// Whether any file provider ever ran, creating the generic tables.
    static func exists(in transaction: Transaction) throws -> Bool {
        try transaction.queryOne("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'apicli_file_items'") != nil
    }

    /// For `apicli store info`: each file provider's rows in the generic tables
    /// (items, answers and their result lists: what `store clear` would delete).
    static func rowCounts(in transaction: Transaction) throws -> [String: Int] {
        guard try exists(in: transaction) else { return [:] }
        var counts: [String: Int] = [:]
        for table in tables {
            for row in try transaction.query("SELECT provider, COUNT(*) FROM \(table) GROUP BY provider") {
                guard let provider = row[0].string, let count = row[1].int else { continue }
                counts[provider, default: 0] += count
            }
        }
        return counts
    }

    /// For `apicli store clear [provider]`: deletes one file provider's rows, or
    /// every file provider's with nil; 0 when no file provider ever ran.
    static func clear(provider: String?, in transaction: Transaction) throws -> Int {
        guard try exists(in: transaction) else { return 0 }
        if let provider { return try FileItemStore(transaction, provider: provider).drop() }
        var count = 0
        for table in tables {
            try transaction.execute("DELETE FROM \(table)")
            count += transaction.changes
        }
        return count
    }
}
