/// Where an owner's item versions are read: the view `<owner>_versions`, whose columns are
/// the same for every owner — `item`, `fetched_at`, `hash`, `query`, `content` (a JSON
/// object), and `provider` for an owner whose tables hold many providers' rows
/// (docs/design/0260-item-versions.md). `apicli history`, `store info`, `store prune` and
/// `--changed` read versions through it, so a provider that keeps versions declares
/// nothing but the view.
///
/// Tables and views named `…_versions` hold versions: `store info` counts them apart from
/// a provider's rows.
enum VersionsView {
    /// Whether a table or view of that name holds versions rather than items.
    static func holdsVersions(_ name: String) -> Bool {
        name.hasSuffix("_versions")
    }

    /// The view of `storage`'s versions.
    static func name(of storage: StorageOwnership) -> String {
        storage.owner + "_versions"
    }

    /// The view's rows of `provider` only: a filter on its `provider` column for shared tables, else none.
    static func filter(_ provider: String, storage: StorageOwnership) -> (sql: String, arguments: [SQLValue]) {
        storage.shared == nil ? ("1", []) : ("provider = ?", [.text(provider)])
    }

    /// How many versions `provider`'s items keep and the bytes of their content; nothing
    /// when its owner keeps none (or its store predates them).
    static func usage(
        of provider: String, storage: StorageOwnership, present: Set<String>, in tx: Transaction
    ) throws -> (Int, Int64) {
        let view = name(of: storage)
        guard present.contains(view) else { return (0, 0) }
        let filter = filter(provider, storage: storage)
        let row = try tx.queryOne(
            "SELECT COUNT(*), COALESCE(SUM(length(CAST(content AS BLOB))), 0) FROM \(Store.quoted(view)) WHERE \(filter.sql)",
            filter.arguments)
        return (row?[0].int ?? 0, row?[1].int64 ?? 0)
    }
}
