import Foundation
import Testing
@testable import APIStore
import Synchronization

private struct Refused: Error {}

@Suite struct MigrationTests {
    let directory: StoreDirectory

    init() throws {
        directory = try StoreDirectory()
    }

    static let v1 = Migration(1, sql: "CREATE TABLE demo_items (id TEXT PRIMARY KEY, title TEXT);")
    static let v2 = Migration(2) { tx in
        try tx.executeScript("ALTER TABLE demo_items ADD COLUMN stars INTEGER NOT NULL DEFAULT 0;")
        try tx.execute("UPDATE demo_items SET stars = 1")
    }

    func tableNames(_ store: Store) throws -> [String] {
        try store.read { tx in
            try tx.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").compactMap { $0[0].string }
        }
    }

    @Test func migrationsRunOnceAndAreRecorded() throws {
        let store = try Store(path: directory.path())
        try store.migrate(owner: "demo", [Self.v1, Self.v2])
        try store.migrate(owner: "demo", [Self.v1, Self.v2])
        #expect(try store.schemaVersion(owner: "demo") == 2)
        #expect(try store.schemaVersion(owner: "other") == 0)
        let records = try store.read { try $0.query("SELECT owner, version FROM apicli_migrations ORDER BY version") }
        #expect(records.map { [$0["owner"], $0["version"]] } == [["demo", 1], ["demo", 2]])
    }

    @Test func aFailedMigrationLeavesNothingBehind() throws {
        let store = try Store(path: directory.path())
        let broken = Migration(1) { tx in
            try tx.executeScript("CREATE TABLE demo_half (id INTEGER); CREATE INDEX demo_half_id ON demo_half (id);")
            throw Refused()
        }
        let error = #expect(throws: StoreError.self) { try store.migrate(owner: "demo", [broken]) }
        guard case let .migrationFailed(owner, version, _) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(owner == "demo" && version == 1)
        #expect(try tableNames(store) == ["apicli_migrations"])
        #expect(try store.schemaVersion(owner: "demo") == 0)
    }

    @Test func aFailingSQLMigrationKeepsEarlierOnesAndRecordsNothingForItself() throws {
        let store = try Store(path: directory.path())
        let bad = Migration(2, sql: "CREATE TABLE demo_more (id INTEGER); CREATE TABLE demo_more (id INTEGER);")
        #expect(throws: StoreError.self) { try store.migrate(owner: "demo", [Self.v1, bad]) }
        #expect(try tableNames(store) == ["apicli_migrations", "demo_items"])
        #expect(try store.schemaVersion(owner: "demo") == 1)
    }

    @Test func anOldSchemaDatabaseIsMigratedWithItsData() throws {
        do {
            let old = try Store(path: directory.path())
            try old.migrate(owner: "demo", [Self.v1])
            try old.write { try $0.execute("INSERT INTO demo_items (id, title) VALUES (?, ?)", ["a", "kept"]) }
        }
        let store = try Store(path: directory.path())
        try store.migrate(owner: "demo", [Self.v1, Self.v2])
        #expect(try store.schemaVersion(owner: "demo") == 2)
        let row = try store.read { try $0.queryOne("SELECT title, stars FROM demo_items WHERE id = 'a'") }
        #expect(row?["title"] == "kept")
        #expect(row?["stars"] == 1)
    }

    @Test func aNewerSchemaDatabaseIsRefusedAndLeftUntouched() throws {
        let path = directory.path()
        do {
            let newer = try Store(path: path)
            try newer.migrate(owner: "demo", [Self.v1, Self.v2, Migration(3, sql: "CREATE TABLE demo_v3 (x);")])
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        do {
            let store = try Store(path: path)
            #expect(throws: StoreError.newerSchema(owner: "demo", found: 3, known: 2)) {
                try store.migrate(owner: "demo", [Self.v1, Self.v2])
            }
            #expect(try store.schemaVersion(owner: "demo") == 3)
        }
        let after = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(before == after)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal") || (try? Data(contentsOf: URL(fileURLWithPath: path + "-wal")))?.isEmpty == true)
    }

    @Test func duplicateVersionsAreRefused() throws {
        let store = try Store(path: directory.path())
        #expect(throws: StoreError.self) { try store.migrate(owner: "demo", [Self.v1, Self.v1]) }
        #expect(try tableNames(store) == ["apicli_migrations"])
    }

    @Test func concurrentProcessesApplyEachMigrationOnce() async throws {
        let path = directory.path()
        let runs = Mutex<Int>(0)
        let counted = Migration(1) { tx in
            runs.withLock { $0 += 1 }
            try tx.executeScript("CREATE TABLE demo_once (id INTEGER);")
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<6 {
                group.addTask { try Store(path: path).migrate(owner: "demo", [counted]) }
            }
            try await group.waitForAll()
        }
        #expect(runs.withLock { $0 } == 1)
        #expect(try Store(path: path).schemaVersion(owner: "demo") == 1)
    }
}
