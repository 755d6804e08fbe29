import APICore
import APIStore

/// A version table as this store holds it: what its owner declares (``VersionTable``),
/// the provider its rows belong to, and the columns that name an item, read from the table.
struct SyncedTable: Sendable {
    let declared: VersionTable
    /// SQL over a row (aliased `v`) that gives its provider: the shared tables' column, else the owner's name.
    let provider: String
    /// The columns that name an item (every column but the version's own).
    let keyColumns: [String]

    var name: String { declared.table }

    /// The owners' version tables that this store has, in the layout's order.
    static func present(in layout: StoreLayout, tx: Transaction) throws -> [SyncedTable] {
        var tables: [SyncedTable] = []
        for owner in layout.owners {
            for declared in owner.versionTables {
                let columns = try tx.query("SELECT name FROM pragma_table_info(?)", [.text(declared.table)]).compactMap { $0[0].string }
                guard !columns.isEmpty else { continue }
                let own = ["num", "fetched_at", "hash", "query_key", declared.content]
                let provider = owner.shared.map { "v." + $0.providerColumn } ?? Self.literal(owner.owner)
                tables.append(SyncedTable(declared: declared, provider: provider, keyColumns: columns.filter { !own.contains($0) }))
            }
        }
        return tables
    }

    /// A batch of up to `?2` versions after `num` `?1`, as one JSON array made by SQLite,
    /// with the last `num` and the count.
    var batchSQL: String {
        let key = "json_object(" + keyColumns.map { "'\($0)', v.\(Store.quoted($0))" }.joined(separator: ", ") + ")"
        let content = "v." + Store.quoted(declared.content)
        let fields = [
            "'provider', \(provider)", "'item', \(declared.item)", "'hash', v.hash", "'fetched_epoch', v.fetched_at",
            "'query', v.query_key",
            "'content', CASE WHEN json_valid(\(content)) THEN json(\(content)) ELSE json_quote(\(content)) END",
            "'source', \(Self.literal(name))", "'key', \(key)",
            "'search_text', coalesce(\(declared.searchText ?? "''"), '')",
        ]
        return "SELECT json_group_array(json_object(" + fields.joined(separator: ", ") + ")), max(v.num), count(*) "
            + "FROM (SELECT * FROM \(Store.quoted(name)) WHERE num > ?1 ORDER BY num LIMIT ?2) v"
    }

    /// Whether the version of the item named by the key object `?1` with hash `?2` is here.
    var hasVersionSQL: String {
        "SELECT 1 FROM \(Store.quoted(name)) WHERE hash = ?2 AND "
            + keyColumns.map { "\(Store.quoted($0)) IS json_extract(?1, '$.\($0)')" }.joined(separator: " AND ")
            + " LIMIT 1"
    }

    /// A version received: key object `?1`, fetched at `?2`, hash `?3`, query `?4`, content `?5`.
    var insertSQL: String {
        let columns = keyColumns + ["fetched_at", "hash", "query_key", declared.content]
        return "INSERT INTO \(Store.quoted(name)) (" + columns.map(Store.quoted).joined(separator: ", ") + ") VALUES ("
            + keyColumns.map { "json_extract(?1, '$.\($0)')" }.joined(separator: ", ") + ", ?2, ?3, ?4, json(?5))"
    }

    /// `text` as an SQL string literal.
    static func literal(_ text: String) -> String {
        "'" + text.replacingAll("'", with: "''") + "'"
    }
}
