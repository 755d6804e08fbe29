import Foundation
import Testing
@testable import APIStore

@Suite struct MaintenanceTests {
    let directory: StoreDirectory
    let store: Store

    init() throws {
        directory = try StoreDirectory()
        store = try Store(path: directory.path())
        try store.write { tx in
            try tx.executeScript(
                """
                CREATE TABLE demo_items (id INTEGER PRIMARY KEY, body TEXT);
                CREATE VIRTUAL TABLE demo_fts USING fts5(body);
                CREATE VIEW demo_view AS SELECT * FROM demo_items;
                CREATE TABLE demo_gone (id INTEGER);
                CREATE VIEW demo_broken_view AS SELECT * FROM demo_gone;
                DROP TABLE demo_gone;
                """)
            for index in 0..<300 {
                try tx.execute("INSERT INTO demo_items (body) VALUES (?)", [.text(String(repeating: "word\(index) ", count: 40))])
            }
            try tx.execute("INSERT INTO demo_fts (body) SELECT body FROM demo_items")
        }
    }

    /// Views are listed too (NYT's answer rows are one since its migration 5), each as what it
    /// shows; one whose table was dropped cannot be read, and is left out rather than failing the list.
    @Test func tablesListsOrdinaryAndVirtualTablesAndViewsWithRowCountsButNoShadows() throws {
        let tables = try store.tables()
        #expect(tables == [
            StoreTable(name: "apicli_migrations", kind: .table, rows: 0),
            StoreTable(name: "demo_fts", kind: .virtual, rows: 300),
            StoreTable(name: "demo_items", kind: .table, rows: 300),
            StoreTable(name: "demo_view", kind: .view, rows: 300),
        ])
    }

    @Test func integrityCheckOfAHealthyStoreIsEmpty() throws {
        #expect(try store.integrityCheck() == [])
    }

    @Test func integrityCheckReportsAFileThatIsNotADatabase() throws {
        let path = directory.path("garbage.sqlite3")
        try Data(repeating: 0x41, count: 8192).write(to: URL(fileURLWithPath: path))
        do {
            let damaged = try Store(path: path)
            #expect(try damaged.integrityCheck().isEmpty == false)
        } catch let error as StoreError {
            #expect(error.isDamage, "\(error)")
        }
    }

    @Test func vacuumShrinksTheFileAfterADelete() throws {
        try store.write { tx in
            try tx.execute("DELETE FROM demo_items")
            try tx.execute("DELETE FROM demo_fts")
        }
        let before = store.fileSize()
        try store.vacuum()
        let after = store.fileSize()
        #expect(before > 0)
        #expect(after < before)
        #expect(try store.integrityCheck() == [])
    }

    @Test func quotedIdentifiersDoubleTheirQuotes() {
        #expect(Store.quoted("plain") == "\"plain\"")
        #expect(Store.quoted("a\"; DROP TABLE x; --") == "\"a\"\"; DROP TABLE x; --\"")
    }
}
