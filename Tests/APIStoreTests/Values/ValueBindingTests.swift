import Foundation
import Testing
@testable import APIStore

@Suite struct ValueBindingTests {
    let directory: StoreDirectory
    let store: Store

    init() throws {
        directory = try StoreDirectory()
        store = try Store(path: directory.path())
        try store.write { try $0.executeScript("CREATE TABLE x (id INTEGER PRIMARY KEY, value)") }
    }

    func roundTrip(_ value: SQLValue) throws -> SQLValue {
        try store.write { tx in
            try tx.execute("INSERT INTO x (value) VALUES (?)", [value])
            let id = tx.lastInsertRowID
            return try tx.queryOne("SELECT value FROM x WHERE id = ?", [.integer(id)])?["value"] ?? .null
        }
    }

    @Test(arguments: [
        "'; DROP TABLE x; --",
        "Robert'); DROP TABLE x;--",
        "\"quoted\" and 'single' and `back`",
        "?1 ? :name @p $v",
        "São Paulo — 東京 🌦",
        "nul\u{0}inside",
        "",
    ])
    func textRoundTripsAsData(_ text: String) throws {
        #expect(try roundTrip(.text(text)) == .text(text))
        let tables = try store.read { try $0.query("SELECT name FROM sqlite_master WHERE name = 'x'") }
        #expect(tables.count == 1)
    }

    @Test func blobsIntegersRealsAndNullRoundTrip() throws {
        #expect(try roundTrip(.blob(Data([0, 1, 2, 255]))) == .blob(Data([0, 1, 2, 255])))
        #expect(try roundTrip(.blob(Data())) == .blob(Data()))
        #expect(try roundTrip(.integer(.max)) == .integer(.max))
        #expect(try roundTrip(.integer(.min)) == .integer(.min))
        #expect(try roundTrip(.real(0.1)) == .real(0.1))
        #expect(try roundTrip(.null) == .null)
    }

    @Test func convertiblesReadBackTyped() throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000.25)
        let row = try store.write { tx in
            try tx.executeScript("CREATE TABLE typed (s TEXT, i INTEGER, d REAL, b INTEGER, when_ REAL, o TEXT)")
            try tx.execute(
                "INSERT INTO typed VALUES (?, ?, ?, ?, ?, ?)",
                ["text".sql, 42.sql, 2.5.sql, true.sql, date.sql, String?.none.sql])
            return try tx.queryOne("SELECT * FROM typed")
        }
        let typed = try #require(row)
        #expect(typed.get("s", as: String.self) == "text")
        #expect(typed.get("i", as: Int.self) == 42)
        #expect(typed.get("d", as: Double.self) == 2.5)
        #expect(typed.get("b", as: Bool.self) == true)
        #expect(typed.get("when_", as: Date.self) == date)
        #expect(typed.get("o", as: String.self) == nil)
        #expect(typed["missing"] == .null)
    }

    @Test func fts5IsAvailableAndQueriesBindTheirMatchText() throws {
        let hits = try store.write { tx in
            try tx.executeScript("CREATE VIRTUAL TABLE docs USING fts5(headline, body)")
            try tx.execute("INSERT INTO docs VALUES (?, ?)", ["Basketball final", "A game in New York"])
            try tx.execute("INSERT INTO docs VALUES (?, ?)", ["Weather", "Rain in Paris"])
            return try tx.query("SELECT headline FROM docs WHERE docs MATCH ? ORDER BY rank", ["basketball"])
        }
        #expect(hits.compactMap { $0["headline"].string } == ["Basketball final"])
    }
}
