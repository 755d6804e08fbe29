import Foundation
import Testing
@testable import APIHost
@testable import ProviderFiles

/// `apicli store info` counts file providers' rows, which live in the host's
/// generic tables rather than in tables of their own.
@Suite struct StoreInfoFileProviderTests {
    let directory: StorageTestDirectory
    let store: Store

    init() throws {
        directory = try StorageTestDirectory()
        store = try directory.store()
    }

    /// Stores `ids` as the answer to `query` for the file provider `provider`.
    func save(_ ids: [String], query: String, for provider: String) throws {
        try store.write { tx in
            let items = ids.map { FileItem(id: $0, value: .object([.init("title", .string("Item \($0)"))])) }
            try FileItemStore(tx, provider: provider).save(
                FileAnswer(items: items, total: ids.count), for: query, searchText: { _ in "item" },
                at: Date(timeIntervalSince1970: 700))
        }
    }

    @Test func aStoreWhereNoFileProviderRanListsThemWithNoRows() throws {
        let info = try StoreInspector(store: store).info(providers: ["nyt", "hn"])
        #expect(info.providers.map(\.provider) == ["nyt", "hn"])
        #expect(info.providers.allSatisfy { $0.rows == 0 })
    }

    @Test func fileProvidersRowsCountAsTheirOwnAndARemovedFilesRowsAreListed() throws {
        try store.migrate(owner: "hn", FileItemSchema.migrations)
        try save(["1", "2", "3"], query: "rust", for: "hn")
        try save(["2", "4"], query: "swift", for: "hn")
        try save(["9"], query: "old", for: "gone")
        let info = try StoreInspector(store: store).info(providers: ["nyt", "hn", "wiki"])
        #expect(info.providers.map(\.provider) == ["nyt", "hn", "wiki", "gone"])
        let rows = Dictionary(uniqueKeysWithValues: info.providers.map { ($0.provider, $0.rows) })
        // hn: 4 distinct items, 2 answers, 5 result positions.
        #expect(rows == ["nyt": 0, "hn": 11, "wiki": 0, "gone": 3])
        // What info counts is what clear deletes.
        let cleared = try StoreInspector(store: store).clear(provider: "hn", among: ["nyt", "hn", "wiki"])
        #expect(cleared.rows == 11)
        let after = try StoreInspector(store: store).info(providers: ["nyt", "hn", "wiki"])
        #expect(after.providers.first { $0.provider == "hn" }?.rows == 0)
        #expect(after.providers.first { $0.provider == "gone" }?.rows == 3)
    }
}
