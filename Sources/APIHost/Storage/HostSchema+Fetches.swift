#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The fetch log: when each provider last answered each query from the network.
///
/// The cache alone cannot say this: `--refresh` and `no-store` responses skip
/// or overwrite it, and `apicli store clear` must be able to forget both.
extension HostSchema {
    /// Records a successful fetch of `queryKey` (a provider-chosen, secret-free
    /// text such as `basketball|newest|0`). Call it in the same transaction that
    /// persists the response, so the log never claims data that is not there.
    public static func recordFetch(provider: String, queryKey: String, at date: Date, in transaction: Transaction) throws {
        try transaction.execute(
            """
            INSERT INTO apicli_fetches (provider, query_key, fetched_at) VALUES (?, ?, ?)
            ON CONFLICT (provider, query_key) DO UPDATE SET fetched_at = excluded.fetched_at
            """,
            [.text(provider), .text(queryKey), date.sql])
    }

    /// When `queryKey` was last fetched, nil if never.
    public static func lastFetch(provider: String, queryKey: String, in transaction: Transaction) throws -> Date? {
        try transaction.queryOne(
            "SELECT fetched_at FROM apicli_fetches WHERE provider = ? AND query_key = ?",
            [.text(provider), .text(queryKey)])?.get("fetched_at", as: Date.self)
    }

    /// The latest fetch of any query of `provider`: the fetch log, or failing
    /// that the newest cache entry (a store written before the log existed).
    public static func lastFetch(provider: String, in transaction: Transaction) throws -> Date? {
        let row = try transaction.queryOne(
            """
            SELECT MAX(at) AS at FROM (
                SELECT MAX(fetched_at) AS at FROM apicli_fetches WHERE provider = ?1
                UNION ALL
                SELECT MAX(stored_at) FROM apicli_http_cache WHERE provider = ?1)
            """,
            [.text(provider)])
        return row?.get("at", as: Date.self)
    }
}
