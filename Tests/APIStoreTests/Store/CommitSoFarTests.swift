import Foundation
import Testing
import TestSupport
@testable import APIStore

/// A write whose body commits its first part (``Transaction/commitSoFar()``): each part is
/// whole, the first is copied into the file behind the second when it left a large WAL,
/// and the store ends as one large write leaves it.
@Suite struct CommitSoFarTests {
    let directory: StoreDirectory

    init() throws {
        directory = try StoreDirectory()
    }

    struct Stop: Error {}

    func store(_ path: String) throws -> Store {
        let store = try Store(path: path, checkpointOnClose: false)
        try store.write { try $0.executeScript("CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, body TEXT NOT NULL)") }
        return store
    }

    /// 400 rows of 4,000 bytes, 1.6 MB: past ``Store/largeWALBytes``.
    func insertLarge(_ tx: Transaction, rows: Int = 400) throws {
        let body = String(repeating: "x", count: 4_000)
        for _ in 0..<rows { try tx.execute("INSERT INTO t (body) VALUES (?)", [.text(body)]) }
    }

    func rows(_ path: String) throws -> Int? {
        let database = try Database(path: path, busyTimeout: .seconds(5))
        return try database.query("SELECT COUNT(*) FROM t", []).first?[0].int
    }

    @Test func theFirstPartStandsWhenTheSecondRollsBack() throws {
        let path = directory.path()
        let store = try store(path)
        #expect(throws: Stop.self) {
            try store.write { tx in
                try insertLarge(tx)
                try tx.commitSoFar()
                try tx.execute("INSERT INTO t (body) VALUES ('second')")
                throw Stop()
            }
        }
        #expect(try rows(path) == 400)
        #expect(try store.read { try $0.queryOne("PRAGMA integrity_check")?[0].string } == "ok")
    }

    @Test func anotherConnectionSeesTheFirstPartWhileTheSecondIsOpen() throws {
        let path = directory.path()
        let store = try store(path)
        let seen = try store.write { tx -> Int? in
            try tx.execute("INSERT INTO t (body) VALUES ('first')")
            try tx.commitSoFar()
            try tx.execute("INSERT INTO t (body) VALUES ('second')")
            return try rows(path)
        }
        #expect(seen == 1)
        #expect(try rows(path) == 2)
    }

    @Test func aLargeFirstPartIsCopiedBehindAndTheWALStartedOver() throws {
        let path = directory.path()
        let store = try store(path)
        let copying = try store.write { tx -> Bool in
            try insertLarge(tx)
            try tx.commitSoFar()
            let copying = tx.isCopyingBehind
            try insertLarge(tx, rows: 10)
            return copying
        }
        #expect(copying)
        // Everything is in the file: the WAL holds only the write that started it over.
        #expect(try WALStartOverTests.framesInWAL(path) == 1)
        #expect(try rows(path) == 410)
        #expect(try store.read { try $0.queryOne("PRAGMA integrity_check")?[0].string } == "ok")
    }

    @Test func theCopyBehindPutsTheCommittedWALInTheFile() throws {
        let path = directory.path()
        let store = try store(path)
        // Committed by a connection that leaves its WAL: the file holds the schema only.
        let writer = try Database(path: path, busyTimeout: .seconds(5))
        writer.keepWALOnClose()
        try writer.executeScript("BEGIN IMMEDIATE")
        let body = String(repeating: "x", count: 4_000)
        for _ in 0..<400 { try writer.execute("INSERT INTO t (body) VALUES (?)", [.text(body)], readOnly: false) }
        try writer.executeScript("COMMIT")
        let before = FileStatus(path: path)?.size ?? 0
        #expect(before < 1_000_000)
        let behind = try #require(CheckpointBehind.start(path: path))
        behind.wait()
        #expect((FileStatus(path: path)?.size ?? 0) > 1_600_000)
        // The WAL is left in place for the writer, whole.
        #expect((FileStatus(path: path + "-wal")?.size ?? 0) > 1_600_000)
        #expect(try rows(path) == 400)
        _ = store
    }

    @Test func aSmallFirstPartIsLeftToTheLastCheckpoint() throws {
        let path = directory.path()
        let store = try store(path)
        let copying = try store.write { tx -> Bool in
            try tx.execute("INSERT INTO t (body) VALUES ('small')")
            try tx.commitSoFar()
            return tx.isCopyingBehind
        }
        #expect(!copying)
        #expect(try rows(path) == 1)
    }

    @Test func aStoreThatCheckpointsOnCloseCopiesNothingBehind() throws {
        let path = directory.path()
        let store = try Store(path: path)
        try store.write { try $0.executeScript("CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT NOT NULL)") }
        let copying = try store.write { tx -> Bool in
            try insertLarge(tx)
            try tx.commitSoFar()
            return tx.isCopyingBehind
        }
        #expect(!copying)
        #expect(try rows(path) == 400)
    }

    @Test func aReadTransactionCannotCommitSoFar() throws {
        let store = try store(directory.path())
        #expect(throws: StoreError.self) {
            try store.read { try $0.commitSoFar() }
        }
    }

    @Test func anInMemoryStoreCommitsSoFarToo() throws {
        let store = try Store(path: ":memory:")
        try store.write { try $0.executeScript("CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT NOT NULL)") }
        #expect(throws: Stop.self) {
            try store.write { tx in
                try tx.execute("INSERT INTO t (body) VALUES ('first')")
                try tx.commitSoFar()
                #expect(!tx.isCopyingBehind)
                try tx.execute("INSERT INTO t (body) VALUES ('second')")
                throw Stop()
            }
        }
        #expect(try store.read { try $0.queryOne("SELECT COUNT(*) FROM t")?[0].int } == 1)
    }
}
