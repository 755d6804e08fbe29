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

    /// Whether `label`'s stored answer was logged no earlier than `cachedAt` (false when nil or unreadable).
    func isStored(_ label: String, since cachedAt: Date?) -> Bool {
        guard let cachedAt else { return false }
        let logged = try? store.read { tx in
            try HostSchema.lastFetch(provider: provider.descriptor.name, queryKey: label, in: tx)
        }
        guard let logged, logged >= cachedAt else { return false }
        trace?("store: \(label) is stored already (cache hit); nothing written")
        return true
    }
}
