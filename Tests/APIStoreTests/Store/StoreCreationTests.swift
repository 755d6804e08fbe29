import Foundation
import Testing
import TestSupport
@testable import APIStore

private struct Refused: Error {}

/// A new store is built beside its path with no journal and no syncs, then linked into
/// place (``Store/makeWhole(at:_:)``): what lands is a complete WAL store, and nothing
/// else is left in its folder, whether the build worked, failed or lost a race.
@Suite struct StoreCreationTests {
    let directory: StoreDirectory

    init() throws {
        directory = try StoreDirectory()
    }

    static let schema = [Migration(1, sql: "CREATE TABLE demo_items (id TEXT PRIMARY KEY, title TEXT);")]

    func files() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
    }


    @Test func aMissingStoreIsBuiltAndLinkedWhole() throws {
        let path = directory.path()
        #expect(Store.makeWhole(at: path) { try $0.migrate(owner: "demo", Self.schema) })
        // Only the store: the building name, its journal, WAL and index are gone.
        #expect(try files() == ["store.sqlite3"])
        #expect(try headerApplicationID(path) == UInt32(bitPattern: Store.applicationID))
        #expect(StoreFileProbe.look(at: path) == .store)

        let store = try Store(path: path, checkpointOnClose: false)
        #expect(try store.schemaVersion(owner: "demo") == 1)
        #expect(try store.write { try $0.queryOne("PRAGMA journal_mode")?[0].string } == "wal")
        #expect(try store.read { try $0.queryOne("PRAGMA page_size")?[0].int } == 16_384)
        #expect(try store.read { try $0.queryOne("PRAGMA integrity_check")?[0].string } == "ok")
        try store.write { try $0.execute("INSERT INTO demo_items VALUES ('a', 'kept')") }
        #expect(try store.read { try $0.query("SELECT title FROM demo_items").map { $0[0] } } == [.text("kept")])
    }

    @Test func aStoreThatIsThereIsLeftAsItIs() throws {
        let path = directory.path()
        do {
            let store = try Store(path: path)
            try store.migrate(owner: "demo", Self.schema)
            try store.write { try $0.execute("INSERT INTO demo_items VALUES ('a', 'first')") }
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        // Built, then refused at the link: another process made the store meanwhile.
        #expect(!Store.makeWhole(at: path) { try $0.migrate(owner: "other", Self.schema) })
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try files() == ["store.sqlite3"])
        let store = try Store(path: path)
        #expect(try store.schemaVersion(owner: "other") == 0)
        #expect(try store.read { try $0.query("SELECT title FROM demo_items").map { $0[0] } } == [.text("first")])
    }

    @Test func aBuildThatFailsLeavesNothing() throws {
        let path = directory.path()
        let made = Store.makeWhole(at: path) { store in
            try store.migrate(owner: "demo", Self.schema)
            throw Refused()
        }
        #expect(!made)
        #expect(try files().isEmpty)
    }

    @Test func aMissingFolderIsMadeOwnerOnly() throws {
        let path = directory.url.appendingPathComponent("a/b/store.sqlite3").path
        #expect(Store.makeWhole(at: path) { try $0.migrate(owner: "demo", Self.schema) })
        #expect(FileStatus(path: directory.url.appendingPathComponent("a/b").path)?.permissions == 0o700)
        #expect(try Store(path: path).schemaVersion(owner: "demo") == 1)
    }

    @Test func aPathTooLongForItsBuildingNameFallsBack() throws {
        // 250 bytes fit a file name (255), but not with the building name's suffix (`.new-` and 1–16 digits).
        let path = directory.path(String(repeating: "s", count: 250))
        #expect(!Store.makeWhole(at: path) { try $0.migrate(owner: "demo", Self.schema) })
        #expect(try files().isEmpty)
    }

    @Test func anInMemoryStoreIsNotBuilt() {
        #expect(!Store.makeWhole(at: ":memory:") { _ in Issue.record("an in-memory store was built") })
    }

    /// Several processes making the same store at once: every one gets a complete store,
    /// and one file is left.
    @Test func makersRacingAgreeOnOneStore() async throws {
        let path = directory.path()
        let made = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<6 {
                group.addTask { Store.makeWhole(at: path) { try $0.migrate(owner: "demo", Self.schema) } }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(made.filter { $0 }.count == 1)
        #expect(try files() == ["store.sqlite3"])
        #expect(try Store(path: path).schemaVersion(owner: "demo") == 1)
    }
}
