import Foundation
import Testing
@testable import APIStore

/// Text and blobs are bound in place (`SQLITE_STATIC`) for the scope of one use,
/// and copied past ``Statement/lentValueLimit``; the statements used last are
/// found before the cache's dictionary. Every value must come back as it went in
/// whichever way it was bound, and a statement must be reusable after any failure.
@Suite struct LentBindingTests {
    let directory: StoreDirectory
    let store: Store

    init() throws {
        directory = try StoreDirectory()
        store = try Store(path: directory.path())
    }

    /// One value of every kind a text or blob binding takes: inline (small) strings,
    /// heap strings, empty ones, an embedded NUL, non-ASCII, and blobs.
    static func value(_ index: Int) -> SQLValue {
        switch index % 7 {
        case 0: .text("s\(index)")
        case 1: .text(String(repeating: "long text \(index) ", count: 40))
        case 2: .text("")
        case 3: .text("nul\u{0}inside \(index) — 東京")
        case 4: .blob(Data((0..<300).map { UInt8(($0 + index) % 256) }))
        case 5: .blob(Data())
        default: index % 2 == 0 ? .integer(Int64(index)) : .null
        }
    }

    @Test(arguments: [1, Statement.lentValueLimit, Statement.lentValueLimit + 9])
    func everyValueComesBackWhetherLentOrCopied(count: Int) throws {
        let columns = (0..<count).map { "c\($0)" }
        let values = (0..<count).map(Self.value)
        let row = try store.write { tx in
            try tx.executeScript("CREATE TABLE wide (\(columns.joined(separator: ", ")))")
            try tx.execute(
                "INSERT INTO wide VALUES (\(Array(repeating: "?", count: count).joined(separator: ", ")))", values)
            return try tx.queryOne("SELECT * FROM wide")
        }
        let stored = try #require(row)
        #expect(columns.map { stored[$0] } == values)
    }

    @Test func aLentValueIsReadAtEveryStep() throws {
        let wanted = String(repeating: "match ", count: 20)
        let found = try store.write { tx in
            try tx.executeScript("CREATE TABLE t (n INTEGER, v TEXT)")
            for n in 0..<200 {
                try tx.execute("INSERT INTO t VALUES (?, ?)", [.integer(Int64(n)), .text(n % 3 == 0 ? wanted : "other \(n)")])
            }
            return try tx.query("SELECT n FROM t WHERE v = ? ORDER BY n", [.text(wanted)])
        }
        #expect(found.compactMap { $0[0].int } == Array(stride(from: 0, to: 200, by: 3)))
    }

    @Test func aStatementIsReusableAfterAFailingStepOrAWrongCount() throws {
        let rows = try store.write { tx in
            try tx.executeScript("CREATE TABLE u (k TEXT PRIMARY KEY, v BLOB)")
            let insert = "INSERT INTO u VALUES (?, ?)"
            try tx.execute(insert, [.text("a key long enough to live on the heap"), .blob(Data([1, 2, 3]))])
            #expect(throws: StoreError.self) {
                try tx.execute(insert, [.text("a key long enough to live on the heap"), .blob(Data([4]))])
            }
            #expect(throws: StoreError.self) { try tx.execute(insert, [.text("only one")]) }
            try tx.execute(insert, [.text("b"), .blob(Data([5, 6]))])
            return try tx.query("SELECT k, v FROM u ORDER BY k")
        }
        #expect(rows.map { $0["k"] } == [.text("a key long enough to live on the heap"), .text("b")])
        #expect(rows.map { $0["v"] } == [.blob(Data([1, 2, 3])), .blob(Data([5, 6]))])
    }

    /// More statements in turn than the recent ones kept, two of the same length: each
    /// runs its own SQL, and none is compiled twice.
    @Test func statementsInTurnEachRunTheirOwnSQLAndArePreparedOnce() throws {
        let texts = (1...Database.recentLimit + 2).map { "SELECT \($0) + ?" }
        let results = try store.write { tx in
            try (0..<3).flatMap { _ in try texts.map { try tx.queryOne($0, [.integer(10)])?[0].int } }
        }
        #expect(results == Array(repeating: (1...texts.count).map { $0 + 10 }, count: 3).flatMap { $0 })
        let prepared = store.connection.withLock { $0.preparedCount }
        _ = try store.read { tx in try texts.map { try tx.queryOne($0, [.integer(1)]) } }
        #expect(store.connection.withLock { $0.preparedCount } == prepared)
    }
}
