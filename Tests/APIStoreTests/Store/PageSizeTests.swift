import Foundation
import Testing
import TestSupport
@testable import APIStore

/// A store made now has 16 KiB pages; one made before keeps the size it was made with
/// (a page size changes only with a VACUUM outside WAL), its rows untouched.
@Suite struct PageSizeTests {
    let directory: StoreDirectory

    init() throws {
        directory = try StoreDirectory()
    }

    func pageSize(_ store: Store) throws -> Int? {
        try store.read { try $0.queryOne("PRAGMA page_size")?[0].int }
    }

    @Test func aNewStoreHasSixteenKiBPages() throws {
        let store = try Store(path: directory.path(), checkpointOnClose: false)
        try store.write { try $0.execute("CREATE TABLE t (x)") }
        #expect(try pageSize(store) == 16_384)
        #expect(try store.write { try $0.queryOne("PRAGMA journal_mode")?[0].string } == "wal")
    }

    @Test(.needs("sqlite3")) func anOlderStoreKeepsItsPageSizeAndItsRows() throws {
        let path = directory.path()
        try SQLiteShell.run(
            path, "PRAGMA page_size = 4096; PRAGMA journal_mode = WAL; CREATE TABLE t (x); INSERT INTO t VALUES ('kept');"
                // What an older apicli made its stores with: its migrations table.
                + " CREATE TABLE apicli_migrations (owner TEXT NOT NULL, version INTEGER NOT NULL, applied_at REAL NOT NULL);")
        let store = try Store(path: path, checkpointOnClose: false)
        #expect(try pageSize(store) == 4_096)
        #expect(try store.read { try $0.query("SELECT x FROM t").map { $0[0] } } == [.text("kept")])
    }

    /// ``Store/migrate(owner:_:)`` says whether it applied anything, which is when the
    /// host checkpoints a schema just made (``Store/checkpoint()``): the WAL is then empty.
    @Test func aMigrationSaysSoAndItsCheckpointEmptiesTheWAL() throws {
        let path = directory.path()
        let store = try Store(path: path, checkpointOnClose: false)
        let migrations = [Migration(1, sql: "CREATE TABLE a (x); CREATE TABLE b (y); CREATE INDEX b_y ON b (y);")]
        #expect(try store.migrate(owner: "demo", migrations))
        #expect(try !store.migrate(owner: "demo", migrations))
        #expect((FileStatus(path: path + "-wal")?.size ?? 0) > 0)
        store.checkpoint()
        #expect(FileStatus(path: path + "-wal")?.size == 0)
        #expect(try store.read { try $0.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") }
            .compactMap { $0[0].string } == ["a", "apicli_migrations", "b"])
    }
}
