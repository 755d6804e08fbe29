#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What travels with a request down the middleware chain besides the request itself.
public struct RequestContext: Sendable {
    /// The provider's name (`nyt`): the rate-limit bucket and the cache's owner.
    public var provider: String
    /// How messages name the service: `NYT rate limit reached; retry in 48 s`.
    public var displayName: String
    /// When the whole exchange, retries and waits included, must be over.
    public var deadline: Date
    /// 1 for the first try; the retry middleware counts up.
    public var attempt: Int
    /// Whether the cache may answer, must be skipped, or is the only source.
    public var cacheMode: CacheMode
    /// Whether an answer is final although its status is retryable: the provider
    /// knows that asking again cannot help (OpenWeather's "account temporary
    /// blocked" 429) and would only spend quota. Such an answer is returned at once,
    /// and does not mark the rate-limit window full.
    public var isFinalAnswer: @Sendable (HTTPResponse) -> Bool
    /// How long this answer stays fresh when the server does not say; nil for the cache's default.
    public var cacheTTL: Duration?
    /// Where a successful answer's body goes once it is past the route's threshold, when
    /// the transport can stream (``LargeBodyRoute``); nil: the body comes back whole.
    public var largeBody: LargeBodyRoute?
    /// The longest wait for a rate-limit slot worth making; a longer one fails at once
    /// with ``HTTPClientError/retryLater(url:after:reason:)``, whatever the deadline.
    /// nil: only the deadline bounds it. A caller that must not block (an agent's tool
    /// call) sets it; see ``RateLimitMiddleware``.
    public var rateLimitWaitBound: Duration? = nil

    public init(
        provider: String, displayName: String? = nil, deadline: Date, attempt: Int = 1,
        cacheMode: CacheMode = .normal, cacheTTL: Duration? = nil, largeBody: LargeBodyRoute? = nil,
        isFinalAnswer: @escaping @Sendable (HTTPResponse) -> Bool = { _ in false }
    ) {
        self.provider = provider
        self.displayName = displayName ?? provider
        self.deadline = deadline
        self.attempt = attempt
        self.cacheMode = cacheMode
        self.cacheTTL = cacheTTL
        self.largeBody = largeBody
        self.isFinalAnswer = isFinalAnswer
    }

    public enum CacheMode: Sendable, Hashable {
        /// Fresh entries answer, stale ones are revalidated.
        case normal
        /// `--refresh`: always ask the server (the answer is still stored).
        case refresh
        /// `--offline`: never touch the network.
        case offline
    }
}
