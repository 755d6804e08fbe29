import Foundation
import Testing
@testable import APIStore

/// An ordered list is recorded ``PositionedRows/batch`` rows per statement and the rest
/// one by one: every value at its own position under its key, whatever the count, with
/// other keys' rows left alone.
@Suite struct PositionedRowsTests {
    static let rows = PositionedRows(table: "results", keyColumns: ["owner", "query"], positionColumn: "pos", valueColumn: "item")

    @Test(arguments: [0, 1, PositionedRows.batch - 1, PositionedRows.batch, 3 * PositionedRows.batch + 7])
    func everyValueLandsAtItsPosition(count: Int) throws {
        let directory = try StoreDirectory()
        let store = try Store(path: directory.path())
        let values: [SQLValue] = (0..<count).map { $0 % 5 == 0 ? .null : .text("item \(count - $0)") }
        let stored = try store.write { tx in
            try tx.executeScript("CREATE TABLE results (owner TEXT, query TEXT, pos INTEGER, item TEXT, PRIMARY KEY (owner, query, pos))")
            try Self.rows.insert([.text("other")], under: [.text("a"), .text("q")], in: tx)
            try Self.rows.insert(values, under: [.text("b"), .text("q")], in: tx)
            return try tx.query("SELECT owner, pos, item FROM results ORDER BY owner, pos")
        }
        #expect(stored.first.map { [$0[0], $0[1], $0[2]] } == [.text("a"), .integer(0), .text("other")])
        let mine = stored.dropFirst()
        #expect(mine.allSatisfy { $0[0] == .text("b") })
        #expect(mine.map { $0[1] } == (0..<count).map { .integer(Int64($0)) })
        #expect(mine.map { $0[2] } == values)
    }
}
