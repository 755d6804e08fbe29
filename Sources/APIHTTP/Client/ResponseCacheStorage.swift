/// Where the cache middleware keeps responses. The host implements it over the
/// SQLite store; tests use a dictionary.
public protocol ResponseCacheStorage: Sendable {
    func cachedResponse(for key: String) throws -> CachedResponse?
    func store(_ response: CachedResponse, for key: String) throws
}
