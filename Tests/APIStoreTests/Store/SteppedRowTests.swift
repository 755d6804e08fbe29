import Foundation
import Testing
@testable import APIStore

/// ``Transaction/forEachRow(_:_:_:)`` hands over each row as it is stepped to: the same
/// values, in the same order, as ``Transaction/query(_:_:)`` collects, every storage class
/// included, and it refuses what `query` refuses.
@Suite struct SteppedRowTests {
    static let table = """
        CREATE TABLE t (k TEXT, i INTEGER, r REAL, s TEXT, b BLOB, n TEXT);
        INSERT INTO t VALUES ('a', 1, 1.5, 'one', x'00ff', NULL), ('a', -7, 0.0, '', x'', NULL),
            ('b', 9, 2.0, 'other', NULL, 'x'), ('a', 3, -2.25, 'é', x'41', 'y');
        """

    @Test func rowsReadInPlaceMatchCollectedRows() throws {
        let directory = try StoreDirectory()
        let store = try Store(path: directory.path())
        try store.write { tx in try tx.executeScript(Self.table) }
        let sql = "SELECT i, r, s, b, n FROM t WHERE k = ? ORDER BY rowid"
        let (collected, stepped) = try store.read { tx in
            var stepped: [[SQLValue]] = []
            try tx.forEachRow(sql, [.text("a")]) { row in
                // One column past the last reads as NULL, as `Row`'s subscript does.
                stepped.append((0...row.count).map { row[$0] })
            }
            return (try tx.query(sql, [.text("a")]).map { row in (0...5).map { row[$0] } }, stepped)
        }
        #expect(stepped.count == 3)
        #expect(stepped == collected)
        #expect(stepped.first == [.integer(1), .real(1.5), .text("one"), .blob(Data([0, 0xff])), .null, .null])
        #expect(stepped[1][3] == .blob(Data()))
    }

    @Test func aReadTransactionRefusesAWrite() throws {
        let directory = try StoreDirectory()
        let store = try Store(path: directory.path())
        try store.write { tx in try tx.executeScript(Self.table) }
        #expect(throws: StoreError.self) {
            try store.read { tx in try tx.forEachRow("DELETE FROM t RETURNING i") { _ in } }
        }
        #expect(try store.read { tx in try tx.query("SELECT COUNT(*) FROM t") }.first?[0] == .integer(4))
    }

    @Test func aClosedTransactionIsRefused() throws {
        let directory = try StoreDirectory()
        let store = try Store(path: directory.path())
        var kept: Transaction?
        _ = try store.read { tx in
            kept = tx
            return 0
        }
        let closed = try #require(kept)
        #expect(throws: StoreError.self) { try closed.forEachRow("SELECT 1") { _ in } }
    }
}
