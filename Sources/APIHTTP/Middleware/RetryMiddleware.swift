#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Retries idempotent requests on connection errors and retryable statuses; a PUT or
/// DELETE only when it failed before it was sent, any other write never.
///
/// Backoff and limits come from ``RetryPolicy``; the clock, the sleep and the
/// jitter's randomness are injected, so tests wait for nothing and can predict
/// every delay. A server's `Retry-After` (seconds or HTTP-date) replaces the
/// backoff. A wait that would end after `context.deadline` is not waited: the
/// request fails at once with ``HTTPClientError/retryLater(url:after:reason:)``,
/// which says when to try again (`NYT rate limit reached; retry in 48 s`). Once
/// the attempts are used up, the last response is returned (the caller maps its
/// status) or the last error rethrown.
public struct RetryMiddleware: ClientMiddleware {
    public var policy: RetryPolicy
    public var time: TimeSource
    public var random: @Sendable (ClosedRange<Double>) -> Double
    /// Told about each wait before a retry (`--verbose`).
    public var trace: (@Sendable (String) -> Void)?

    public init(
        policy: RetryPolicy = .standard,
        time: TimeSource = .system,
        random: @escaping @Sendable (ClosedRange<Double>) -> Double = { Double.random(in: $0) },
        trace: (@Sendable (String) -> Void)? = nil
    ) {
        self.policy = policy
        self.time = time
        self.random = random
        self.trace = trace
    }

    public func intercept(
        _ request: HTTPRequest,
        context: RequestContext,
        next: @Sendable (HTTPRequest, RequestContext) async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        guard request.isIdempotent || request.isIdempotentWrite else { return try await next(request, context) }
        // A PUT or DELETE is sent again only when it never left: no status, no failure after sending.
        var policy = self.policy
        let retriesOnlyUnsent = !request.isIdempotent
        if retriesOnlyUnsent { policy.retryableStatuses = [] }
        var context = context
        let firstAttempt = max(context.attempt, 1)
        let lastAttempt = firstAttempt + max(policy.maxAttempts, 1) - 1
        var attempt = firstAttempt
        while true {
            context.attempt = attempt
            let outcome: Result<HTTPResponse, HTTPClientError>
            do {
                outcome = .success(try await next(request, context))
            } catch let error as HTTPClientError
                where attempt < lastAttempt && policy.isRetryable(error) && (!retriesOnlyUnsent || error.failedBeforeSending)
            {
                outcome = .failure(error)
            }
            let wait: Duration
            let cause: String
            switch outcome {
            case let .success(response):
                guard attempt < lastAttempt, policy.retryableStatuses.contains(response.status),
                      !context.isFinalAnswer(response)
                else {
                    return response
                }
                let serverWait = RetryAfter.delay(response.headers["Retry-After"], now: time.now())
                // A 429 means a full window: a quick retry cannot help and spends quota.
                // (The rate-limit layer below turns the provider's declared window into
                // a `Retry-After`; this is the wait when no limit is declared.)
                wait = serverWait ?? (response.status == 429
                    ? policy.rateLimitWait : backoff(afterAttempt: attempt - firstAttempt + 1))
                cause = "HTTP \(response.status)"
                if passesDeadline(wait, context) {
                    throw HTTPClientError.retryLater(
                        url: request.redactedURL, after: wait, reason: Self.reason(status: response.status, context)
                    )
                }
            case let .failure(error):
                wait = backoff(afterAttempt: attempt - firstAttempt + 1)
                // No time left for another try: the error itself says best what went wrong.
                if passesDeadline(wait, context) { throw error }
                cause = "\(error)"
            }
            trace?("retry \(attempt + 1) of \(lastAttempt) in \(Self.milliseconds(wait)) ms after \(cause)")
            do {
                try await time.sleep(wait)
            } catch is CancellationError {
                throw HTTPClientError.cancelled(url: request.redactedURL)
            }
            attempt += 1
        }
    }

    /// Full jitter: uniformly random between zero and the policy's ceiling.
    func backoff(afterAttempt attempt: Int) -> Duration {
        let ceiling = policy.backoffCeiling(afterAttempt: attempt).timeInterval
        guard ceiling > 0 else { return .zero }
        let drawn = random(0...ceiling)
        return .seconds(min(max(drawn, 0), ceiling))
    }

    private func passesDeadline(_ wait: Duration, _ context: RequestContext) -> Bool {
        time.now().addingTimeInterval(wait.timeInterval) > context.deadline
    }

    /// What the user reads before "; retry in 48 s".
    static func reason(status: Int, _ context: RequestContext) -> String {
        switch status {
        case 429: "\(context.displayName) rate limit reached"
        case 503: "\(context.displayName) is unavailable (HTTP 503)"
        default: "\(context.displayName) answered HTTP \(status)"
        }
    }

    static func milliseconds(_ duration: Duration) -> Int {
        Int(saturating: duration.timeInterval * 1000, rounding: .toNearestOrAwayFromZero) ?? 0
    }
}
