#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APICore

/// Where `apicli store export` reads items: each owner's versions view, `<owner>_versions`
/// (``VersionsView``), whose columns are the same for every provider — so an export needs
/// nothing from a provider but its view, and a provider that keeps versions is exported
/// without a line of its own.
///
/// Each item is its latest version (the highest `fetched_at`), or with `--versions` every
/// version, oldest first. Rows are stepped from SQLite one at a time and handed on
/// (``forEachRow(_:)``): nothing is collected, so memory does not grow with the store.
/// One read transaction covers every view: the export is one snapshot of the store.
struct ExportSource {
    /// One view to read, and whose rows they are.
    struct View: Equatable {
        var name: String
        /// The provider of every row, for an owner whose rows are one provider's; nil
        /// when the view has a `provider` column (the provider files' shared tables).
        var provider: String?
        /// Only this provider's rows of a shared view.
        var only: String?
    }

    let store: Store
    let views: [View]
    let request: ExportRequest

    /// The views of `request.provider`, or of every owner, that the store has.
    init(store: Store, layout: StoreLayout, request: ExportRequest) throws {
        self.store = store
        self.request = request
        let present = try store.read { tx in
            Set(try tx.query("SELECT name FROM sqlite_master WHERE type = 'view'").compactMap { $0[0].string })
        }
        let owners = request.provider.map { [layout.storage(of: $0)] } ?? layout.owners
        views = owners.compactMap { storage in
            let name = VersionsView.name(of: storage)
            guard present.contains(name) else { return nil }
            guard storage.shared == nil else { return View(name: name, provider: nil, only: request.provider) }
            return View(name: name, provider: layout.providers.first { $0.storage == storage }?.name ?? storage.owner)
        }
    }

    /// One exported row: an item's version.
    struct Row {
        var provider: String
        var id: String
        /// Seconds since 1970, as the store keeps fetch times.
        var fetchedAt: Double
        var hash: Int64
        var query: String?
        /// The content as JSON text on one line (a stored text that is not JSON comes as a JSON string).
        var content: String
    }

    /// Hands every row to `body` as SQLite steps to it; `body` may throw to stop.
    /// The store's own failures are reported as the store's (``StoreFailure``); what `body`
    /// throws passes through as it is.
    func forEachRow(_ body: (Row) throws -> Void) throws {
        do {
            try read(body)
        } catch let error as StoreError {
            throw StoreFailure.cliError(error, path: store.path)
        }
    }

    private func read(_ body: (Row) throws -> Void) throws {
        try store.read { tx in
            for view in views {
                let (sql, arguments) = Self.query(view, request: request)
                try tx.forEachRow(sql, arguments, stoppable: { row in
                    try body(Row(
                        provider: row[0].string ?? "", id: row[1].string ?? "", fetchedAt: row[2].double ?? 0,
                        hash: row[3].int64 ?? 0, query: row[4].string, content: row[5].string ?? "null"))
                })
            }
        }
    }

    /// The content as one line of JSON: minified by SQLite, so that a stored document with
    /// line breaks cannot break an NDJSON line, and a text that is not JSON as a JSON string.
    static let content = "iif(json_valid(content), json(content), json_quote(content))"

    /// The statement that reads `view`: each item's latest version, or every version,
    /// in item order (which the views' indexes give without sorting), and its arguments.
    static func query(_ view: View, request: ExportRequest) -> (String, [SQLValue]) {
        var arguments: [SQLValue] = []
        var conditions: [String] = []
        let provider: String
        let order: String
        if let label = view.provider {
            provider = "? AS provider"
            arguments.append(.text(label))
            order = "item"
        } else {
            provider = "provider"
            order = "provider, item"
            if let only = view.only {
                conditions.append("provider = ?")
                arguments.append(.text(only))
            }
        }
        let since = request.since.map { SQLValue.real($0.timeIntervalSince1970) }
        let table = Store.quoted(view.name)
        let sql: String
        if request.everyVersion {
            if let since {
                conditions.append("fetched_at >= ?")
                arguments.append(since)
            }
            let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
            sql = "SELECT \(provider), item, fetched_at, hash, query, \(content) FROM \(table)\(filter) ORDER BY \(order), fetched_at"
        } else {
            // SQLite takes a bare column's value from the row that has the max(): the latest version's.
            let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
            var outer = ""
            if let since {
                outer = " WHERE fetched_at >= ?"
                arguments.append(since)
            }
            sql = "SELECT \(provider), item, fetched_at, hash, query, \(content) FROM (SELECT "
                + (view.provider == nil ? "provider, " : "") + "item, max(fetched_at) AS fetched_at, hash, query, content FROM \(table)"
                + "\(filter) GROUP BY \(order) ORDER BY \(order))\(outer)"
        }
        return (sql, arguments)
    }
}
