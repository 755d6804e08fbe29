#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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

    /// Keeps the rate-limit headers of the API's last answer in `bucket`; see the default below.
    func noteRateHeaders(bucket: String, headers: [(name: String, value: String)], now: Date) throws
}

extension RateLimitLedger {
    /// Keeps the rate-limit headers the API sent in its last answer in `bucket`
    /// (`X-RateLimit-Remaining-Day`…), for `apicli quota`. By default nothing is kept.
    public func noteRateHeaders(bucket: String, headers: [(name: String, value: String)], now: Date) throws {}
}

/// What an API says of its own limits in an answer's headers.
public enum RateLimitHeaders {
    /// The response headers that speak of rate limits: `X-RateLimit-*`, `RateLimit-*`, `Retry-After`.
    public static func of(_ headers: HTTPHeaders) -> [(name: String, value: String)] {
        Array(headers.map { ($0.name, $0.value) }.filter { header in
            let name = header.0.lowercased()
            return name.contains("ratelimit") || name.contains("rate-limit") || name == "retry-after"
        }.prefix(12))
    }
}
