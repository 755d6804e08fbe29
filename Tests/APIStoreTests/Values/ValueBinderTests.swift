import Foundation
import Testing
@testable import APIStore

/// Values bound one by one from lent bytes (``Transaction/execute(_:binding:)``): each
/// comes back as ``Transaction/execute(_:_:)`` stores the same value, a wrong count is
/// refused before anything runs, and the statement is reusable after any failure.
@Suite struct ValueBinderTests {
    let directory: StoreDirectory
    let store: Store

    init() throws {
        directory = try StoreDirectory()
        store = try Store(path: directory.path())
        try store.write { try $0.executeScript("CREATE TABLE t (a, b, c, d, e)") }
    }

    static let insert = "INSERT INTO t VALUES (?, ?, ?, ?, ?)"

    /// Texts of every kind, as bytes: small, on the heap, empty, an embedded NUL, non-ASCII.
    static let texts = ["s", String(repeating: "long text ", count: 40), "", "nul\u{0}inside — 東京", "x"]

    @Test func everyValueComesBackAsTheArrayFormStoresIt() throws {
        let rows = try store.write { tx in
            for text in Self.texts {
                var text = text
                try text.withUTF8 { bytes in
                    try tx.execute(Self.insert) { row in
                        row.text(bytes)
                        row.text(nil)
                        row.integer(-7)
                        row.integer(nil)
                        row.value(.real(2.5))
                    }
                }
                try tx.execute(Self.insert, [.text(text), .null, .integer(-7), .null, .real(2.5)])
            }
            return try tx.query("SELECT a, b, c, d, e, typeof(a), typeof(b), typeof(d) FROM t ORDER BY rowid")
        }
        #expect(rows.count == 2 * Self.texts.count)
        for (index, text) in Self.texts.enumerated() {
            let lent = rows[2 * index].values, copied = rows[2 * index + 1].values
            #expect(lent == copied)
            #expect(lent.first == .text(text))
            #expect(lent[5...] == [.text("text"), .text("null"), .text("null")])
        }
    }

    @Test func aWrongCountIsRefusedAndTheStatementStaysUsable() throws {
        let count = try store.write { tx in
            #expect(throws: StoreError.misuse(reason: "5 placeholders but 4 values")) {
                try tx.execute(Self.insert) { row in (0..<4).forEach { row.integer(Int64($0)) } }
            }
            #expect(throws: StoreError.misuse(reason: "5 placeholders but 6 values")) {
                try tx.execute(Self.insert) { row in (0..<6).forEach { row.integer(Int64($0)) } }
            }
            try tx.execute(Self.insert) { row in (0..<5).forEach { row.integer(Int64($0)) } }
            return try tx.queryOne("SELECT COUNT(*), SUM(a + b + c + d + e) FROM t")
        }
        #expect(count?.values == [.integer(1), .integer(10)])
    }

    @Test func aFailingStepLeavesNothingBoundForTheNextUse() throws {
        let rows = try store.write { tx in
            try tx.executeScript("CREATE TABLE u (k TEXT PRIMARY KEY, v)")
            let insert = "INSERT INTO u VALUES (?, ?)"
            var key = "a key long enough to live on the heap"
            try key.withUTF8 { bytes in
                try tx.execute(insert) { row in row.text(bytes); row.integer(1) }
                #expect(throws: StoreError.self) { try tx.execute(insert) { row in row.text(bytes); row.integer(2) } }
            }
            try tx.execute(insert, [.text("b"), .integer(3)])
            return try tx.query("SELECT k, v FROM u ORDER BY k")
        }
        #expect(rows.map(\.values) == [[.text("a key long enough to live on the heap"), .integer(1)], [.text("b"), .integer(3)]])
    }

    @Test func aReadTransactionRefusesAWrite() throws {
        #expect(throws: StoreError.self) {
            try store.read { tx in try tx.execute(Self.insert) { row in (0..<5).forEach { row.integer(Int64($0)) } } }
        }
    }
}

/// One value per line, read back by the line feed's byte: `"\r\n"` is one `Character`,
/// so a value that ended in a carriage return swallowed the next one when split by characters.
@Suite struct LinesValueTests {
    @Test func valuesEndingInACarriageReturnComeBackApart() {
        let values = ["Trump, Donald J\r", "Gun Control", "\u{301}x", "last\r"]
        #expect(SQLValue.lines(values).lines == values)
    }
}
