#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One table that keeps the latest answer to each query as a set of JSON
/// records: the storage most providers need, in one line.
///
///     static let items = ResultSetTable("hn_items")
///     var migrations: [Migration] { [Self.items.migration(1)] }
///     try Self.items.replace(response.items, for: query.words, in: transaction)
///
/// A new answer replaces the old one whole inside the host's transaction, so a
/// reader sees the complete old or the complete new set, never a mix. The
/// `<name>_queries` table beside it remembers when each query was answered,
/// so an empty answer is stored too (and `--offline` can say "no results").
public struct ResultSetTable: Sendable {
    /// The records table (`hn_items`); `<name>_queries` holds one row per query.
    public let name: String

    /// `name` must be a plain SQL identifier (letters, digits, `_`); it is part of the SQL text.
    public init(_ name: String) {
        self.name = name
    }

    private var queries: String { name + "_queries" }

    /// The migration that creates both tables, as step `version` of the provider's list.
    public func migration(_ version: Int) -> Migration {
        Migration(
            version,
            sql: """
                CREATE TABLE \(queries) (
                    query_key   TEXT PRIMARY KEY,
                    fetched_at  REAL NOT NULL
                );
                CREATE TABLE \(name) (
                    query_key   TEXT NOT NULL REFERENCES \(queries) (query_key) ON DELETE CASCADE,
                    position    INTEGER NOT NULL,
                    json        TEXT NOT NULL,
                    PRIMARY KEY (query_key, position)
                ) WITHOUT ROWID;
                """)
    }

    /// Stores `records` (compact JSON text each) as the answer to `key`, replacing the previous one.
    public func replace(_ records: [JSONValue], for key: String, fetchedAt: Date = Date(), in transaction: any StoreTransaction) throws {
        try transaction.execute("DELETE FROM \(name) WHERE query_key = ?", [.text(key)])
        try transaction.execute(
            "INSERT INTO \(queries) (query_key, fetched_at) VALUES (?, ?) "
                + "ON CONFLICT (query_key) DO UPDATE SET fetched_at = excluded.fetched_at",
            [.text(key), fetchedAt.sql])
        for (position, record) in records.enumerated() {
            try transaction.execute(
                "INSERT INTO \(name) (query_key, position, json) VALUES (?, ?, ?)",
                [.text(key), position.sql, .text(record.serialized(pretty: false))])
        }
    }

    /// The stored answer to `key`, in the order it was given; nil when `key` was never answered.
    /// A record that no longer parses is skipped rather than hiding the rest.
    public func load(_ key: String, from transaction: any StoreTransaction) throws -> Stored<[JSONValue]>? {
        guard let row = try transaction.queryOne("SELECT fetched_at FROM \(queries) WHERE query_key = ?", [.text(key)]),
            let fetchedAt = row.get("fetched_at", as: Date.self)
        else { return nil }
        let records = try transaction.query(
            "SELECT json FROM \(name) WHERE query_key = ? ORDER BY position", [.text(key)]
        ).compactMap { row in
            row.get("json", as: String.self).flatMap { try? JSONValue.parse(Data($0.utf8)) }
        }
        return Stored(records, fetchedAt: fetchedAt)
    }
}
