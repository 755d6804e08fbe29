import APIHost
import APIHTTP
import Foundation
import Testing
import TestSupport

/// The scripted network faults that need no socket, through the host in-process on
/// the stub provider: the transport's answers or errors in order, and the run's
/// exit code, message kind and number of attempts. (The faults that need a real
/// connection, a slow drip, gzip, the body cap and a redirect, stay in the
/// binary's `NetworkFaultTests`.)
@Suite("Network faults through the host, in-process")
struct NetworkFaultTests {
    static let records = #"[{"id": "1", "title": "First record"}]"#

    /// A host whose transport gives `script`'s answers in turn (the last one from then on).
    static func host(_ script: [@Sendable (HTTPRequest) throws -> HTTPResponse]) throws -> InProcessHost {
        try InProcessHost(sources: [.compiled([StubProvider()])], variables: ["APICLI_TIMEOUT": "5"]) { request, index in
            try script[min(index, script.count) - 1](request)
        }
    }

    static let ok: @Sendable (HTTPRequest) throws -> HTTPResponse = { _ in InProcessHost.json(records) }

    static func status(_ code: Int, headers: HTTPHeaders = HTTPHeaders()) -> @Sendable (HTTPRequest) throws -> HTTPResponse {
        { _ in HTTPResponse(status: code, headers: headers, body: Data("fault".utf8)) }
    }

    @Test("500, then 200: retried, printed, exit 0, the retry traced")
    func serverErrorThenSuccess() async throws {
        let host = try Self.host([Self.status(500), Self.ok])
        let run = await host.run(["stub", "words", "--verbose"])
        #expect(run.code == .success, "\(run.stderr)")
        #expect(run.stdout.contains("First record"))
        #expect(run.stderr.contains("retry 2 of 3"), "\(run.stderr)")
        #expect(host.transport.requests.count == 2)
    }

    @Test("429 with Retry-After: 1, then 200: waits about a second (on the host's clock), then prints")
    func rateLimitedBriefly() async throws {
        var headers = HTTPHeaders()
        headers["Retry-After"] = "1"
        var host = try Self.host([Self.status(429, headers: headers), Self.ok])
        let clock = ManualClock(start: Date())
        host.time = TimeSource(now: clock.now, sleep: clock.sleep)
        let run = await host.run(["stub", "words"])
        let waited = clock.sleeps.reduce(Duration.zero, +)
        #expect(run.code == .success, "\(run.stderr)")
        #expect(host.transport.requests.count == 2)
        #expect(waited >= .milliseconds(900) && waited < .seconds(3), "waited \(clock.sleeps)")
    }

    @Test("a reset connection, then 200: retried and printed")
    func resetThenSuccess() async throws {
        let reset: @Sendable (HTTPRequest) throws -> HTTPResponse = { request in
            throw HTTPClientError.connectionFailed(url: request.redactedURL, reason: "connection reset by peer")
        }
        let host = try Self.host([reset, Self.ok])
        let run = await host.run(["stub", "words"])
        #expect(run.code == .success, "\(run.stderr)")
        #expect(run.stdout.contains("First record"))
        #expect(host.transport.requests.count == 2)
    }

    @Test("a truncated body every time: 69 after three attempts, one line saying it broke off")
    func truncatedAlways() async throws {
        let truncated: @Sendable (HTTPRequest) throws -> HTTPResponse = { request in
            throw HTTPClientError.truncated(url: request.redactedURL, received: 100, expected: 900)
        }
        var host = try Self.host([truncated])
        // The waits between attempts on the host's clock: on the system's, a busy test runner
        // (two cooperative threads for every in-process test) could spend the deadline before the third.
        let clock = ManualClock(start: Date())
        host.time = TimeSource(now: clock.now, sleep: clock.sleep)
        let run = await host.run(["stub", "words"])
        #expect(run.code == .unavailable, "\(run.stderr)")
        #expect(run.errors.count == 1 && run.errors[0].contains("broke off"), "\(run.stderr)")
        #expect(run.isOneErrorLine, "\(run.stderr)")
        #expect(host.transport.requests.count == 3, "three attempts")
    }
}
