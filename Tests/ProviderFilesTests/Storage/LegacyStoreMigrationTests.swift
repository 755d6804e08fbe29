@testable import APIHost
import Foundation
@testable import ProviderFiles
import Testing
import TestSupport

/// A store written before the engine owned its tables keeps every provider
/// file's row: the engine's migration moves them out of the host's `apicli_`
/// namespace into its own tables, in one transaction.
@Suite("Provider-file rows of an older store")
struct LegacyStoreMigrationTests {
    static let fixture = Fixtures.packageRoot.appendingPathComponent("Tests/Fixtures/stores/provider-files-b2771d3")

    /// A copy of the store written by apicli b2771d3.
    static func oldStore(in directory: TemporaryDirectory) throws -> Store {
        let path = directory.path("apicli.sqlite3")
        try FileManager.default.copyItem(atPath: fixture.appendingPathComponent("apicli.sqlite3").path, toPath: path)
        return try Store(path: path)
    }

    static func rows(_ sql: String, in store: Store) throws -> [[String]] {
        try store.read { try $0.query(sql) }.map { row in row.values.map { $0.string ?? $0.double.map { "\($0)" } ?? "NULL" } }
    }

    static func tables(in store: Store) throws -> [String] {
        try rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name", in: store).map { $0[0] }
    }

    @Test("every item, answer and result position moves, the index is rebuilt, the old tables go")
    func rowsMove() throws {
        let directory = try TemporaryDirectory()
        let store = try Self.oldStore(in: directory)
        let columns = "provider, item_id, json, search_text, fetched_at"
        let items = try Self.rows("SELECT \(columns) FROM apicli_file_items ORDER BY provider, item_id", in: store)
        let queries = try Self.rows("SELECT * FROM apicli_file_queries ORDER BY 1, 2", in: store)
        let results = try Self.rows("SELECT * FROM apicli_file_results ORDER BY 1, 2, 3", in: store)
        #expect(items.count == 3 && queries.count == 2 && results.count == 3, "the fixture holds hn's and wiki's rows")

        try HostSchema.migrate(store)
        try store.migrate(owner: FileItemSchema.owner, FileItemSchema.migrations)

        #expect(try Self.rows("SELECT \(columns) FROM provider_files_items ORDER BY provider, item_id", in: store) == items)
        #expect(try Self.rows("SELECT * FROM provider_files_queries ORDER BY 1, 2", in: store) == queries)
        #expect(try Self.rows("SELECT * FROM provider_files_results ORDER BY 1, 2, 3", in: store) == results)
        #expect(try !Self.tables(in: store).contains { $0.hasPrefix("apicli_file") })
        // The full-text index answers an offline search for a word only the stored title has
        // (among the items of hn's searches with no option on the first page, as the old key says).
        let crockford = FileQuery(words: "crockford", parameters: [], firstPage: 0, pages: 1)
        let found = try store.read { tx in
            try FileItemStore(tx, provider: "hn").search("crockford", answer: crockford.answerKey, limit: 10)
        }
        #expect(found?.value.items.map(\.id) == ["12422420"])
        #expect(try store.schemaVersion(owner: FileItemSchema.owner) == FileItemSchema.migrations.count)
        // Migrating again changes nothing.
        try store.migrate(owner: FileItemSchema.owner, FileItemSchema.migrations)
        #expect(try Self.rows("SELECT COUNT(*) FROM provider_files_items", in: store) == [["3"]])
    }

    @Test("a store with no provider-file rows gets the engine's empty tables")
    func freshStore() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.path("new.sqlite3"))
        try HostSchema.migrate(store)
        try store.migrate(owner: FileItemSchema.owner, FileItemSchema.migrations)
        let tables = try Self.tables(in: store)
        #expect(tables.contains("provider_files_items") && tables.contains("provider_files_results"))
        #expect(!tables.contains { $0.hasPrefix("apicli_file") })
    }
}
