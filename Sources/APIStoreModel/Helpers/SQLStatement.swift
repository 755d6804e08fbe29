/// SQL text for the statements every provider's tables need, built from one
/// list of column names, so the names, the `?` placeholders and the update
/// clause cannot drift apart.
///
///     static let columns = ["id", "title", "fetched_at"]
///     static let upsert = SQLStatement.upsert(into: "hn_items", columns: columns, conflict: ["id"])
///     try transaction.execute(upsert, [item.id.sql, item.title.sql, now.sql])
///
/// Build the text once (a `static let`): the store caches prepared statements
/// by their text. Table and column names are part of the SQL, so they must be
/// the provider's own constants, never input; values are always bound.
public enum SQLStatement {
    /// `INSERT INTO table (a, b) VALUES (?, ?)`.
    public static func insert(into table: String, columns: [String]) -> String {
        "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES ("
            + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
    }

    /// An insert that updates the existing row when `conflict` (the key columns)
    /// already exists: `… ON CONFLICT (id) DO UPDATE SET title = excluded.title, …`.
    /// `updating` names the columns to overwrite; by default every non-key column.
    public static func upsert(
        into table: String, columns: [String], conflict: [String], updating: [String]? = nil
    ) -> String {
        let updated = updating ?? columns.filter { !conflict.contains($0) }
        return insert(into: table, columns: columns) + " ON CONFLICT (\(conflict.joined(separator: ", "))) DO UPDATE SET "
            + updated.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
    }
}
