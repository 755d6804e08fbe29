import APIStore

extension StoreInspector {
    /// `tables` in an order that empties each one before any table it references
    /// (`REFERENCES … ON DELETE CASCADE`), so that emptying a parent finds no child
    /// row left to cascade to.
    ///
    /// Why it matters: SQLite looks for a deleted parent's children by the child's
    /// column, and without an index on that column it reads the whole child table
    /// for every parent row. NYT's answer rows had no index on `article_id` (its
    /// migration 3) until they became one array per query (migration 5), so emptying
    /// `nyt_articles` first read a million result rows a million times; a store's
    /// other tables, a provider's own included, may be built the same way. A cycle,
    /// which no schema of ours has, keeps the order given.
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
