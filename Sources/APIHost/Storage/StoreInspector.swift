#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The store seen as a whole, for `apicli store info|clear|vacuum|check`.
///
/// Ownership follows the naming convention (see ``HostSchema``): `apicli_*` is
/// the host's, `<owner>_*` an owner's (a provider, or the provider-files engine,
/// whose tables hold many providers' rows), as the ``StoreLayout`` says. When
/// one owner's name prefixes another's (`nyt` and `nyt_books`), a table belongs
/// to the longest match.
public struct StoreInspector: Sendable {
    public let store: Store

    public init(store: Store) {
        self.store = store
    }

    /// Path, size, and each provider's rows, cache entries and last fetch, for
    /// the providers of `layout` in its order.
    ///
    /// Rows in shared tables (``StorageOwnership/shared``) count as the provider's
    /// their column names; a provider whose description is gone but whose rows
    /// are still stored there is listed after the others.
    public func info(layout: StoreLayout) throws -> StoreInfo {
        let size = store.fileSize()
        return try store.read { tx in
            let tables = try Store.tables(in: tx)
            let shared = try sharedRowCounts(layout, present: Set(tables.map(\.name)), in: tx)
            var listed = layout.providers
            for (owner, counts) in shared.sorted(by: { $0.key.owner < $1.key.owner }) {
                listed += counts.keys.filter { name in !listed.contains { $0.name == name } }.sorted().map { ($0, owner) }
            }
            var usage: [ProviderStorage] = []
            for (provider, storage) in listed {
                let own = storage.shared == nil
                    ? tables.filter { layout.owner(of: $0.name) == storage && !VersionsView.holdsVersions($0.name) } : []
                let cached = try tx.queryOne(
                    "SELECT COUNT(*) FROM apicli_http_cache WHERE provider = ?", [.text(provider)])?[0].int ?? 0
                var entry = ProviderStorage(
                    provider: provider, tables: own,
                    rows: own.filter { $0.kind != .virtual }.reduce(shared[storage]?[provider] ?? 0) { $0 + $1.rows },
                    cacheEntries: cached,
                    lastFetch: try HostSchema.lastFetch(provider: provider, in: tx))
                (entry.versions, entry.versionBytes) = try VersionsView.usage(
                    of: provider, storage: storage, present: Set(tables.map(\.name)), in: tx)
                usage.append(entry)
            }
            return StoreInfo(
                path: store.path, sizeBytes: size, providers: usage,
                hostTables: tables.filter { Self.isHostTable($0.name) },
                otherTables: tables.filter { !Self.isHostTable($0.name) && layout.owner(of: $0.name) == nil })
        }
    }

    /// For each owner of shared tables: its rows, by the provider each names.
    private func sharedRowCounts(
        _ layout: StoreLayout, present: Set<String>, in tx: Transaction
    ) throws -> [StorageOwnership: [String: Int]] {
        var counts: [StorageOwnership: [String: Int]] = [:]
        for owner in layout.owners {
            guard let shared = owner.shared else { continue }
            for table in shared.tables where present.contains(table) && !VersionsView.holdsVersions(table) {
                let column = Store.quoted(shared.providerColumn)
                for row in try tx.query("SELECT \(column), COUNT(*) FROM \(Store.quoted(table)) GROUP BY \(column)") {
                    guard let provider = row[0].string, let count = row[1].int else { continue }
                    counts[owner, default: [:]][provider, default: 0] += count
                }
            }
        }
        return counts
    }

