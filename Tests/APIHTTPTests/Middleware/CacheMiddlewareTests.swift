import Foundation
import Testing
import TestSupport
@testable import APIHTTP

@Suite("Cache middleware")
struct CacheMiddlewareTests {
    func client(storage: MemoryCacheStorage, clock: ManualClock, trace: Lines = Lines(), ttl: Duration = .seconds(600))
        -> HTTPClient
    {
        HTTPClient(
            transport: DefaultTransport(connectTimeout: .seconds(3)),
            middlewares: [
                CacheMiddleware(
                    ttl: ttl, storage: storage, time: TimeSource(now: clock.now, sleep: clock.sleep), trace: trace.sink
                ),
            ]
        )
    }

    @Test func aFreshHitSendsNoRequest() async throws {
        let server = try LoopbackServer { _ in .json(#"{"n":1}"#) }
        defer { server.stop() }
        let storage = MemoryCacheStorage()
        let clock = ManualClock(start: Date())
        let trace = Lines()
        let client = client(storage: storage, clock: clock, trace: trace)
        let fetchedAt = clock.now()
        let first = try await client.send(request(server), context: context())
        clock.advance(by: .seconds(599))
        let second = try await client.send(request(server), context: context())
        #expect(server.requests.count == 1)
        #expect(first.origin == .network)
        #expect(second.origin == .cache(storedAt: fetchedAt))
        #expect(second.body == first.body)
        #expect(trace.all.first?.hasPrefix("cache miss") == true)
        #expect(trace.all.last?.hasPrefix("cache hit") == true)
        #expect(storage.keys.allSatisfy(isClean))
        #expect(storage.keys == ["GET " + server.baseURL.absoluteString + "/data"])
    }

    /// Paging reads every `Link` field; a cached page must page as the fresh one did.
    @Test func aFieldSentTwiceSurvivesACacheHit() async throws {
        let server = try LoopbackServer { _ in
            .json(#"{"n":1}"#, headers: [("Link", "</p/1>; rel=\"prev\""), ("Link", "</p/3>; rel=\"next\"")])
        }
        defer { server.stop() }
        let clock = ManualClock(start: Date())
        let client = client(storage: MemoryCacheStorage(), clock: clock)
        let fresh = try await client.send(request(server), context: context())
        let cached = try await client.send(request(server), context: context())
        #expect(server.requests.count == 1)
        #expect(LinkHeader.links(in: fresh.headers).map(\.target) == ["/p/1", "/p/3"])
        #expect(LinkHeader.links(in: cached.headers).map(\.target) == ["/p/1", "/p/3"])
    }

    @Test func aStaleEntryIsRevalidatedWithIfNoneMatch() async throws {
        let server = try LoopbackServer(routes: [
            "/data": [
                .json(#"{"n":1}"#, headers: [("ETag", "\"v1\""), ("Last-Modified", "Wed, 21 Oct 2015 07:28:00 GMT")]),
                .status(304, headers: [("ETag", "\"v1\"")]),
            ],
        ])
        defer { server.stop() }
        let storage = MemoryCacheStorage()
        let clock = ManualClock(start: Date())
        let trace = Lines()
        let client = client(storage: storage, clock: clock, trace: trace, ttl: .seconds(60))
        _ = try await client.send(request(server), context: context())
        clock.advance(by: .seconds(61))
        let revalidated = try await client.send(request(server), context: context())
        #expect(server.requests.count == 2)
        let conditional = try #require(server.requests.last)
        #expect(conditional.header("If-None-Match") == "\"v1\"")
        #expect(conditional.header("If-Modified-Since") == "Wed, 21 Oct 2015 07:28:00 GMT")
        #expect(revalidated.status == 200)
        #expect(String(decoding: revalidated.body, as: UTF8.self) == #"{"n":1}"#)
        #expect(revalidated.origin == .revalidated(storedAt: clock.now()))
        #expect(trace.all.last?.hasPrefix("cache revalidated") == true)
        // The 304 made the entry fresh again: the next call sends nothing.
        _ = try await client.send(request(server), context: context())
        #expect(server.requests.count == 2)
    }

    @Test func maxAgeOverridesTheTTLAndNoStoreIsNotKept() async throws {
        let server = try LoopbackServer(routes: [
            "/short": [.json("{}", headers: [("Cache-Control", "public, max-age=5")])],
            "/secret": [.json("{}", headers: [("Cache-Control", "no-store")])],
        ])
        defer { server.stop() }
        let storage = MemoryCacheStorage()
        let clock = ManualClock(start: Date())
        let client = client(storage: storage, clock: clock, ttl: .seconds(3600))
        _ = try await client.send(request(server, path: "/short"), context: context())
        _ = try await client.send(request(server, path: "/secret"), context: context())
        clock.advance(by: .seconds(6))
        _ = try await client.send(request(server, path: "/short"), context: context())
        _ = try await client.send(request(server, path: "/secret"), context: context())
        #expect(server.requests(to: "/short").count == 2)
        #expect(server.requests(to: "/secret").count == 2)
        #expect(storage.keys.count == 1)
    }

    @Test func refreshAlwaysAsksAndStillStores() async throws {
        let server = try LoopbackServer { _ in .json("{}") }
        defer { server.stop() }
        let storage = MemoryCacheStorage()
        let client = client(storage: storage, clock: ManualClock(start: Date()))
        _ = try await client.send(request(server), context: context())
        let refreshed = try await client.send(request(server), context: context(mode: .refresh))
        #expect(refreshed.origin == .network)
        #expect(server.requests.count == 2)
        #expect(storage.keys.count == 1)
    }

    @Test func offlineAnswersFromAnyEntryAndNeverTouchesTheNetwork() async throws {
        let server = try LoopbackServer { _ in .json(#"{"old":true}"#) }
        defer { server.stop() }
        let storage = MemoryCacheStorage()
        let clock = ManualClock(start: Date())
        let client = client(storage: storage, clock: clock, ttl: .seconds(1))
        let stored = try await client.send(request(server, path: "/data"), context: context())
        clock.advance(by: .seconds(86_400))
        let offline = try await client.send(request(server, path: "/data"), context: context(mode: .offline))
        #expect(offline.body == stored.body)
        guard case .cache = offline.origin else {
            Issue.record("expected a cache origin, got \(offline.origin)")
            return
        }
        let error = await failure { try await client.send(request(server, path: "/other"), context: context(mode: .offline)) }
        #expect(error as? HTTPClientError == .offline(url: request(server, path: "/other").redactedURL))
        #expect(server.requests.count == 1)
    }

    @Test func onlySuccessfulGETsAreStored() async throws {
        let server = try LoopbackServer(routes: ["/data": [.status(500), .json("{}")]])
        defer { server.stop() }
        let storage = MemoryCacheStorage()
        let client = client(storage: storage, clock: ManualClock(start: Date()))
        let failed = try await client.send(request(server), context: context())
        #expect(failed.status == 500)
        #expect(storage.keys.isEmpty)
        _ = try await client.send(request(server, method: "POST"), context: context())
        #expect(storage.keys.isEmpty)
    }
}
