@testable import APIHost
import Foundation
@testable import ProviderFiles
import Testing
import TestSupport

/// New provider-file items get their FTS5 row inserted directly (no insert trigger, since
/// migration 2), stored ones are rewritten without touching the index unless their
/// searchable text changed: the index must stay exactly what the content says (FTS5's own
/// `integrity-check`, and a rebuilt index answering every search the same), in a fresh
/// store and in one written before the migration.
@Suite("Provider-file items stored in bulk")
struct BulkFileStoreTests {
    static let later = Date(timeIntervalSince1970: 1_790_000_000)

    /// FTS5's check of the index against `provider_files_items` (it throws on a mismatch).
    static func checkIndex(_ store: Store) throws {
        try store.write { tx in
            try tx.execute(
                "INSERT INTO provider_files_items_fts (provider_files_items_fts, rank) VALUES ('integrity-check', 1)")
        }
    }

    /// Every stored item, as `save` takes it, with the searchable text it was stored with.
    static func storedItems(_ store: Store, provider: String) throws -> [(FileItem, String)] {
        try store.read { tx in
            try tx.query(
                "SELECT item_id, json, search_text FROM provider_files_items WHERE provider = ? ORDER BY item_id",
                [.text(provider)])
        }.compactMap { row in
            guard let id = row[0].string, let json = row[1].string, let text = row[2].string,
                let value = try? JSONValue.parse(Data(json.utf8))
            else { return nil }
            return (FileItem(id: id, value: value), text)
        }
    }

    /// The ids the full-text index finds for `word` among `provider`'s items, by relevance: what an
    /// offline search widens over, before it keeps the items of requests like its own (``FileItemStore/search``).
    static func indexed(_ word: String, provider: String, in store: Store) throws -> [String] {
        try store.read { tx in
            try tx.query(
                "SELECT i.item_id FROM provider_files_items_fts JOIN provider_files_items i "
                    + "ON i.num = provider_files_items_fts.rowid WHERE provider_files_items_fts MATCH ? AND i.provider = ? "
                    + "ORDER BY provider_files_items_fts.rank LIMIT 50",
                [.text(FTSQuery.allWords(word) ?? ""), .text(provider)])
        }.compactMap { $0[0].string }
    }

    /// The ids each word finds in the index, per provider, for every word of every stored searchable text.
    static func searches(_ store: Store) throws -> [String: [String]] {
        let rows = try store.read { tx in try tx.query("SELECT DISTINCT provider, search_text FROM provider_files_items") }
        var found: [String: [String]] = [:]
        for row in rows {
            guard let provider = row[0].string, let text = row[1].string else { continue }
            for word in text.lowercased().split(whereSeparator: { !$0.isLetter }) where word.count > 3 {
                found["\(provider) \(word)"] = try indexed(String(word), provider: provider, in: store)
            }
        }
        return found
    }

    static func save(_ items: [(FileItem, String)], provider: String, key: String, in store: Store, at time: Date) throws {
        let texts = Dictionary(items.map { ($0.0.id, $0.1) }, uniquingKeysWith: { first, _ in first })
        try store.write { tx in
            try FileItemStore(tx, provider: provider).save(
                FileAnswer(items: items.map(\.0), total: items.count), for: key,
                searchText: { texts[$0.id] ?? "" }, at: time)
        }
    }

    static func triggers(_ store: Store) throws -> [String] {
        try store.read { tx in
            try tx.query(
                "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'provider_files_items' ORDER BY name"
            ).compactMap { $0[0].string }
        }
    }

    /// The index's `automerge` setting (migration 3); nil for FTS5's default.
    static func automerge(_ store: Store) throws -> Int? {
        try store.read { tx in try tx.queryOne("SELECT v FROM provider_files_items_fts_config WHERE k = 'automerge'") }?[0].int
    }

