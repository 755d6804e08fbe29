import Foundation
import Testing
import TestSupport
@testable import APIHTTP

@Suite("The standard chain")
struct StandardClientTests {
    @Test func composesRedactionCacheRetryRateLimitAndTraceInThatOrder() {
        let client = HTTPClient.standard(
            transport: StubTransport { _, _ in HTTPResponse(status: 200) },
            bucket: "nyt", limits: [.perMinute(5)], ledger: InMemoryRateLimitLedger(), ttl: .seconds(3600),
            cacheStorage: MemoryCacheStorage(), trace: { _ in }, notice: { _ in }
        )
        let kinds = client.middlewares.map { String(describing: type(of: $0)) }
        #expect(kinds == ["RedactionMiddleware", "CacheMiddleware", "RetryMiddleware", "RateLimitMiddleware", "TraceMiddleware", "SecretScrubMiddleware"])
        let quiet = HTTPClient.standard(
            transport: StubTransport { _, _ in HTTPResponse(status: 200) },
            bucket: "nyt", limits: [], ledger: InMemoryRateLimitLedger(), ttl: .seconds(1),
            cacheStorage: MemoryCacheStorage(), notice: { _ in }
        )
        #expect(quiet.middlewares.count == 5)
    }

    @Test func aCacheHitCostsNoRateLimitSlotAndRetriesPayForTheirs() async throws {
        let server = try LoopbackServer(routes: ["/data": [.status(502), .json("{}")]])
        defer { server.stop() }
        let clock = ManualClock(start: Date())
        let ledger = InMemoryRateLimitLedger()
        let client = HTTPClient.standard(
            transport: DefaultTransport(connectTimeout: .seconds(3)),
            bucket: "nyt", limits: [.perMinute(5)], ledger: ledger, ttl: .seconds(3600),
            cacheStorage: MemoryCacheStorage(), time: TimeSource(now: clock.now, sleep: clock.sleep),
            random: { $0.upperBound }, notice: { _ in }
        )
        _ = try await client.send(request(server), context: context())
        _ = try await client.send(request(server), context: context())
        #expect(server.requests.count == 2)
        #expect(ledger.entries(in: "nyt").count == 2)
    }
}