    /// Deletes `provider`'s rows (its tables, FTS indexes included, or its rows
    /// of shared tables; its cache entries and fetch records) in one transaction;
    /// with nil, the rows of every owner `layout` knows, and of no other table:
    /// another program's tables in the same file are not apicli's to empty.
    /// Schemas stay, so nothing needs migrating again, and so does the rate-limit
    /// log: forgetting it would let the next runs exceed the quota.
    ///
    /// `layout` knows every provider, so that clearing `nyt` keeps
    /// `nyt_books_*` when `nyt_books` is a provider of its own.
    public func clear(provider: String?, layout: StoreLayout) throws -> StoreClearResult {
        if let provider, !HostSchema.isValidProviderName(provider) {
            throw StoreError.misuse(reason: "\(provider) is not a provider name")
        }
        var layout = layout
        if let provider, !layout.providers.contains(where: { $0.name == provider }) {
            layout = StoreLayout(providers: layout.providers + [(provider, .own(provider))], shared: layout.sharedMigrations)
        }
        let owners = provider.map { [layout.storage(of: $0)] } ?? layout.owners
        return try store.write { tx in
            // Children and parents are emptied in one go; check the keys at commit.
            try tx.execute("PRAGMA defer_foreign_keys = ON")
            let tables = try Store.tables(in: tx)
            let targets = tables.filter { table in
                guard !Self.isHostTable(table.name), let owner = layout.owner(of: table.name) else { return false }
                return owner.shared == nil && owners.contains(owner)
            }
            var rows = 0
            // Content first, so FTS sync triggers see their rows go; then the indexes. Children
            // before their parents, so that no cascade has to look for them (``childrenFirst``).
            for table in try Self.childrenFirst(targets.filter { $0.kind == .table }, in: tx) {
                try tx.execute("DELETE FROM \(Store.quoted(table.name))")
                rows += tx.changes
            }
            for table in targets where table.kind == .virtual {
                try Self.empty(virtualTable: table.name, in: tx)
            }
            let present = Set(tables.map(\.name))
            for case let shared? in owners.map(\.shared) {
                for table in shared.tables where present.contains(table) {
                    let filter = provider == nil ? "" : " WHERE \(Store.quoted(shared.providerColumn)) = ?"
                    try tx.execute("DELETE FROM \(Store.quoted(table))" + filter, provider.map { [.text($0)] } ?? [])
                    rows += tx.changes
                }
            }
            let filter = provider == nil ? "" : " WHERE provider = ?"
            let arguments: [SQLValue] = provider.map { [.text($0)] } ?? []
            try tx.execute("DELETE FROM apicli_http_cache" + filter, arguments)
            let cacheEntries = tx.changes
            try tx.execute("DELETE FROM apicli_fetches" + filter, arguments)
            return StoreClearResult(
                tables: targets.map(\.name), rows: rows, cacheEntries: cacheEntries, fetchRecords: tx.changes)
        }
    }

    /// Compacts the file (see ``Store/vacuum()``).
    public func vacuum() throws {
        try store.vacuum()
    }

    /// Problems found, one line each; empty when the store is healthy.
    ///
    /// Runs `PRAGMA integrity_check` and, since that does not look inside FTS5
    /// indexes on this SQLite, each FTS5 table's own `integrity-check` command
    /// (which, for an external-content table, also finds an index out of step
    /// with its content: rows deleted without the index being told).
    public func check() throws -> [String] {
        let problems = try store.integrityCheck()
        // The full-text check is a write command in SQLite's syntax: a store that cannot be
        // written gets the page-level check only, and is not called damaged for it.
        guard problems.isEmpty, !store.isReadOnly else { return problems }
        return try store.write { tx in
            let fts = try tx.query(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%USING fts5%'"
            ).compactMap { $0[0].string }
            return try fts.compactMap { name -> String? in
                let table = Store.quoted(name)
                do {
                    // rank = 1 also compares an external-content index with its content table.
                    try tx.execute("INSERT INTO \(table)(\(table), rank) VALUES ('integrity-check', 1)")
                    return nil
                } catch let error as StoreError where !error.isBusy {
                    return "\(name): \(error.description)"
                }
            }
        }
    }

    /// Empties an FTS5 table whatever its kind: `delete-all` is the only way
    /// for contentless and external-content tables (a plain DELETE would read
    /// the already emptied content table and leave the index stale), and a
    /// plain DELETE is the way for ordinary ones, which refuse `delete-all`.
    private static func empty(virtualTable name: String, in tx: Transaction) throws {
        let table = Store.quoted(name)
        do {
            try tx.execute("INSERT INTO \(table)(\(table)) VALUES ('delete-all')")
        } catch let error as StoreError where !error.isBusy {
            try tx.execute("DELETE FROM \(table)")
        }
    }

    static func isHostTable(_ name: String) -> Bool {
        name.lowercased().hasPrefix("apicli_")
    }
}
