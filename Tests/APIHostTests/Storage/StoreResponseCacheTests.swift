import Foundation
import Testing
@testable import APIHost

@Suite struct StoreResponseCacheTests {
    let directory: StorageTestDirectory

    init() throws {
        directory = try StorageTestDirectory()
    }

    static let key = "GET https://api.nytimes.com/svc/search/v2/articlesearch.json?q=basketball"

    static func response(body: String, etag: String? = "\"v1\"") -> CachedResponse {
        CachedResponse(
            status: 200, headers: ["Content-Type": "application/json", "ETag": etag ?? ""],
            body: Data(body.utf8), storedAt: Date(timeIntervalSince1970: 1_000),
            freshUntil: Date(timeIntervalSince1970: 4_600), etag: etag, lastModified: "Wed, 21 Oct 2015 07:28:00 GMT")
    }

    @Test func aStoredResponseReadsBackEqualFromAnotherConnection() throws {
        let cache = StoreResponseCache(store: try directory.store(), provider: "nyt")
        let response = Self.response(body: #"{"status":"OK"}"#)
        try cache.store(response, for: Self.key)
        let other = StoreResponseCache(store: try directory.store(), provider: "nyt")
        #expect(try other.cachedResponse(for: Self.key) == response)
        #expect(try other.cachedResponse(for: Self.key + "&page=1") == nil)
    }

    @Test func storingAgainReplacesTheEntry() throws {
        let cache = StoreResponseCache(store: try directory.store(), provider: "nyt")
        try cache.store(Self.response(body: "old"), for: Self.key)
        let newer = Self.response(body: "", etag: nil)
        try cache.store(newer, for: Self.key)
        #expect(try cache.cachedResponse(for: Self.key) == newer)
        let count = try cache.store.read { try $0.queryOne("SELECT COUNT(*) FROM apicli_http_cache")?[0].int }
        #expect(count == 1)
    }

    @Test func eachEntryRecordsItsProvider() throws {
        let store = try directory.store()
        let shared = StoreResponseCache(store: store) { key in key.contains("openweathermap") ? "weather" : "nyt" }
        try shared.store(Self.response(body: "a"), for: Self.key)
        try shared.store(Self.response(body: "b"), for: "GET https://api.openweathermap.org/data/2.5/forecast?q=Paris")
        let rows = try store.read { try $0.query("SELECT provider FROM apicli_http_cache ORDER BY provider") }
        #expect(rows.compactMap { $0["provider"].string } == ["nyt", "weather"])
    }

    @Test func removingEntries() throws {
        let cache = StoreResponseCache(store: try directory.store(), provider: "nyt")
        try cache.store(Self.response(body: "a"), for: Self.key)
        try cache.remove(for: Self.key)
        #expect(try cache.cachedResponse(for: Self.key) == nil)
        try cache.store(Self.response(body: "a"), for: Self.key)
        #expect(try cache.removeEntries(storedBefore: Date(timeIntervalSince1970: 999)) == 0)
        #expect(try cache.removeEntries(storedBefore: Date(timeIntervalSince1970: 1_001)) == 1)
    }
}
