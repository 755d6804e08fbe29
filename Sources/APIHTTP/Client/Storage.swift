#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where the cache middleware keeps responses. The host implements it over the
/// SQLite store; tests use a dictionary.
public protocol ResponseCacheStorage: Sendable {
    func cachedResponse(for key: String) throws -> CachedResponse?
    func store(_ response: CachedResponse, for key: String) throws
}

/// A response as the cache keeps it, with what revalidation needs.
public struct CachedResponse: Sendable, Hashable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data
    public var storedAt: Date
    /// After this the entry must be revalidated (or refetched) before use.
    public var freshUntil: Date
    public var etag: String?
    public var lastModified: String?

    public init(
        status: Int, headers: [String: String], body: Data, storedAt: Date, freshUntil: Date,
        etag: String? = nil, lastModified: String? = nil
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.storedAt = storedAt
        self.freshUntil = freshUntil
        self.etag = etag
        self.lastModified = lastModified
    }
}

/// A provider's request allowance: `count` requests in any `window`.
public struct RateLimit: Sendable, Hashable, CustomStringConvertible {
    public var count: Int
    public var window: Duration

    public init(_ count: Int, per window: Duration) {
        self.count = count
        self.window = window
    }

    public static func perMinute(_ count: Int) -> RateLimit { RateLimit(count, per: .seconds(60)) }
    public static func perDay(_ count: Int) -> RateLimit { RateLimit(count, per: .seconds(86_400)) }
    /// At least `interval` between two requests (NYT asks for 12 s): one request in any
    /// window of that length, so the same ledger enforces it across processes.
    public static func spacing(_ interval: Duration) -> RateLimit { RateLimit(1, per: interval) }

    public var description: String {
        count == 1 ? "1 every \(window.components.seconds) s" : "\(count) per \(window.components.seconds) s"
    }
}

/// The shared record of requests sent, so that concurrent tasks *and* concurrent
/// processes draw from one allowance. The host implements it over the store.
public protocol RateLimitLedger: Sendable {
    /// Records a request in `bucket` at `now` when every limit allows one, and
    /// returns nil; otherwise records nothing and returns how long to wait.
    func reserve(bucket: String, limits: [RateLimit], now: Date) throws -> Duration?

    /// Records that the server said the window of `limit` is full at `now` (a 429
    /// without `Retry-After`), whatever was counted here: the key may be used
    /// elsewhere. Afterwards no slot is given until that window has passed. The
    /// requests that fill it count in longer windows too: that errs towards waiting.
    func markFull(bucket: String, limit: RateLimit, now: Date) throws
}
