@testable import APIHost
import Foundation
@testable import ProviderFiles
import Testing
import TestSupport

/// Provider-file items keep a version per JSON a fetch brought (engine migration 4), on a
/// real recorded answer (GitHub's issues) fetched again unchanged, then with a title edited.
@Suite("Provider-file item versions")
struct FileItemVersionsTests {
    static let fetched = Date(timeIntervalSince1970: 1_790_000_000)

    /// The recorded issues, each an item by its `id`; with `editedTitle`, issue 12's title is edited
    /// in the recorded text itself, so every other byte stays as GitHub sent it.
    static func issues(editedTitle: Bool = false) throws -> [FileItem] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(
                "Fixtures/real/openapi-answers/github_issues_per_page3_page1_octokit-fixtures.json")
        var text = try String(contentsOf: url, encoding: .utf8)
        if editedTitle {
            text = text.replacingOccurrences(of: #""title":"Test issue 12""#, with: #""title":"Edited: Test issue 12""#)
        }
        guard case let .array(elements) = try JSONValue.parse(Data(text.utf8)) else {
            throw CLIError("not an array", exitCode: .dataError)
        }
        return elements.map { FileItem(id: $0["id"]?.cellText ?? "", value: $0) }
    }

    static func save(_ items: [FileItem], key: String, in store: Store, at time: Date) throws {
        try store.write { tx in
            try FileItemStore(tx, provider: "gh").save(
                FileAnswer(items: items, total: items.count), for: key, searchText: { $0.value["title"]?.cellText ?? "" }, at: time)
        }
    }

    static func versions(_ store: Store) throws -> [Row] {
        try store.read { tx in
            try tx.query("SELECT provider, item, fetched_at, query, content FROM provider_files_versions ORDER BY fetched_at, item")
        }
    }

    @Test("an unchanged item adds no version; an edited title adds one, and the latest is what is stored")
    func versionsOfAnEditedItem() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.path("s.sqlite3"))
        try HostSchema.migrate(store)
        try store.migrate(owner: FileItemSchema.owner, FileItemSchema.migrations)
        let issues = try Self.issues()
        try Self.save(issues, key: "k1", in: store, at: Self.fetched)
        try Self.save(issues, key: "k1", in: store, at: Self.fetched.addingTimeInterval(60))
        #expect(try Self.versions(store).count == issues.count)
        let edited = try Self.issues(editedTitle: true)
        try Self.save(edited, key: "k2", in: store, at: Self.fetched.addingTimeInterval(120))
        let all = try Self.versions(store)
        #expect(all.count == issues.count + 1)
        let last = try #require(all.last)
        #expect(last[1].string == issues[1].id && last[3].string == "k2", "issue 12, by the second answer")
        #expect(last[4].string?.contains("\"title\":\"Edited: ") == true)
        let stored = try store.read { tx in
            try tx.queryOne("SELECT json FROM provider_files_items WHERE item_id = ?", [.text(issues[1].id)])
        }
        #expect(stored?[0] == last[4], "the item's row is its latest version")
        try BulkFileStoreTests.checkIndex(store)
    }

    @Test("migration 4 makes each stored item its first version, hashed as a fetch hashes it")
    func migration() throws {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.path("s.sqlite3"))
        try HostSchema.migrate(store)
        try store.migrate(owner: FileItemSchema.owner, Array(FileItemSchema.migrations.prefix(3)))
        let issues = try Self.issues()
        try store.write { tx in
            for item in issues {
                let title = SQLValue.text(item.value["title"]?.cellText ?? "")
                try tx.execute(
                    "INSERT INTO provider_files_items (provider, item_id, json, search_text, fetched_at) VALUES ('gh', ?, ?, ?, ?)",
                    [.text(item.id), .text(item.value.serialized(pretty: false)), title, Self.fetched.sql])
                try tx.execute(
                    "INSERT INTO provider_files_items_fts (rowid, search_text) VALUES (?, ?)", [.integer(tx.lastInsertRowID), title])
            }
        }
        try store.migrate(owner: FileItemSchema.owner, FileItemSchema.migrations)
        #expect(try Self.versions(store).count == issues.count)
        try Self.save(issues, key: "k1", in: store, at: Self.fetched.addingTimeInterval(60))
        #expect(try Self.versions(store).count == issues.count)
    }
}
