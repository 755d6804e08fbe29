import Foundation
import Synchronization
import Testing
import TestSupport
@testable import APIHTTP

@Suite("Retry middleware")
struct RetryMiddlewareTests {
    /// A real transport under retry, with a manual clock (starting now, since the
    /// transport measures the deadline on the wall clock) and the jitter's top.
    func client(clock: ManualClock, trace: Lines = Lines(), policy: RetryPolicy = .standard) -> HTTPClient {
        let time = TimeSource(now: clock.now, sleep: clock.sleep)
        return HTTPClient(
            transport: DefaultTransport(connectTimeout: .seconds(3)),
            middlewares: [
                RetryMiddleware(policy: policy, time: time, random: { $0.upperBound }, trace: trace.sink),
                TraceMiddleware(sink: trace.sink, time: time),
            ]
        )
    }

    @Test func retries500ThenReturns200() async throws {
        let server = try LoopbackServer(routes: ["/data": [.status(500), .json(#"{"ok":1}"#)]])
        defer { server.stop() }
        let clock = ManualClock(start: Date())
        let trace = Lines()
        let response = try await client(clock: clock, trace: trace).send(request(server), context: context())
        #expect(response.status == 200)
        #expect(server.requests.count == 2)
        #expect(clock.sleeps == [.milliseconds(500)])
        #expect(trace.all.contains { $0.hasSuffix("attempt 1") && $0.contains("-> 500") })
        #expect(trace.all.contains { $0.hasSuffix("attempt 2") && $0.contains("-> 200") })
        #expect(trace.all.allSatisfy(isClean))
    }

    @Test func honoursRetryAfterSecondsOn429() async throws {
        let server = try LoopbackServer(routes: [
            "/data": [.status(429, headers: [("Retry-After", "1")]), .json("{}")],
        ])
        defer { server.stop() }
        let clock = ManualClock(start: Date())
        let response = try await client(clock: clock).send(request(server), context: context())
        #expect(response.status == 200)
        #expect(server.requests.count == 2)
        #expect(clock.sleeps == [.seconds(1)])
    }

    @Test func failsAtOnceWhenRetryAfterPassesTheDeadline() async throws {
        let server = try LoopbackServer(routes: [
            "/data": [.status(429, headers: [("Retry-After", "3600")]), .json("{}")],
        ])
        defer { server.stop() }
        let clock = ManualClock(start: Date())
        let error = await failure { try await client(clock: clock).send(request(server), context: context(deadline: 30)) }
        let clientError = try #require(error as? HTTPClientError)
        #expect(clientError == .retryLater(url: request(server).redactedURL, after: .seconds(3600), reason: "NYT rate limit reached"))
        #expect(clientError.description == "NYT rate limit reached; retry in 3600 s")
        #expect(server.requests.count == 1)
        #expect(clock.sleeps.isEmpty)
    }

    @Test func retriesResetsAndTruncatedBodies() async throws {
        let server = try LoopbackServer(routes: [
            "/data": [.reset, .json(String(repeating: "a", count: 50)).truncated(after: 5), .json("{}")],
        ])
        defer { server.stop() }
        let clock = ManualClock(start: Date())
        let response = try await client(clock: clock).send(request(server), context: context())
        #expect(response.status == 200)
        #expect(server.requests.count == 3)
        #expect(clock.sleeps == [.milliseconds(500), .seconds(1)])
    }

    @Test func rethrowsTheLastErrorOnceAttemptsAreUsedUp() async throws {
        let server = try LoopbackServer { _ in .reset }
        defer { server.stop() }
        let clock = ManualClock(start: Date())
        let trace = Lines()
        let error = await failure { try await client(clock: clock, trace: trace).send(request(server), context: context()) }
        guard case .connectionFailed? = error as? HTTPClientError else {
            Issue.record("expected connectionFailed, got \(String(describing: error))")
            return
        }
        #expect(server.requests.count == 3)
        #expect(isClean("\(String(describing: error))"))
        #expect(trace.all.allSatisfy(isClean))
    }

    @Test func returnsTheLastStatusOnceAttemptsAreUsedUp() async throws {
        let stub = StubTransport { _, _ in HTTPResponse(status: 503) }
        let clock = ManualClock(start: Date())
        let retry = RetryMiddleware(time: TimeSource(now: clock.now, sleep: clock.sleep), random: { $0.upperBound })
        let response = try await HTTPClient(transport: stub, middlewares: [retry]).send(
            HTTPRequest(baseURL: URL(fileURLWithPath: "/"), path: "/x"), context: context()
        )
        #expect(response.status == 503)
        #expect(stub.seenAttempts == [1, 2, 3])
        #expect(clock.sleeps == [.milliseconds(500), .seconds(1)])
    }

    @Test func honoursRetryAfterAsAnHTTPDate() async throws {
        let clock = ManualClock(start: Date(timeIntervalSince1970: 1_445_412_400)) // 07:26:40 GMT
        let stub = StubTransport { _, index in
            index == 1
                ? HTTPResponse(status: 503, headers: ["Retry-After": "Wed, 21 Oct 2015 07:26:50 GMT"])
                : HTTPResponse(status: 200)
        }
        let retry = RetryMiddleware(time: TimeSource(now: clock.now, sleep: clock.sleep), random: { $0.upperBound })
        let response = try await HTTPClient(transport: stub, middlewares: [retry]).send(
            HTTPRequest(baseURL: URL(fileURLWithPath: "/"), path: "/x"), context: context(deadline: 60, from: clock.now())
        )
        #expect(response.status == 200)
        #expect(clock.sleeps == [.seconds(10)])
    }

    @Test func neverRetriesAPost() async throws {
        let stub = StubTransport { _, _ in HTTPResponse(status: 503) }
        let retry = RetryMiddleware(time: TimeSource(now: { Date() }, sleep: { _ in }))
        let response = try await HTTPClient(transport: stub, middlewares: [retry]).send(
            HTTPRequest(method: "POST", baseURL: URL(fileURLWithPath: "/"), path: "/x"), context: context()
        )
        #expect(response.status == 503)
        #expect(stub.requests.count == 1)
    }

    @Test func doesNotRetryOtherStatuses() async throws {
        let stub = StubTransport { _, _ in HTTPResponse(status: 404) }
        let retry = RetryMiddleware(time: TimeSource(now: { Date() }, sleep: { _ in }))
        let response = try await HTTPClient(transport: stub, middlewares: [retry]).send(
            HTTPRequest(baseURL: URL(fileURLWithPath: "/"), path: "/x"), context: context()
        )
        #expect(response.status == 404)
        #expect(stub.requests.count == 1)
    }

    @Test func jitterIsDrawnBetweenZeroAndTheCeiling() {
        let ranges = RangeLog()
        let retry = RetryMiddleware(time: .system, random: { range in ranges.record(range) })
        #expect(retry.backoff(afterAttempt: 3) == .zero)
        #expect(ranges.all == [0...2])
    }

    @Test func backoffCeilingDoublesUpToTheCap() {
        let policy = RetryPolicy.standard
        let ceilings = (1...7).map { policy.backoffCeiling(afterAttempt: $0) }
        #expect(ceilings == [.milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(8), .seconds(8)])
    }

    @Test func retryAfterAcceptsSecondsAndHTTPDates() throws {
        let now = Date(timeIntervalSince1970: 1_445_412_400) // Wed, 21 Oct 2015 07:26:40 GMT
        #expect(RetryAfter.delay("120", now: now) == .seconds(120))
        #expect(RetryAfter.delay("Wed, 21 Oct 2015 07:28:00 GMT", now: now) == .seconds(80))
        #expect(RetryAfter.delay("Wed, 21 Oct 2015 07:00:00 GMT", now: now) == .zero)
        #expect(RetryAfter.delay("soon", now: now) == nil)
        #expect(RetryAfter.delay(nil, now: now) == nil)
    }
}

/// The ranges handed to the random source; answers with each range's lower end.
final class RangeLog: Sendable {
    private let ranges = Mutex<[ClosedRange<Double>]>([])
    func record(_ range: ClosedRange<Double>) -> Double {
        ranges.withLock { $0.append(range) }
        return range.lowerBound
    }
    var all: [ClosedRange<Double>] { ranges.withLock { $0 } }
}
