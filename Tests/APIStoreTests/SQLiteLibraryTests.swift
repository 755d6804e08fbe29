import CSQLite
import Testing
import TestSupport
@testable import APIStore

/// SQLite's process-wide settings are made before its first connection, whichever opens it.
@Suite struct SQLiteLibraryTests {
    @Test("SQLite does not count its memory: a store written and read leaves the count at zero")
    func memoryIsNotCounted() throws {
        let directory = try TemporaryDirectory()
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
}
