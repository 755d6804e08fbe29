import APICore
import APIStore

/// Writes a received version into its item's row, for owners whose rows are a version's
/// content (``VersionTable/LatestRow``): an item this store lacks gets a row; one it has
/// takes the version only when it was fetched later than the row was. Afterwards the
/// owner's full-text index is rebuilt from its table (``rebuildIndexes(of:in:)``), so that
/// offline search finds what was received.
struct ReceivedItemRow: Sendable {
    let latest: VersionTable.LatestRow
    /// The table's columns that a version's content gives.
    let columns: [String]

    init?(_ latest: VersionTable.LatestRow?, tx: Transaction) throws {
        guard let latest else { return nil }
        let all = try tx.query("SELECT name FROM pragma_table_info(?)", [.text(latest.table)]).compactMap { $0[0].string }
        guard !all.isEmpty else { return nil }
        self.latest = latest
        columns = all.filter { !["num", "fetched_at", latest.hashColumn].contains($0) }
    }

    /// Content `?1`, fetched at `?2`, hash `?3`.
    var upsertSQL: String {
        let table = Store.quoted(latest.table)
        let written = columns + ["fetched_at", latest.hashColumn]
        let values = columns.map { "json_extract(?1, '$.\($0)')" } + ["?2", "?3"]
        let key = latest.key.map { "\(Store.quoted($0)) IS json_extract(?1, '$.\($0)')" }.joined(separator: " AND ")
        return "INSERT INTO \(table) (" + written.map(Store.quoted).joined(separator: ", ") + ") SELECT "
            + values.joined(separator: ", ")
            + " WHERE NOT EXISTS (SELECT 1 FROM \(table) WHERE \(key) AND fetched_at >= ?2)"
            + " ON CONFLICT (" + latest.key.map(Store.quoted).joined(separator: ", ") + ") DO UPDATE SET "
            + written.map { "\(Store.quoted($0)) = excluded.\(Store.quoted($0))" }.joined(separator: ", ")
    }

    func write(content: String, fetchedAt: Double, hash: Int64, in tx: Transaction) throws {
        try tx.execute(upsertSQL, [.text(content), .real(fetchedAt), .integer(hash)])
    }

    /// Rebuilds each FTS5 index whose external content is `table` (`content = 'table'`):
    /// rows received were written without the provider's own indexing step.
    static func rebuildIndexes(of table: String, in tx: Transaction) throws {
        let indexes = try tx.query(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%' "
                + "AND lower(sql) LIKE '%using fts5%' AND replace(replace(sql, ' ', ''), char(10), '') LIKE ?",
            [.text("%content='\(table)'%")]
        ).compactMap { $0[0].string }
        for index in indexes {
            try tx.execute("INSERT INTO \(Store.quoted(index)) (\(Store.quoted(index))) VALUES ('rebuild')")
        }
    }
}
