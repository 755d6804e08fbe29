import Foundation
import Testing
@testable import APIHost

/// Providers whose rows live in tables they share with others (as every
/// provider file's do, in the provider-files engine's tables), told apart by a
/// column: `store info` counts them and `store clear` deletes them from what
/// the layout declares, with no table name known to the host.
@Suite struct StoreInfoSharedStorageTests {
    let directory: StorageTestDirectory
    let store: Store
    static let shared = StorageOwnership(
        owner: "stub_engine", shared: .init(tables: ["stub_engine_results", "stub_engine_items"], providerColumn: "who"))
    static let layout = StoreLayout(
        providers: [("nyt", .own("nyt")), ("hn", shared), ("wiki", shared)],
        shared: [CatalogStorage(ownership: shared, migrations: [])])

    init() throws {
        directory = try StorageTestDirectory()
        store = try directory.store()
        try store.migrate(owner: "stub_engine", [
            Migration(1, sql: """
                CREATE TABLE stub_engine_items (who TEXT NOT NULL, id TEXT NOT NULL);
                CREATE TABLE stub_engine_results (who TEXT NOT NULL, query TEXT NOT NULL, id TEXT NOT NULL);
                """),
        ])
    }

    func save(_ ids: [String], query: String, for provider: String) throws {
        try store.write { tx in
            for id in ids {
                try tx.execute("INSERT INTO stub_engine_items VALUES (?, ?)", [.text(provider), .text(id)])
                try tx.execute("INSERT INTO stub_engine_results VALUES (?, ?, ?)", [.text(provider), .text(query), .text(id)])
            }
        }
    }

    @Test func aStoreWhereNoSharingProviderRanListsThemWithNoRows() throws {
        let info = try StoreInspector(store: store).info(layout: Self.layout)
        #expect(info.providers.map(\.provider) == ["nyt", "hn", "wiki"])
        #expect(info.providers.allSatisfy { $0.rows == 0 })
        #expect(info.otherTables.isEmpty, "the shared tables have a known owner")
    }

    @Test func sharedRowsCountAsTheirProvidersAndAGoneProvidersRowsAreListed() throws {
        try save(["1", "2", "3"], query: "rust", for: "hn")
        try save(["4"], query: "swift", for: "hn")
        try save(["9"], query: "old", for: "gone")
        let info = try StoreInspector(store: store).info(layout: Self.layout)
        #expect(info.providers.map(\.provider) == ["nyt", "hn", "wiki", "gone"])
        let rows = Dictionary(uniqueKeysWithValues: info.providers.map { ($0.provider, $0.rows) })
        #expect(rows == ["nyt": 0, "hn": 8, "wiki": 0, "gone": 2])
        // What info counts is what clear deletes, and only that provider's.
        let cleared = try StoreInspector(store: store).clear(provider: "hn", layout: Self.layout)
        #expect(cleared.rows == 8)
        let after = try StoreInspector(store: store).info(layout: Self.layout)
        #expect(after.providers.first { $0.provider == "hn" }?.rows == 0)
        #expect(after.providers.first { $0.provider == "gone" }?.rows == 2)
        // Clearing everything empties the shared tables whole.
        #expect(try StoreInspector(store: store).clear(provider: nil, layout: Self.layout).rows == 2)
    }
}
