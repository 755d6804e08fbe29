#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// Watches the exchanges of one tool call from just inside redaction (see
/// ``HostEnvironment/clientWatch``): how many requests went to the network, when the
/// cached answers that came instead were stored, and, when a rate-limit slot was
/// further off than ``waitBound``, until when. It sets that bound on every request, so
/// the rate limiter refuses a long wait at once instead of holding the agent.
final class AnswerWatch: ClientMiddleware, Sendable {
    let waitBound: Duration
    private let time: TimeSource
    private let seen = Mutex(Seen())

    struct Seen: Sendable {
        /// Requests the network answered (a revalidation too: it was sent).
        var sent = 0
        /// When the last of them arrived (and was stored in the cache, which sits inside this).
        var receivedAt: Date?
        /// When each answer the cache gave instead was stored.
        var storedAt: [Date] = []
        /// When a slot frees, for a call refused by the rate limit.
        var rateLimitedUntil: Date?
    }

    init(waitBound: Duration, time: TimeSource) {
        self.waitBound = waitBound
        self.time = time
    }

    var record: Seen { seen.withLock { $0 } }

    func intercept(
        _ request: HTTPRequest, context: RequestContext,
        next: @Sendable (HTTPRequest, RequestContext) async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        var context = context
        context.rateLimitWaitBound = waitBound
        do {
            let response = try await next(request, context)
            seen.withLock { seen in
                switch response.origin {
                case .network, .revalidated:
                    seen.sent += 1
                    seen.receivedAt = time.now()
                case let .cache(storedAt): seen.storedAt.append(storedAt)
                }
            }
            return response
        } catch let error as HTTPClientError {
            if case let .retryLater(_, after, _) = error {
                let until = time.now().addingTimeInterval(after.timeInterval)
                seen.withLock { $0.rateLimitedUntil = max($0.rateLimitedUntil ?? until, until) }
            }
            throw error
        }
    }
}
