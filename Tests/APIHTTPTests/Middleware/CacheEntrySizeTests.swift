import Foundation
import Testing
import TestSupport
@testable import APIHTTP

/// Bodies over `maxEntryBytes` are answered but not stored (see BENCHMARKS.md, scenario 3).
@Suite("Cache entry size")
struct CacheEntrySizeTests {
    func client(storage: MemoryCacheStorage, clock: ManualClock, trace: Lines, maxEntryBytes: Int) -> HTTPClient {
        HTTPClient(
            transport: DefaultTransport(connectTimeout: .seconds(3)),
            middlewares: [
                CacheMiddleware(
                    ttl: .seconds(600), storage: storage, time: TimeSource(now: clock.now, sleep: clock.sleep),
                    trace: trace.sink, maxEntryBytes: maxEntryBytes),
            ]
        )
    }

    @Test func aBodyOverTheLimitIsUsedButNotStored() async throws {
        let body = #"{"n":"0123456789"}"#
        let server = try LoopbackServer { _ in .json(body) }
        defer { server.stop() }
        let storage = MemoryCacheStorage()
        let trace = Lines()
        let client = client(storage: storage, clock: ManualClock(start: Date()), trace: trace, maxEntryBytes: 10)
        let first = try await client.send(request(server), context: context())
        let second = try await client.send(request(server), context: context())
        #expect(String(decoding: first.body, as: UTF8.self) == body)
        #expect(second.origin == .network)
        #expect(server.requests.count == 2)
        #expect(storage.keys.isEmpty)
        #expect(trace.all.contains { $0.hasPrefix("cache not written: body of") })
    }

    @Test func aBodyAtTheLimitIsStored() async throws {
        let body = #"{"n":1}"#
        let server = try LoopbackServer { _ in .json(body) }
        defer { server.stop() }
        let storage = MemoryCacheStorage()
        let client = client(
            storage: storage, clock: ManualClock(start: Date()), trace: Lines(), maxEntryBytes: body.utf8.count)
        _ = try await client.send(request(server), context: context())
        let second = try await client.send(request(server), context: context())
        #expect(server.requests.count == 1)
        #expect(second.origin != .network)
        #expect(storage.keys.count == 1)
    }

    @Test func theDefaultLimitIsFourMebibytes() {
        #expect(CacheMiddleware.defaultMaxEntryBytes == 4 * 1024 * 1024)
    }
}
