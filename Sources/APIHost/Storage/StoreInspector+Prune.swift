#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `apicli store prune --keep 90d`: the versions fetched before a time are deleted, except
/// each item's latest, which is what every command shows (docs/design/0264-version-retention.md).
extension StoreInspector {
    /// Deletes, in one transaction, every version fetched before `cutoff` that is not its
    /// item's latest, in every versions table (a table named `…_versions`). An item's columns
    /// are those its index `<table>_item` lists before `fetched_at`; a versions table without
    /// such an index is left alone. Returns how many versions were deleted.
    public func prune(before cutoff: Date) throws -> Int {
        try store.write { tx in
            var deleted = 0
            let tables = try Store.tables(in: tx).filter { $0.kind == .table && VersionsView.holdsVersions($0.name) }
            for table in tables {
                let columns = try tx.query("SELECT name FROM pragma_index_info(?)", [.text(table.name + "_item")])
                    .compactMap { $0[0].string }.prefix { $0 != "fetched_at" }
                guard !columns.isEmpty else { continue }
                let name = Store.quoted(table.name)
                try tx.execute(
                    "DELETE FROM \(name) WHERE fetched_at < ? AND num NOT IN "
                        + "(SELECT MAX(num) FROM \(name) GROUP BY \(columns.map(Store.quoted).joined(separator: ", ")))",
                    [cutoff.sql])
                deleted += tx.changes
            }
            return deleted
        }
    }
}
