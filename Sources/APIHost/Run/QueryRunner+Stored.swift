#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Whether a run's answer is already in the store, so that a cache hit writes nothing.
///
/// A cache hit hands back the body some earlier run fetched, and that run stored its
/// decoded answer and logged the fetch (`apicli_fetches`) in one transaction, *after*
/// the cache entry was written. So when the fetch log for the query is no older than
/// the cache entry, the stored answer was made from that entry (or from a later fetch):
/// storing it again would only rewrite the same rows, take the write lock, and append
/// WAL frames that a checkpoint must sync. A store cleared since (`store clear`) has no
/// log entry, and an entry newer than the log (the earlier store failed) is stored again.
extension QueryRunner {
    /// The pages' origins: the newest cache time when every page came from the cache.
    struct CachedOrigins {
        private(set) var newestCachedAt: Date?
        private var sawOther = false

        mutating func add(_ origin: HTTPResponse.Origin) {
            guard !sawOther, case let .cache(storedAt) = origin else {
                sawOther = true
                newestCachedAt = nil
                return
            }
            newestCachedAt = max(newestCachedAt ?? storedAt, storedAt)
        }
    }

    /// What the fetch log knows `query`'s answer by: its label, its first request as the
    /// cache keys it (no credential) and how many pages it asks. A label leaves settings out
    /// (a provider file's options), and two queries may send the same first request
    /// (`--pages 1` and `--pages 2` of a one-page answer); together these name everything a
    /// stored answer's key holds, so one query's cache hit is never taken for another's
    /// stored answer. A log written before this form matches no key: the answer is stored again.
    func fetchLogKey(_ query: P.Query) -> String {
        let endpoint = provider.request(for: query, page: 0)
        let first = HTTPRequest(endpoint: endpoint, baseURL: baseURL)
        return label(for: query) + " · " + first.cacheKey + " · \(max(1, paging.count(query))) pages"
    }

    /// Whether the stored answer logged under `logKey` was logged no earlier than `cachedAt` (false when nil or unreadable).
    func isStored(_ logKey: String, since cachedAt: Date?) -> Bool {
        guard let cachedAt else { return false }
        let logged = try? store.read { tx in
            try HostSchema.lastFetch(provider: provider.descriptor.name, queryKey: logKey, in: tx)
        }
        guard let logged, logged >= cachedAt else { return false }
        trace?("store: \(logKey) is stored already (cache hit); nothing written")
        return true
    }
}