    @Test("a store written before the migration searches the same after it, and after storing its items twice")
    func oldStore() throws {
        let directory = try TemporaryDirectory()
        let store = try LegacyStoreMigrationTests.oldStore(in: directory)
        try HostSchema.migrate(store)
        try store.migrate(owner: FileItemSchema.owner, Array(FileItemSchema.migrations.prefix(1)))
        try Self.checkIndex(store)
        let before = try Self.searches(store)
        #expect(before.count > 10 && before.values.contains { !$0.isEmpty })
        #expect(before["hn crockford"] == ["12422420"])

        try store.migrate(owner: FileItemSchema.owner, FileItemSchema.migrations)
        #expect(try store.schemaVersion(owner: FileItemSchema.owner) == FileItemSchema.migrations.count)
        #expect(try Self.triggers(store) == ["provider_files_items_fts_delete", "provider_files_items_fts_update"])
        #expect(try Self.automerge(store) == FTS5Merging.segments, "migration 3")
        #expect(try Self.searches(store) == before)

        for provider in ["hn", "wiki"] {
            let items = try Self.storedItems(store, provider: provider)
            #expect(!items.isEmpty)
            try Self.save(items, provider: provider, key: "again", in: store, at: Self.later)
            try Self.save(items, provider: provider, key: "again twice", in: store, at: Self.later)
        }
        try Self.checkIndex(store)
        #expect(try Self.searches(store) == before)
        try store.write { tx in
            try tx.execute("INSERT INTO provider_files_items_fts (provider_files_items_fts) VALUES ('rebuild')")
        }
        #expect(try Self.searches(store) == before)
        let stale = try store.read { tx in
            try tx.queryOne("SELECT COUNT(*) FROM provider_files_items WHERE fetched_at < ?", [Self.later.sql])
        }
        #expect(stale?[0].int == 0, "every item stored again says when it was last seen")
        // A new item in the migrated store gets its own full-text row, with no trigger to make it.
        let quokka = FileItem(id: "new", value: .object([.init("title", .string("Quokka survey"))]))
        try Self.save([(quokka, "Quokka survey")], provider: "hn", key: "new", in: store, at: Self.later)
        try Self.checkIndex(store)
        #expect(try Self.indexed("quokka", provider: "hn", in: store) == ["new"])
    }

    @Test("new items are indexed, a changed one is re-indexed in place, an unchanged one keeps its row")
    func newAndChanged() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.path("new.sqlite3"))
        try HostSchema.migrate(store)
        try store.migrate(owner: FileItemSchema.owner, FileItemSchema.migrations)
        #expect(try Self.automerge(store) == FTS5Merging.segments)
        let zebra = FileItem(id: "a", value: .object([.init("title", .string("Zebra crossing"))]))
        let okapi = FileItem(id: "b", value: .object([.init("title", .string("Quiet okapi"))]))
        try Self.save([(zebra, "Zebra crossing"), (okapi, "Quiet okapi")], provider: "p", key: "q1", in: store,
                      at: Self.later)
        try Self.checkIndex(store)
        let giraffe = FileItem(id: "a", value: .object([.init("title", .string("Giraffe crossing"))]))
        try Self.save([(giraffe, "Giraffe crossing"), (okapi, "Quiet okapi")], provider: "p", key: "q2", in: store,
                      at: Self.later.addingTimeInterval(60))
        try Self.checkIndex(store)
        func ids(_ word: String) throws -> [String] {
            try Self.indexed(word, provider: "p", in: store)
        }
        #expect(try ids("zebra").isEmpty)
        #expect(try ids("giraffe") == ["a"])
        #expect(try ids("okapi") == ["b"])
        let rows = try store.read { tx in
            try tx.query("SELECT num, json FROM provider_files_items ORDER BY item_id").map { [$0[0].int.map(String.init), $0[1].string] }
        }
        #expect(rows.map { $0[0] } == ["1", "2"], "a stored item keeps its row")
        #expect(rows.first?[1]?.contains("Giraffe") == true, "its JSON is rewritten")
        // Another provider's item of the same id is its own row, indexed apart.
        try Self.save([(zebra, "Zebra crossing")], provider: "other", key: "q1", in: store, at: Self.later)
        try Self.checkIndex(store)
        #expect(try ids("zebra").isEmpty)
    }
}
