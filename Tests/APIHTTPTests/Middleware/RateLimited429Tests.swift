import Foundation
import Testing
import TestSupport
@testable import APIHTTP

/// A 429 without `Retry-After` waits out the provider's declared window (recorded
/// in the ledger for every process), never a sub-second backoff; past the deadline
/// it fails at once after exactly one request; a final answer is never retried.
@Suite("429 without Retry-After")
struct RateLimited429Tests {
    let start = Date(timeIntervalSince1970: 1_700_000_000)

    func client(
        _ transport: StubTransport, ledger: InMemoryRateLimitLedger, limits: [RateLimit], clock: ManualClock
    ) -> HTTPClient {
        HTTPClient.standard(
            transport: transport, bucket: "nyt", limits: limits, ledger: ledger, ttl: .seconds(60),
            cacheStorage: MemoryCacheStorage(), time: TimeSource(now: clock.now, sleep: clock.sleep),
            random: { $0.upperBound }, notice: { _ in })
    }

    /// Sends one request that must fail at once with `retryLater`; its wait and reason.
    func retryLater(_ http: HTTPClient, deadline: TimeInterval) async throws -> (Duration, String) {
        let server = try LoopbackServer(routes: [:])
        defer { server.stop() }
        let error = await failure { try await http.send(request(server), context: context(deadline: deadline, from: start)) }
        guard case let .retryLater(_, after, reason) = error as? HTTPClientError else {
            throw LoopbackServerError.setup("expected retryLater, got \(String(describing: error))")
        }
        return (after, reason)
    }

    @Test func pastTheDeadlineOneRequestAndRetryInTheWindow() async throws {
        let fault = try Fixtures.real("errors/nyt_429_quota_violation_pika.json")
        let transport = StubTransport { _, _ in HTTPResponse(status: 429, body: fault) }
        let ledger = InMemoryRateLimitLedger()
        let clock = ManualClock(start: start)
        let limits: [RateLimit] = [.perMinute(5), .perDay(500)]
        let (after, reason) = try await retryLater(
            client(transport, ledger: ledger, limits: limits, clock: clock), deadline: 30)
        #expect(transport.requests.count == 1)
        #expect(after == .seconds(60))
        #expect(reason == "NYT rate limit reached")
        #expect(clock.now() == start, "nothing was waited")
        // The window is recorded as full: another process gets no slot for a minute.
        #expect(ledger.entries(in: "nyt").count == 5)
        #expect(ledger.reserve(bucket: "nyt", limits: limits, now: start.addingTimeInterval(59)) != nil)
        #expect(ledger.reserve(bucket: "nyt", limits: limits, now: start.addingTimeInterval(60)) == nil)
    }

    @Test func withinTheDeadlineItWaitsTheWholeWindowOnce() async throws {
        let transport = StubTransport { _, index in
            index == 1 ? HTTPResponse(status: 429) : HTTPResponse(status: 200, body: Data("{}".utf8))
        }
        let ledger = InMemoryRateLimitLedger()
        let clock = ManualClock(start: start)
        let http = client(transport, ledger: ledger, limits: [.perMinute(5)], clock: clock)
        let server = try LoopbackServer(routes: [:])
        defer { server.stop() }
        let response = try await http.send(request(server), context: context(deadline: 300, from: start))
        #expect(response.status == 200)
        #expect(transport.requests.count == 2)
        #expect(clock.now().timeIntervalSince(start) >= 60, "waited the window, not a backoff")
        #expect(clock.now().timeIntervalSince(start) < 62)
    }

    @Test func theLedgersLongerWaitWins() async throws {
        let transport = StubTransport { _, _ in HTTPResponse(status: 429) }
        let ledger = InMemoryRateLimitLedger()
        let limits: [RateLimit] = [.perMinute(5), RateLimit(2, per: .seconds(3600))]
        // One request half an hour ago: with this one the hour is full for another 30 min.
        #expect(ledger.reserve(bucket: "nyt", limits: limits, now: start.addingTimeInterval(-1800)) == nil)
        let clock = ManualClock(start: start)
        let (after, _) = try await retryLater(
            client(transport, ledger: ledger, limits: limits, clock: clock), deadline: 120)
        #expect(transport.requests.count == 1)
        // At least until the hour frees; the requests that mark the minute full also
        // count in the hour, which can only make the wait longer, never too short.
        #expect(after >= .seconds(1800) && after <= .seconds(3600))
    }

    @Test func withoutDeclaredLimitsTheWaitIsAWindowNotABackoff() async throws {
        let transport = StubTransport { _, _ in HTTPResponse(status: 429) }
        let clock = ManualClock(start: start)
        let (after, _) = try await retryLater(
            client(transport, ledger: InMemoryRateLimitLedger(), limits: [], clock: clock), deadline: 30)
        #expect(after == RetryPolicy.standard.rateLimitWait)
        #expect(transport.requests.count == 1)
    }

    @Test func aFinalAnswerIsReturnedAtOnceAndMarksNothing() async throws {
        let blocked = try Fixtures.real("errors/owm_429_account_blocked_jdai03.json")
        let transport = StubTransport { _, _ in HTTPResponse(status: 429, body: blocked) }
        let ledger = InMemoryRateLimitLedger()
        let clock = ManualClock(start: start)
        let http = client(transport, ledger: ledger, limits: [.perMinute(60)], clock: clock)
        let server = try LoopbackServer(routes: [:])
        defer { server.stop() }
        var context = context(deadline: 600, from: start)
        context.isFinalAnswer = { response in
            String(decoding: response.body, as: UTF8.self).contains("account is temporary blocked")
        }
        let response = try await http.send(request(server), context: context)
        #expect(response.status == 429)
        #expect(response.body == blocked)
        #expect(response.headers["Retry-After"] == nil)
        #expect(transport.requests.count == 1)
        #expect(clock.now() == start)
        #expect(ledger.entries(in: "nyt").count == 1, "only the request itself")
    }
}
