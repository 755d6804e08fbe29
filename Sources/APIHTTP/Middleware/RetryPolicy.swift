/// When and how often to retry, as data (after Alamofire's `RetryPolicy`).
///
/// Only idempotent requests are retried. Waits use exponential backoff with full
/// jitter — a random wait between zero and `min(maxDelay, baseDelay · 2^(n-1))`
/// after the n-th attempt — so that many clients failing together do not come
/// back together. A server's `Retry-After` wins over the backoff.
public struct RetryPolicy: Sendable, Hashable {
    /// Attempts in all, the first included.
    public var maxAttempts: Int
    public var baseDelay: Duration
    public var maxDelay: Duration
    public var retryableStatuses: Set<Int>
    /// Whether connection failures, connect timeouts and truncated bodies are retried.
    public var retriesConnectionErrors: Bool
    /// The wait after a 429 without `Retry-After` when the provider declares no
    /// limits: a typical quota window, never a sub-second backoff.
    public var rateLimitWait: Duration

    public init(
        maxAttempts: Int = 3,
        baseDelay: Duration = .milliseconds(500),
        maxDelay: Duration = .seconds(8),
        retryableStatuses: Set<Int> = [408, 429, 500, 502, 503, 504],
        retriesConnectionErrors: Bool = true,
        rateLimitWait: Duration = .seconds(60)
    ) {
        self.rateLimitWait = rateLimitWait
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.retryableStatuses = retryableStatuses
        self.retriesConnectionErrors = retriesConnectionErrors
    }

    /// 3 attempts, 0.5 s base, 8 s cap, 408/429/5xx and connection errors.
    public static let standard = RetryPolicy()

    /// Never retries.
    public static let none = RetryPolicy(maxAttempts: 1)

    /// The largest backoff after attempt `attempt` (1-based): the jitter range's top.
    public func backoffCeiling(afterAttempt attempt: Int) -> Duration {
        let exponent = min(max(attempt - 1, 0), 30)
        let grown = baseDelay * (1 << exponent)
        return grown < maxDelay ? grown : maxDelay
    }

    /// Whether an error thrown by the layers below deserves another attempt.
    public func isRetryable(_ error: any Error) -> Bool {
        guard retriesConnectionErrors, let error = error as? HTTPClientError else { return false }
        switch error {
        case .connectionFailed, .truncated, .timedOut: return true
        // A server that answered in a broken form is likely to answer so again.
        case .bodyTooLarge, .retryLater, .offline, .cancelled, .transportUnavailable, .badAnswer: return false
        }
    }
}
