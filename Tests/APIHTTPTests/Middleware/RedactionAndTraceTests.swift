import Foundation
import Testing
import TestSupport
@testable import APIHTTP

@Suite("Redaction and trace")
struct RedactionAndTraceTests {
    struct LeakyError: Error, CustomStringConvertible {
        var description: String
    }

    @Test func anErrorHoldingTheKeyIsRewritten() async throws {
        let stub = StubTransport { request, _ in
            throw LeakyError(description: "failed at \(request.url.absoluteString)")
        }
        let server = try LoopbackServer { _ in .json("{}") }
        defer { server.stop() }
        let error = await failure {
            try await HTTPClient(transport: stub, middlewares: [RedactionMiddleware()])
                .send(request(server), context: context())
        }
        let redacted = try #require(error as? RedactedError)
        #expect(isClean(redacted.description))
        #expect(redacted.description.contains("api-key=***"))
    }

    @Test func aClientErrorKeepsItsCaseWhenRewritten() throws {
        let leaky = HTTPClientError.connectionFailed(url: "http://h/x?api-key=\(secret)", reason: "boom \(secret)")
        let redacted = RedactionMiddleware.redact(leaky, secret: secret)
        #expect(redacted as? HTTPClientError == .connectionFailed(url: "http://h/x?api-key=***", reason: "boom ***"))
    }

    /// Compared as characters, a key followed by a combining mark ("…key\u{301}") is not in the
    /// text, since its last letter and the mark are one character: the error went out unredacted.
    @Test("a key is found by its bytes, whatever follows it")
    func aKeyBeforeACombiningMarkIsRewritten() throws {
        let leaky = HTTPClientError.badAnswer(url: "http://h/x", reason: "echoed \(secret)\u{301} back")
        let redacted = RedactionMiddleware.redact(leaky, secret: secret)
        #expect(redacted as? HTTPClientError == .badAnswer(url: "http://h/x", reason: "echoed ***\u{301} back"))
    }

    @Test func aCleanErrorPassesUnchanged() {
        let clean = HTTPClientError.offline(url: "http://h/x?api-key=***")
        #expect(RedactionMiddleware.redact(clean, secret: secret) as? HTTPClientError == clean)
    }

    @Test func traceWritesOneLinePerAttemptWithoutTheKey() async throws {
        let server = try LoopbackServer(routes: ["/data": [.status(503), .json(#"{"ok":true}"#)]])
        defer { server.stop() }
        let lines = Lines()
        let clock = ManualClock(start: Date())
        let time = TimeSource(now: clock.now, sleep: clock.sleep)
        let client = HTTPClient(
            transport: DefaultTransport(connectTimeout: .seconds(3)),
            middlewares: [
                RetryMiddleware(time: time, random: { $0.lowerBound }),
                TraceMiddleware(sink: lines.sink, time: time),
            ]
        )
        _ = try await client.send(request(server, query: [QueryItem("q", "c++ & rust")]), context: context())
        let url = request(server, query: [QueryItem("q", "c++ & rust")]).redactedURL
        #expect(lines.all == [
            "GET \(url) -> 503, 0 B, 0 ms, attempt 1",
            "GET \(url) -> 200, 11 B, 0 ms, attempt 2",
        ])
        #expect(url.hasSuffix("?q=c%2B%2B%20%26%20rust&api-key=***"))
    }

    @Test func everyFaultLeavesTheKeyOutOfErrorsAndTraces() async throws {
        let faults: [ScriptedResponse] = [
            .reset,
            .json(String(repeating: "t", count: 40)).truncated(after: 3),
            .json(String(repeating: "b", count: 4096)),
            .json(String(repeating: "d", count: 50)).dripping(chunk: 1, every: .milliseconds(100)),
        ]
        let lines = Lines()
        for fault in faults {
            let server = try LoopbackServer { _ in fault }
            defer { server.stop() }
            let client = HTTPClient.standard(
                transport: DefaultTransport(maxBodyBytes: 1024, connectTimeout: .seconds(2)),
                bucket: "nyt", limits: [.perMinute(100)], ledger: InMemoryRateLimitLedger(), ttl: .seconds(60),
                cacheStorage: MemoryCacheStorage(), retryPolicy: RetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(10)),
                trace: lines.sink, notice: lines.sink
            )
            let error = await failure { try await client.send(request(server), context: context(deadline: 1)) }
            let shown = try #require(error.map { "\($0)" })
            #expect(isClean(shown), "error text: \(shown)")
            #expect(shown.contains("api-key=***"))
        }
        // At least one traced attempt per fault; how many retries fit the deadline depends on load.
        #expect(lines.all.count >= faults.count)
        #expect(lines.all.allSatisfy(isClean))
    }
}
