import Foundation
import Testing
import TestSupport
@testable import APIStore

/// apicli's application ID in a store's header: set when a store is opened for writing,
/// copied into the main file at once, and enough for the look before an open to know
/// the store without reading its tables.
@Suite struct StoreMarkTests {
    let directory: StoreDirectory

    init() throws {
        directory = try StoreDirectory()
    }

    /// Runs `script` with the `sqlite3` shell: another program, or an older apicli's store.
    func shell(_ path: String, _ script: String) throws {
        try SQLiteShell.run(path, script)
    }

    @Test("a new store carries the mark in its main file, though its WAL is kept")
    func newStoreIsMarked() throws {
        let path = directory.path()
        do {
            let store = try Store(path: path, checkpointOnClose: false)
            try store.write { try $0.execute("CREATE TABLE t (x)", []) }
        }
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(try headerApplicationID(path) == UInt32(bitPattern: Store.applicationID))
        #expect(StoreFileProbe.look(at: path) == .store)
    }

    @Test("a store an older apicli made (no mark) is still a store, and is marked when opened for writing", .needs("sqlite3"))
    func olderStoreIsMarkedOnOpen() throws {
        let path = directory.path()
        try shell(
            path,
            "PRAGMA journal_mode=WAL; CREATE TABLE apicli_migrations (owner TEXT NOT NULL, version INTEGER NOT NULL, "
                + "applied_at REAL NOT NULL, PRIMARY KEY (owner, version)); CREATE TABLE kept (x); INSERT INTO kept VALUES (42);")
        #expect(try headerApplicationID(path) == 0)
        #expect(StoreFileProbe.look(at: path) == .store)
        do {
            let store = try Store(path: path, checkpointOnClose: false)
            #expect(try store.read { try $0.queryOne("SELECT x FROM kept", [])?[0].int } == 42)
        }
        #expect(try headerApplicationID(path) == UInt32(bitPattern: Store.applicationID))
        #expect(StoreFileProbe.look(at: path) == .store)
    }

    @Test("the mark alone makes a store: the tables are not read (they could not be here)")
    func markIsEnough() throws {
        let path = directory.path()
        var bytes = Array("SQLite format 3\0".utf8) + [UInt8](repeating: 0xEE, count: 84)
        bytes[18] = 2
        bytes[19] = 2
        bytes.replaceSubrange(68..<72, with: [0x61, 0x70, 0x69, 0x63])
        try Data(bytes + [UInt8](repeating: 0xEE, count: 4000)).write(to: URL(fileURLWithPath: path))
        #expect(StoreFileProbe.look(at: path) == .store)
        bytes.replaceSubrange(68..<72, with: [0x61, 0x70, 0x69, 0x64])
        try Data(bytes + [UInt8](repeating: 0xEE, count: 4000)).write(to: URL(fileURLWithPath: path))
        #expect(StoreFileProbe.look(at: path) == .unreadable)
    }

    @Test("another program's database has no mark and stays foreign, its application ID unchanged", .needs("sqlite3"))
    func foreignStaysForeign() throws {
        let path = directory.path("notes.sqlite3")
        try shell(path, "PRAGMA application_id = 7; CREATE TABLE notes (body TEXT);")
        #expect(StoreFileProbe.look(at: path) == .foreign(why: "its header names another application, application_id 7"))
        #expect(try headerApplicationID(path) == 7)
    }

    @Test("a store opened for reading only is not marked: nothing is written", .needs("sqlite3"))
    func readOnlyIsNotMarked() throws {
        let path = directory.path()
        try shell(path, "CREATE TABLE apicli_migrations (owner TEXT, version INTEGER, applied_at REAL);")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        do {
            let store = try Store(path: path, readOnly: true)
            #expect(store.isReadOnly)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }
}
