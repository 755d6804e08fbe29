import Foundation
import Testing
@testable import APIHost

@Suite struct HostSchemaTests {
    let directory: StorageTestDirectory

    init() throws {
        directory = try StorageTestDirectory()
    }

    @Test func theHostTablesExistAndMigratingAgainIsANoOp() throws {
        let store = try directory.store()
        try HostSchema.migrate(store)
        #expect(try store.schemaVersion(owner: HostSchema.owner) == HostSchema.migrations.count)
        let names = try store.tables().map(\.name)
        #expect(names == ["apicli_fetches", "apicli_http_cache", "apicli_migrations", "apicli_rate_events"])
    }

    @Test func recordFetchKeepsTheLatestPerQuery() throws {
        let store = try directory.store()
        try store.write { tx in
            try HostSchema.recordFetch(provider: "nyt", queryKey: "basketball", at: Date(timeIntervalSince1970: 10), in: tx)
            try HostSchema.recordFetch(provider: "nyt", queryKey: "basketball", at: Date(timeIntervalSince1970: 30), in: tx)
            try HostSchema.recordFetch(provider: "nyt", queryKey: "soccer", at: Date(timeIntervalSince1970: 20), in: tx)
        }
        let found = try store.read { tx in
            [
                try HostSchema.lastFetch(provider: "nyt", queryKey: "basketball", in: tx),
                try HostSchema.lastFetch(provider: "nyt", queryKey: "tennis", in: tx),
                try HostSchema.lastFetch(provider: "nyt", in: tx),
                try HostSchema.lastFetch(provider: "weather", in: tx),
            ]
        }
        #expect(found == [Date(timeIntervalSince1970: 30), nil, Date(timeIntervalSince1970: 30), nil])
    }

    @Test func lastFetchFallsBackToTheCache() throws {
        let store = try directory.store()
        let entry = CachedResponse(
            status: 200, headers: [:], body: Data(), storedAt: Date(timeIntervalSince1970: 50),
            freshUntil: Date(timeIntervalSince1970: 650))
        try StoreResponseCache(store: store, provider: "weather").store(entry, for: "GET /forecast?q=Paris")
        #expect(try store.read { try HostSchema.lastFetch(provider: "weather", in: $0) } == Date(timeIntervalSince1970: 50))
    }

    @Test func providerNamesCannotReachHostOrSQLiteTables() {
        #expect(HostSchema.isValidProviderName("nyt"))
        #expect(!HostSchema.isValidProviderName("apicli"))
        #expect(!HostSchema.isValidProviderName("SQLite"))
        #expect(!HostSchema.isValidProviderName(""))
    }
}
