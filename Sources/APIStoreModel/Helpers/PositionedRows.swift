/// A table that records an ordered list under one key, such as which items answered
/// a query and in what order: each row is the key's columns, a position, a value.
///
/// The rows are inserted ``batch`` per statement, the rest one by one: a statement
/// per row cost about as much again as the index inserts and foreign-key lookups it does
/// (binding the key again, running and halting the statement).
///
///     static let results = PositionedRows(
///         table: "provider_files_results", keyColumns: ["provider", "query_key"], positionColumn: "position",
///         valueColumn: "item_id")
///     try results.insert(ids.lazy.map { .text($0) }, under: [.text(provider), .text(key)], in: transaction)
public struct PositionedRows: Sendable {
    /// How many rows one statement inserts.
    public static let batch = 50

    /// `?1…?k` the key, `?k+1` the first position, then each row's value.
    let batchSQL: String
    /// One row: the key, its position, its value.
    let rowSQL: String

    public init(table: String, keyColumns: [String], positionColumn: String, valueColumn: String) {
        let columns = (keyColumns + [positionColumn, valueColumn]).joined(separator: ", ")
        let keys = keyColumns.indices.map { "?\($0 + 1)" }.joined(separator: ", ")
        let position = keyColumns.count + 1
        let rows = (0..<Self.batch).map { "(\(keys), ?\(position) + \($0), ?\(position + 1 + $0))" }
        batchSQL = "INSERT INTO \(table) (\(columns)) VALUES " + rows.joined(separator: ", ")
        rowSQL = "INSERT INTO \(table) (\(columns)) VALUES (\(keys), ?\(position), ?\(position + 1))"
    }

    /// Inserts `values` at positions 0, 1, … under `key` (one value per key column).
    ///
    /// Any random-access collection, so that a lazy map of a large answer's ids (`ids.lazy.map { .text($0) }`)
    /// makes a statement's values at a time, not an array of them all at the run's peak.
    public func insert(
        _ values: some RandomAccessCollection<SQLValue>, under key: [SQLValue], in transaction: any StoreTransaction
    ) throws {
        var position = 0
        var rest = values[...]
        while rest.count >= Self.batch {
            var arguments = key + [.integer(Int64(position))]
            arguments.append(contentsOf: rest.prefix(Self.batch))
            try transaction.execute(batchSQL, arguments)
            rest = rest.dropFirst(Self.batch)
            position += Self.batch
        }
        for value in rest {
            try transaction.execute(rowSQL, key + [.integer(Int64(position)), value])
            position += 1
        }
    }
}
