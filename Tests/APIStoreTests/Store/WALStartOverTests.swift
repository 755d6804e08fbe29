import Foundation
import Testing
import TestSupport
@testable import APIStore

/// A store that keeps its WAL across processes copies it into the file once it holds more
/// than ``Store/largeWALBytes``, and starts it over rather than emptying it: the file keeps
/// its blocks, and what a later open reads (the frames since the start) is one frame.
@Suite struct WALStartOverTests {
    let directory: StoreDirectory

    init() throws {
        directory = try StoreDirectory()
    }

    /// How many frames the WAL at `path` holds, as a new connection finds them.
    static func framesInWAL(_ path: String) throws -> Int {
        let database = try Database(path: path, busyTimeout: .seconds(5))
        // (busy, frames in the WAL, frames copied)
        return try #require(try database.query("PRAGMA wal_checkpoint(PASSIVE)", []).first?[1].int)
    }

    func walBytes(_ path: String) -> Int64 { FileStatus(path: path + "-wal")?.size ?? 0 }

    func store(_ path: String) throws -> Store {
        let store = try Store(path: path, checkpointOnClose: false)
        try store.write { try $0.executeScript("CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, body TEXT NOT NULL)") }
        return store
    }

    /// 1.6 MB in one transaction: past ``Store/largeWALBytes``.
    func writeLarge(_ store: Store) throws {
        let body = String(repeating: "x", count: 4_000)
        try store.write { tx in
            for _ in 0..<400 { try tx.execute("INSERT INTO t (body) VALUES (?)", [.text(body)]) }
        }
    }

    func rows(_ store: Store) throws -> Int? {
        try store.read { try $0.queryOne("SELECT COUNT(*) FROM t")?[0].int }
    }

    @Test func aLargeWriteLeavesTheWALStartedOverAtItsSize() throws {
        let path = directory.path()
        let store = try store(path)
        try writeLarge(store)
        #expect(walBytes(path) > Store.largeWALBytes)
        #expect(try Self.framesInWAL(path) == 1)
        #expect(try rows(store) == 400)
        #expect(try store.read { try $0.queryOne("PRAGMA integrity_check")?[0].string } == "ok")
        // Started over by rewriting page 1 as it was.
        #expect(try store.read { try $0.queryOne("PRAGMA user_version")?[0].int } == 0)
    }

    @Test func smallWritesAfterItAppendWithoutACheckpoint() throws {
        let path = directory.path()
        let store = try store(path)
        try writeLarge(store)
        let size = walBytes(path)
        for index in 0..<3 {
            try store.write { try $0.execute("INSERT INTO t (body) VALUES (?)", [.text("small \(index)")]) }
        }
        let frames = try Self.framesInWAL(path)
        #expect(frames > 1 && frames < 10)
        #expect(walBytes(path) == size)
        #expect(try rows(store) == 403)
    }

    @Test func aReaderHoldsTheStartOverBackUntilALaterCommit() throws {
        let path = directory.path()
        let store = try store(path)
        let reader = try Database(path: path, busyTimeout: .seconds(5))
        try reader.executeScript("BEGIN")
        _ = try reader.query("SELECT COUNT(*) FROM t", [])
        try writeLarge(store)
        // The reader's snapshot needs the WAL as it was: nothing was started over.
        #expect(try Self.framesInWAL(path) > 64)
        try reader.executeScript("COMMIT")
        try store.write { try $0.execute("INSERT INTO t (body) VALUES ('after')") }
        #expect(try Self.framesInWAL(path) == 1)
        #expect(try rows(store) == 401)
    }

    /// A WAL past ``Store/keptWALBytes`` (a `store clear` of a large store) is emptied: its
    /// blocks go back to the disk.
    @Test func aWALPastTheKeptSizeIsEmptied() throws {
        let path = directory.path()
        let store = try store(path)
        store.connection.withLock { $0.keptWALBytes = Store.largeWALBytes }
        try writeLarge(store)
        #expect(walBytes(path) == 0)
        #expect(try rows(store) == 400)
        try store.write { try $0.execute("INSERT INTO t (body) VALUES ('after')") }
        #expect(try rows(store) == 401)
    }

    @Test func anotherProcessReadsEveryRowAfterTheStartOver() throws {
        let path = directory.path()
        do {
            let store = try store(path)
            try writeLarge(store)
            try store.write { try $0.execute("INSERT INTO t (body) VALUES ('last')") }
        }
        let again = try Store(path: path, checkpointOnClose: false)
        #expect(try rows(again) == 401)
        #expect(try again.read { try $0.queryOne("SELECT body FROM t ORDER BY id DESC LIMIT 1")?[0].string } == "last")
        #expect(try again.read { try $0.queryOne("PRAGMA integrity_check")?[0].string } == "ok")
    }
}
