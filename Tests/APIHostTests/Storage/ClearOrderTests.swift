import Foundation
import Testing
@testable import APIHost

/// `store clear` empties a referencing table before the table it references, so that no
/// `ON DELETE CASCADE` has to look for children (NYT's answer rows have no index on the
/// article they point to: a cascade from `nyt_articles` would read them all, per article).
@Suite struct ClearOrderTests {
    let directory: StorageTestDirectory
    let store: Store

    init() throws {
        directory = try StorageTestDirectory()
        store = try directory.store()
        try store.migrate(owner: "shop", [
            Migration(1, sql: """
                CREATE TABLE shop_a_items (id TEXT PRIMARY KEY);
                CREATE TABLE shop_b_orders (id TEXT PRIMARY KEY, item TEXT REFERENCES shop_a_items (id) ON DELETE CASCADE);
                CREATE TABLE shop_c_lines (order_id TEXT REFERENCES shop_b_orders (id) ON DELETE CASCADE, n INTEGER);
                CREATE TABLE shop_d_notes (text TEXT);
                CREATE TABLE shop_e_left (id TEXT PRIMARY KEY, right_id TEXT REFERENCES shop_f_right (id));
                CREATE TABLE shop_f_right (id TEXT PRIMARY KEY, left_id TEXT REFERENCES shop_e_left (id));
                CREATE TABLE shop_g_tree (id TEXT PRIMARY KEY, parent TEXT REFERENCES shop_g_tree (id));
                """),
        ])
    }

    @Test("each table comes before every table it references; a cycle keeps its order")
    func childrenComeFirst() throws {
        let ordered = try store.read { tx in
            try StoreInspector.childrenFirst(try Store.tables(in: tx).filter { $0.name.hasPrefix("shop_") }, in: tx)
        }.map(\.name)
        func position(_ name: String) throws -> Int { try #require(ordered.firstIndex(of: name), "\(name) in \(ordered)") }
        #expect(try position("shop_c_lines") < position("shop_b_orders"))
        #expect(try position("shop_b_orders") < position("shop_a_items"))
        #expect(Set(ordered) == ["shop_a_items", "shop_b_orders", "shop_c_lines", "shop_d_notes", "shop_e_left",
                                 "shop_f_right", "shop_g_tree"])
    }

    @Test("clearing the owner empties every table, children and parents alike")
    func clearEmptiesAll() throws {
        try store.write { tx in
            try tx.execute("INSERT INTO shop_a_items VALUES ('i1'), ('i2')")
            try tx.execute("INSERT INTO shop_b_orders VALUES ('o1', 'i1'), ('o2', 'i2')")
            try tx.execute("INSERT INTO shop_c_lines VALUES ('o1', 1), ('o2', 2)")
            try tx.execute("INSERT INTO shop_g_tree VALUES ('root', NULL), ('leaf', 'root')")
        }
        let layout = StoreLayout(providers: [("shop", .own("shop"))], shared: [])
        let cleared = try StoreInspector(store: store).clear(provider: "shop", layout: layout)
        #expect(cleared.rows == 8)
        let left = try store.read { tx in try Store.tables(in: tx).filter { $0.name.hasPrefix("shop_") }.map(\.rows) }
        #expect(left.allSatisfy { $0 == 0 })
    }
}
