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
}
