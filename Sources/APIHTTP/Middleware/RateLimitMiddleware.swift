#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Keeps a provider inside its declared request allowance.
///
/// Before each attempt it asks the ``RateLimitLedger`` for a slot. The ledger is
/// shared — by every task in the process and, when it is backed by the store,
/// by every process — so the allowance holds however many requests run at once.
/// No slot means a wait: short waits happen silently, longer ones are announced
/// through `notice` (`waiting 11 s for the NYT rate limit…`) so the CLI never
/// hangs without a word, and a wait that would pass `context.deadline` fails at
/// once with ``HTTPClientError/retryLater(url:after:reason:)``.
///
/// It sits inside the retry middleware, so every retry pays for its slot too.
public struct RateLimitMiddleware: ClientMiddleware {
    public var bucket: String
    public var limits: [RateLimit]
    public var ledger: any RateLimitLedger
    public var time: TimeSource
    public var notice: @Sendable (String) -> Void
    /// Waits at least this long are announced.
    public var noticeThreshold: Duration
    /// How many times to wait and ask again before giving up; other processes
    /// may keep taking the slots we waited for.
    public var maxRounds: Int

    public init(
        bucket: String,
        limits: [RateLimit],
        ledger: any RateLimitLedger,
        time: TimeSource = .system,
        notice: @escaping @Sendable (String) -> Void,
        noticeThreshold: Duration = .seconds(1),
        maxRounds: Int = 32
    ) {
        self.bucket = bucket
        self.limits = limits
        self.ledger = ledger
        self.time = time
        self.notice = notice
        self.noticeThreshold = noticeThreshold
        self.maxRounds = maxRounds
    }

    public func intercept(
        _ request: HTTPRequest,
        context: RequestContext,
        next: @Sendable (HTTPRequest, RequestContext) async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        guard !limits.isEmpty else { return try await next(request, context) }
        var lastWait = Duration.zero
        for _ in 0..<max(maxRounds, 1) {
            let asked = time.now()
            guard let reserved = try ledger.reserve(bucket: bucket, limits: limits, now: asked) else {
                let response = try await next(request, context)
                let said = RateLimitHeaders.of(response.headers)
                if !said.isEmpty { try? ledger.noteRateHeaders(bucket: bucket, headers: said, now: time.now()) }
                return try markingFullWindow(response, context: context)
            }
            // The ledger measured the wait from `asked`, read before it took the store's write lock;
            // a process that waited for that lock behind others counts from when it was answered,
            // or it would say "retry in 61 s" of a 60 s window.
            let now = time.now()
            let wait = max(reserved - .seconds(max(now.timeIntervalSince(asked), 0)), .milliseconds(1))
            lastWait = wait
            if now.addingTimeInterval(wait.timeInterval) > context.deadline
                || context.rateLimitWaitBound.map({ wait > $0 }) == true
            {
                throw HTTPClientError.retryLater(url: request.redactedURL, after: wait, reason: reason(context))
            }
            if wait >= noticeThreshold {
                notice("waiting \(HTTPClientError.seconds(wait)) for the \(context.displayName) rate limit…")
            }
            do {
                try await time.sleep(wait)
            } catch is CancellationError {
                throw HTTPClientError.cancelled(url: request.redactedURL)
            }
        }
        throw HTTPClientError.retryLater(url: request.redactedURL, after: lastWait, reason: reason(context))
    }

    /// A 429 without `Retry-After` says the server's window is full, whatever this
    /// ledger counted (the key may be used elsewhere): the window of the provider's
    /// quota (the shortest that allows more than one request) is marked full, so
    /// every process waits it out, and the wait until the ledger frees, at least
    /// that window, is handed up as `Retry-After` for the retry layer to honour or,
    /// past the deadline, to fail at once with.
    func markingFullWindow(_ response: HTTPResponse, context: RequestContext) throws -> HTTPResponse {
        guard response.status == 429, response.headers["Retry-After"] == nil, !context.isFinalAnswer(response),
              let quota = limits.filter({ $0.count > 1 }).min(by: { $0.window < $1.window })
                ?? limits.min(by: { $0.window < $1.window })
        else { return response }
        let now = time.now()
        try ledger.markFull(bucket: bucket, limit: quota, now: now)
        let wait = max(try ledger.reserve(bucket: bucket, limits: limits, now: now) ?? quota.window, quota.window)
        var marked = response
        marked.headers = HTTPHeaders(
            response.headers.map { ($0.name, $0.value) } + [("Retry-After", String(wait.wholeSecondsRoundedUp))])
        return marked
    }

    private func reason(_ context: RequestContext) -> String {
        "\(context.displayName) rate limit reached"
    }
}
