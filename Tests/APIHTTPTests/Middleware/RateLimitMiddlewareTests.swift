import Foundation
import Testing
import TestSupport
@testable import APIHTTP

@Suite("Rate limit middleware and the in-memory ledger")
struct RateLimitMiddlewareTests {
    let start = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func ledgerAllowsCountPerWindowThenSaysHowLongToWait() {
        let ledger = InMemoryRateLimitLedger()
        let limits = [RateLimit.perMinute(2)]
        #expect(ledger.reserve(bucket: "nyt", limits: limits, now: start) == nil)
        #expect(ledger.reserve(bucket: "nyt", limits: limits, now: start.addingTimeInterval(10)) == nil)
        #expect(ledger.reserve(bucket: "nyt", limits: limits, now: start.addingTimeInterval(20)) == .seconds(40))
        #expect(ledger.reserve(bucket: "weather", limits: limits, now: start.addingTimeInterval(20)) == nil)
        #expect(ledger.reserve(bucket: "nyt", limits: limits, now: start.addingTimeInterval(60)) == nil)
        #expect(ledger.reserve(bucket: "nyt", limits: limits, now: start.addingTimeInterval(61)) == .seconds(9))
        // The first request has left the window and the log.
        #expect(ledger.entries(in: "nyt") == [start.addingTimeInterval(10), start.addingTimeInterval(60)])
    }

    @Test func ledgerHonoursEveryLimitAtOnce() {
        let ledger = InMemoryRateLimitLedger()
        let limits = [RateLimit.perMinute(5), RateLimit(6, per: .seconds(3600))]
        for minute in 0..<2 {
            for second in 0..<5 where minute * 5 + second < 6 {
                let now = start.addingTimeInterval(TimeInterval(minute * 60 + second))
                #expect(ledger.reserve(bucket: "nyt", limits: limits, now: now) == nil)
            }
        }
        // Six sent within the hour: the seventh waits for the first to leave the hour.
        let wait = ledger.reserve(bucket: "nyt", limits: limits, now: start.addingTimeInterval(120))
        #expect(wait == .seconds(3480))
    }

    @Test func waitsThroughTheInjectedClockAndAnnouncesLongWaits() async throws {
        let clock = ManualClock(start: start)
        let notices = Lines()
        let ledger = InMemoryRateLimitLedger()
        let stub = StubTransport { _, _ in HTTPResponse(status: 200) }
        let limiter = RateLimitMiddleware(
            bucket: "nyt", limits: [.perMinute(2)], ledger: ledger,
            time: TimeSource(now: clock.now, sleep: clock.sleep), notice: notices.sink
        )
        let client = HTTPClient(transport: stub, middlewares: [limiter])
        let request = HTTPRequest(baseURL: URL(fileURLWithPath: "/"), path: "/x")
        for _ in 0..<3 {
            _ = try await client.send(request, context: context(deadline: 600, from: start))
        }
        #expect(stub.requests.count == 3)
        #expect(clock.sleeps == [.seconds(60)])
        #expect(notices.all == ["waiting 60 s for the NYT rate limit…"])
        #expect(ledger.entries(in: "nyt") == [start.addingTimeInterval(60)])
    }

    @Test func shortWaitsAreSilent() async throws {
        let clock = ManualClock(start: start)
        let notices = Lines()
        let ledger = InMemoryRateLimitLedger()
        _ = ledger.reserve(bucket: "b", limits: [RateLimit(1, per: .milliseconds(500))], now: start)
        let limiter = RateLimitMiddleware(
            bucket: "b", limits: [RateLimit(1, per: .milliseconds(500))], ledger: ledger,
            time: TimeSource(now: clock.now, sleep: clock.sleep), notice: notices.sink
        )
        let stub = StubTransport { _, _ in HTTPResponse(status: 200) }
        _ = try await HTTPClient(transport: stub, middlewares: [limiter])
            .send(HTTPRequest(baseURL: URL(fileURLWithPath: "/"), path: "/x"), context: context(from: start))
        #expect(clock.sleeps == [.milliseconds(500)])
        #expect(notices.all.isEmpty)
    }

