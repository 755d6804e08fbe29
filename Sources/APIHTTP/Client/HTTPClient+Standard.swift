#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension HTTPClient {
    /// The chain every provider gets, assembled in this one place:
    ///
    /// `redaction → cache → retry → rate limit → trace → scrub → transport`
    ///
    /// - redaction outermost, so that nothing escapes without passing it;
    /// - cache before retry and rate limit, so a fresh hit costs no request and
    ///   no slot, and `--offline` never reaches the network;
    /// - rate limit inside retry, so every retry pays for its own slot;
    /// - trace next, so every attempt is one line;
    /// - secret scrubbing innermost, so a key a server echoes back reaches no
    ///   other layer: not the cache, the provider's tables or the output.
    ///
    /// Every dependency is injected; the host passes the store-backed ledger and
    /// cache, tests pass in-memory ones, a stub transport and a manual clock.
    ///
    /// - Parameters:
    ///   - bucket: the rate-limit bucket, usually the provider's name.
    ///   - limits: the provider's declared limits (`[.perMinute(5), .perDay(500)]`).
    ///   - ttl: how long a response stays fresh when the server does not say.
    ///   - trace: the `--verbose` sink; nil leaves tracing out of the chain.
    ///   - notice: where long rate-limit waits are announced (stderr).
    public static func standard(
        transport: any ClientTransport,
        bucket: String,
        limits: [RateLimit],
        ledger: any RateLimitLedger,
        ttl: Duration,
        cacheStorage: any ResponseCacheStorage,
        retryPolicy: RetryPolicy = .standard,
        time: TimeSource = .system,
        random: @escaping @Sendable (ClosedRange<Double>) -> Double = { Double.random(in: $0) },
        trace: (@Sendable (String) -> Void)? = nil,
        notice: @escaping @Sendable (String) -> Void
    ) -> HTTPClient {
        var middlewares: [any ClientMiddleware] = [
            RedactionMiddleware(),
            CacheMiddleware(ttl: ttl, storage: cacheStorage, time: time, trace: trace),
            RetryMiddleware(policy: retryPolicy, time: time, random: random, trace: trace),
            RateLimitMiddleware(bucket: bucket, limits: limits, ledger: ledger, time: time, notice: notice),
        ]
        if let trace { middlewares.append(TraceMiddleware(sink: trace, time: time)) }
        middlewares.append(SecretScrubMiddleware())
        return HTTPClient(transport: transport, middlewares: middlewares)
    }
}
