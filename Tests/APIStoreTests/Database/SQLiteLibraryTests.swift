import Foundation
import CSQLite
import Testing
import TestSupport
@testable import APIStore

/// SQLite's process-wide settings are made before its first connection, whichever opens it.
@Suite struct SQLiteLibraryTests {
    @Test("SQLite does not count its memory: a store written and read leaves the count at zero")
    func memoryIsNotCounted() throws {
        let directory = try StoreDirectory()
        let store = try Store(path: directory.path("store.sqlite3"))
        try store.write { try $0.execute("CREATE TABLE t (a TEXT)") }
        try store.write { tx in
            for index in 0..<100 { try tx.execute("INSERT INTO t VALUES (?)", [.text(String(repeating: "x", count: index))]) }
        }
        let rows = try store.read { try $0.query("SELECT a FROM t") }
        #expect(rows.count == 100)
        // With the counting on (SQLite's default), the connection's own caches alone are some 100 KB.
        #expect(sqlite3_memory_used() == 0)
    }

    #if os(Linux)
    /// Bytes this thread passed to `write` and `pwrite` so far (`wchar`, Linux): a
    /// synchronous store body runs on one thread, so the difference is its own writes.
    func bytesThisThreadWrote() throws -> Int64 {
        let io = try String(contentsOfFile: "/proc/thread-self/io", encoding: .utf8)
        let line = try #require(io.split(separator: "\n").first { $0.hasPrefix("wchar:") })
        return try #require(Int64(line.dropFirst("wchar:".count).trimmingCharacters(in: .whitespaces)))
    }

    @Test("a statement's journal stays in memory: an 80 KB update inside a transaction writes no temporary file")
    func statementJournalStaysInMemory() throws {
        let directory = try StoreDirectory()
        let store = try Store(path: directory.path("store.sqlite3"), checkpointOnClose: false)
        let body = String(repeating: "b", count: 1_000)
        try store.write { tx in
            try tx.executeScript("CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT NOT NULL CHECK (length(body) > 0))")
            for _ in 0..<80 { try tx.execute("INSERT INTO t (body) VALUES (?)", [.text(body)]) }
        }
        // An update of many rows that a constraint could stop half way keeps the pages it
        // changes in a statement journal; SQLite's default puts past 64 KiB of it in a file.
        let written = try store.write { tx in
            let before = try bytesThisThreadWrote()
            try tx.execute("UPDATE t SET body = body || 'x'")
            return try bytesThisThreadWrote() - before
        }
        #expect(written == 0)
        #expect(try store.read { try $0.queryOne("SELECT MIN(length(body)) FROM t")?[0].int } == 1_001)
    }
    #endif

    /// A journal past the size kept in memory goes to a file, block by block, whatever its
    /// size: with blocks of 128 KiB or more SQLite's unix VFS cut each write short and the
    /// statement failed with "database or disk is full" (`store clear` of 1,000 articles did).
    @Test("a statement whose journal outgrows memory succeeds: 1, 2 and 8 MB updates in a transaction",
          arguments: [1_000, 2_000, 8_000])
    func largeStatementJournalsSpillToAFile(rows: Int) throws {
        #expect(SQLiteLibrary.statementJournalBytes < 128 << 10)
        let directory = try StoreDirectory()
        let store = try Store(path: directory.path("store.sqlite3"), checkpointOnClose: false)
        let body = String(repeating: "b", count: 1_000)
        try store.write { tx in
            try tx.executeScript("CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT NOT NULL CHECK (length(body) > 0))")
            for _ in 0..<rows { try tx.execute("INSERT INTO t (body) VALUES (?)", [.text(body)]) }
        }
        try store.write { tx in
            try tx.execute("UPDATE t SET body = body || 'x'")
            try tx.execute("DELETE FROM t WHERE id % 2 = 0")
        }
        let left = try store.read { try $0.queryOne("SELECT COUNT(*), MIN(length(body)) FROM t") }
        #expect(left?[0].int == rows / 2)
        #expect(left?[1].int == 1_001)
    }
}
