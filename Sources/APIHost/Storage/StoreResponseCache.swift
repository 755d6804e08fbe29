#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APICore

/// The HTTP cache kept in the store (`apicli_http_cache`), so a fresh answer
/// survives the process and is shared by concurrent apicli runs.
///
/// Keys are the secret-free request keys the cache middleware computes
/// (`HTTPRequest.cacheKey`: method and URL with the key parameter removed);
/// this type never sees a credential. Each entry records its provider, so
/// `apicli store info|clear` can count and drop one provider's entries.
public struct StoreResponseCache: ResponseCacheStorage {
    public let store: Store
    private let providerOf: @Sendable (String) -> String

    /// A cache for one provider's requests (one middleware chain per provider).
    public init(store: Store, provider: String) {
        self.store = store
        self.providerOf = { _ in provider }
    }

    /// A cache shared by every provider, which names each key's provider.
    public init(store: Store, providerOf: @escaping @Sendable (_ key: String) -> String) {
        self.store = store
        self.providerOf = providerOf
    }

    public func cachedResponse(for key: String) throws -> CachedResponse? {
        let row = try store.read { tx in
            try tx.queryOne(
                """
                SELECT status, headers, body, stored_at, fresh_until, etag, last_modified
                FROM apicli_http_cache WHERE key = ?
                """,
                [.text(key)])
        }
        guard let row, let status = row.get("status", as: Int.self), let body = row.get("body", as: Data.self),
              let storedAt = row.get("stored_at", as: Date.self), let freshUntil = row.get("fresh_until", as: Date.self)
        else { return nil }
        // Headers that no longer parse only cost their revalidation hints; the body stays usable.
        let headers = row.get("headers", as: String.self)
            .flatMap(StringDictionaryJSON.dictionary) ?? [:]
        return CachedResponse(
            status: status, headers: headers, body: body, storedAt: storedAt, freshUntil: freshUntil,
            etag: row.get("etag", as: String.self), lastModified: row.get("last_modified", as: String.self))
    }

    public func store(_ response: CachedResponse, for key: String) throws {
        let headers = try StringDictionaryJSON.text(response.headers)
        let provider = providerOf(key)
        try store.write { tx in
            try tx.execute(
                """
                INSERT INTO apicli_http_cache
                    (key, provider, status, headers, body, stored_at, fresh_until, etag, last_modified)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (key) DO UPDATE SET
                    provider = excluded.provider, status = excluded.status, headers = excluded.headers,
                    body = excluded.body, stored_at = excluded.stored_at, fresh_until = excluded.fresh_until,
                    etag = excluded.etag, last_modified = excluded.last_modified
                """,
                [
                    .text(key), .text(provider), response.status.sql, .text(headers), .blob(response.body),
                    response.storedAt.sql, response.freshUntil.sql, response.etag.sql, response.lastModified.sql,
                ])
        }
    }

    /// Drops the entry for `key` (a `no-store` answer replacing an old one).
    public func remove(for key: String) throws {
        try store.write { tx in try tx.execute("DELETE FROM apicli_http_cache WHERE key = ?", [.text(key)]) }
    }

    /// Drops entries stored before `date`, so the cache cannot grow without end.
    /// Returns how many were removed.
    @discardableResult
    public func removeEntries(storedBefore date: Date) throws -> Int {
        try store.write { tx in
            try tx.execute("DELETE FROM apicli_http_cache WHERE stored_at < ?", [date.sql])
            return tx.changes
        }
    }
}