    @Test func aWaitPastTheDeadlineFailsAtOnce() async throws {
        let clock = ManualClock(start: start)
        let ledger = InMemoryRateLimitLedger()
        let limits = [RateLimit.perMinute(1)]
        _ = ledger.reserve(bucket: "nyt", limits: limits, now: start)
        let limiter = RateLimitMiddleware(
            bucket: "nyt", limits: limits, ledger: ledger,
            time: TimeSource(now: clock.now, sleep: clock.sleep), notice: { _ in }
        )
        let stub = StubTransport { _, _ in HTTPResponse(status: 200) }
        let request = HTTPRequest(
            baseURL: URL(fileURLWithPath: "/"), path: "/x", credential: Credential(parameter: "api-key", value: secret)
        )
        let error = await failure {
            try await HTTPClient(transport: stub, middlewares: [limiter]).send(request, context: context(deadline: 10, from: start))
        }
        let clientError = try #require(error as? HTTPClientError)
        #expect(clientError.description == "NYT rate limit reached; retry in 60 s")
        #expect(stub.requests.isEmpty)
        #expect(clock.sleeps.isEmpty)
    }

    /// A ledger that answers late: the store's write lock was held by other processes, one of
    /// which recorded its request after this one read the clock.
    struct SlowLedger: RateLimitLedger {
        let inner = InMemoryRateLimitLedger()
        let clock: ManualClock
        let lockWait: Duration

        func reserve(bucket: String, limits: [RateLimit], now: Date) throws -> Duration? {
            clock.advance(by: lockWait)
            // Another process, holding the lock, took the last slot of the minute at its own later clock.
            _ = inner.reserve(bucket: bucket, limits: limits, now: now.addingTimeInterval(lockWait.timeInterval / 2))
            return inner.reserve(bucket: bucket, limits: limits, now: now)
        }

        func markFull(bucket: String, limit: RateLimit, now: Date) throws {
            inner.markFull(bucket: bucket, limit: limit, now: now)
        }
    }

    @Test("a wait is measured from when the ledger answered: never more than the window")
    func aLateAnswerWaitsWhatIsLeft() async throws {
        let clock = ManualClock(start: start)
        let limits = [RateLimit.perMinute(1)]
        let ledger = SlowLedger(clock: clock, lockWait: .milliseconds(1_600))
        let limiter = RateLimitMiddleware(
            bucket: "nyt", limits: limits, ledger: ledger,
            time: TimeSource(now: clock.now, sleep: clock.sleep), notice: { _ in }
        )
        let stub = StubTransport { _, _ in HTTPResponse(status: 200) }
        let error = await failure {
            try await HTTPClient(transport: stub, middlewares: [limiter])
                .send(HTTPRequest(baseURL: URL(fileURLWithPath: "/"), path: "/x"), context: context(deadline: 10, from: start))
        }
        // Measured from the clock read before the lock, the wait would be 60.8 s: "retry in 61 s".
        #expect((error as? HTTPClientError)?.description == "NYT rate limit reached; retry in 60 s")
        #expect(stub.requests.isEmpty)
    }

    @Test func concurrentRequestsShareOneAllowance() async throws {
        let clock = ManualClock(start: start)
        let ledger = InMemoryRateLimitLedger()
        let limits = [RateLimit.perMinute(5)]
        let limiter = RateLimitMiddleware(
            bucket: "nyt", limits: limits, ledger: ledger,
            time: TimeSource(now: clock.now, sleep: { _ in throw CancellationError() }), notice: { _ in }
        )
        let stub = StubTransport { _, _ in HTTPResponse(status: 200) }
        let client = HTTPClient(transport: stub, middlewares: [limiter])
        let request = HTTPRequest(baseURL: URL(fileURLWithPath: "/"), path: "/x")
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<20 {
                group.addTask { (try? await client.send(request, context: context(deadline: 600, from: start))) != nil }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 }.count == 5)
        #expect(stub.requests.count == 5)
    }
}
