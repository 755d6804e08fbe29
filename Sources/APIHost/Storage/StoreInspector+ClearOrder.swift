import APIStore

extension StoreInspector {
    /// `tables` in an order that empties each one before any table it references
    /// (`REFERENCES … ON DELETE CASCADE`), so that emptying a parent finds no child
    /// row left to cascade to.
    ///
    /// Why it matters: SQLite looks for a deleted parent's children by the child's
    /// column, and without an index on that column it reads the whole child table
    /// for every parent row. `nyt_query_results` has no index on `article_id` (it
    /// cost a B-tree insert per stored answer row, 6–9 % of storing a large answer;
    /// NYT's migration 3), so emptying `nyt_articles` first would read a million
    /// result rows a million times. A cycle, which no schema of ours has, keeps the
    /// order given.
    static func childrenFirst(_ tables: [StoreTable], in tx: Transaction) throws -> [StoreTable] {
        // SQLite's names are case-blind; each table with the (lowercased) tables it references.
        var remaining = try tables.map { table in
            let referenced = try tx.query(#"SELECT "table" FROM pragma_foreign_key_list(?)"#, [.text(table.name)])
            return (table: table, name: table.name.lowercased(), parents: Set(referenced.compactMap { $0[0].string?.lowercased() }))
        }
        var ordered: [StoreTable] = []
        while !remaining.isEmpty {
            let next = remaining.firstIndex { candidate in
                !remaining.contains { $0.name != candidate.name && $0.parents.contains(candidate.name) }
            } ?? remaining.startIndex
            ordered.append(remaining.remove(at: next).table)
        }
        return ordered
    }
}
