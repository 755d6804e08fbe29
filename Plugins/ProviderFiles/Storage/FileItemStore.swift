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
    /// With `--offline --as-of`: read each item as its version current then (``versions(of:asOf:)``).
    var asOf: Date?

    init(_ transaction: any StoreTransaction, provider: String) {
        self.transaction = transaction
        self.provider = provider
    }

    static let insertNewItem =
        SQLStatement.insert(
            into: "provider_files_items", columns: ["provider", "item_id", "json", "search_text", "fetched_at", "content_hash"])
        + " ON CONFLICT (provider, item_id) DO NOTHING"

    static let insertIndexRow = SQLStatement.insert(into: "provider_files_items_fts", columns: ["rowid", "search_text"])

    /// Rewrites a stored item's columns that the index does not read, and returns the one it does.
    static let refreshItem =
        "UPDATE provider_files_items SET json = ?, fetched_at = ?, content_hash = ? WHERE provider = ? AND item_id = ? RETURNING search_text"

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
            try store(item, searchText: searchText(item), at: fetchedAt, for: key)
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

    /// Stores one item, or refreshes it: any answer may share it. An item that is new,
    /// or whose JSON changed (its hash is not the stored one), gets a version brought by
    /// the answer `key` (engine migration 4, docs/design/0260-item-versions.md).
    ///
    /// A new item is inserted with its FTS5 row, one prepared statement each (no
    /// trigger, so no savepoint, so FTS5 keeps its terms buffered until the
    /// commit). A stored one with the same hash gets only `fetched_at` rewritten; a
    /// changed one its JSON too, by an update that touches no indexed column (so it
    /// fires no trigger either); only when its searchable text changed does the
    /// update trigger re-index it.
    func store(_ item: FileItem, searchText: String, at fetchedAt: Date, for key: String) throws {
        let name = SQLValue.text(provider), id = SQLValue.text(item.id), text = SQLValue.text(searchText)
        let serialized = item.value.serialized(pretty: false)
        let json = SQLValue.text(serialized)
        let hash = SQLValue.integer(Self.contentHash(of: serialized))
        try transaction.execute(Self.insertNewItem, [name, id, json, text, fetchedAt.sql, hash])
        if transaction.changes == 1 {
            let num = SQLValue.integer(transaction.lastInsertRowID)
            try transaction.execute(Self.insertIndexRow, [num, text])
            try transaction.execute(Self.insertVersionByNum, [.text(key), num])
            return
        }
        if let unchanged = try transaction.queryOne(Self.touchUnchanged, [fetchedAt.sql, name, id, hash]) {
            if unchanged[0] != text { try transaction.execute(Self.reindexItem, [text, name, id]) }
            return
        }
        guard let stored = try transaction.queryOne(Self.refreshItem, [json, fetchedAt.sql, hash, name, id]) else {
            throw StoreError.misuse(reason: "the \(provider) item \(item.id) was neither new nor stored")
        }
        if stored[0] != text {
            try transaction.execute(Self.reindexItem, [text, name, id])
        }
        try transaction.execute(Self.insertVersionByID, [.text(key), name, id])
    }

    /// The stored answer to this very request first (the API matched it on text
    /// apicli may not keep), then the stored items whose searchable columns hold all
    /// the words, by relevance, up to `limit`; nil when nothing matches.
    ///
    /// The words widen only over the items that answered requests equal to this one
    /// but for their words (``AnswerKey/family``): never over another section's,
    /// month's or filter's items. A store written before ``AnswerKey`` is read by its
    /// older keys where those named the request whole (``LegacyKey``).
    func search(_ words: String, answer key: AnswerKey, limit: Int) throws -> Stored<FileAnswer>? {
        let name = SQLValue.text(provider)
        var answerKey = key.text
        var answered = try transaction.queryOne(Self.answeredSQL, [name, .text(answerKey)])
        if answered == nil, let legacy = key.legacy,
            let stored = try transaction.queryOne(Self.answeredSQL, [name, .text(legacy.text)])
        {
            answered = stored
            answerKey = legacy.text
        }
        var rows = try transaction.query(
            "SELECT i.item_id, i.json, i.fetched_at FROM provider_files_results r JOIN provider_files_items i "
                + "ON i.provider = r.provider AND i.item_id = r.item_id "
                + "WHERE r.provider = ? AND r.query_key = ? ORDER BY r.position", [name, .text(answerKey)])
        let limit = max(limit, rows.count)
        if let match = FTSQuery.allWords(words) {
            rows += try transaction.query(Self.widenedSQL, [
                .text(match), name, .text(key.family), .text(key.familyEnd),
                key.legacy.map { .text($0.beforeWords) } ?? .null, key.legacy.map { .text($0.afterWords) } ?? .null,
                .integer(Int64(limit)),
            ])
        }
        if let asOf { rows = try versions(of: rows, asOf: asOf) }
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

    static let answeredSQL = "SELECT total, fetched_at FROM provider_files_queries WHERE provider = ? AND query_key = ?"

    /// The items that hold the words `?1` among those that answered the provider `?2`'s
    /// requests of the family from `?3` (inclusive) to `?4` (exclusive), and of its older
    /// keys: `?5` before the words and `?6` after them, with no U+001F between (which
    /// would make them another request's options), when the request had such keys.
    static let widenedSQL = """
        SELECT i.item_id, i.json, i.fetched_at FROM provider_files_items_fts
        JOIN provider_files_items i ON i.num = provider_files_items_fts.rowid
        WHERE provider_files_items_fts MATCH ?1 AND i.provider = ?2 AND i.item_id IN (
            SELECT r.item_id FROM provider_files_queries q
            JOIN provider_files_results r ON r.provider = q.provider AND r.query_key = q.query_key
            WHERE q.provider = ?2 AND (
                (q.query_key >= ?3 AND q.query_key < ?4)
                OR (?5 IS NOT NULL AND instr(q.query_key, char(31)) > 0
                    AND length(q.query_key) >= length(?5) + length(?6)
                    AND substr(q.query_key, 1, length(?5)) = ?5
                    AND substr(q.query_key, length(q.query_key) - length(?6) + 1) = ?6
                    AND instr(substr(q.query_key, length(?5) + 1, length(q.query_key) - length(?5) - length(?6)), char(31)) = 0)))
        ORDER BY provider_files_items_fts.rank LIMIT ?7
        """
}
