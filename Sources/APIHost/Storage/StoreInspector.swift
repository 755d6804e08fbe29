#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The store seen as a whole, for `apicli store info|clear|vacuum|check`.
///
/// Ownership follows the naming convention (see ``HostSchema``): `apicli_*` is
/// the host's, `<provider>_*` a provider's. When one provider's name prefixes
/// another's (`nyt` and `nyt_books`), a table belongs to the longest match.
public struct StoreInspector: Sendable {
    public let store: Store

    public init(store: Store) {
        self.store = store
    }

    /// Path, size, and each of `providers`' rows, cache entries and last fetch.
    ///
    /// A file provider's rows live in the host's generic tables (see
    /// ``FileItemSchema``) and count as its own; one whose file is gone but whose
    /// rows are still stored is listed after `providers`.
    public func info(providers: [String]) throws -> StoreInfo {
        let size = store.fileSize()
        return try store.read { tx in
            let tables = try Store.tables(in: tx)
            let fileRows = try FileItemStore.rowCounts(in: tx)
            var usage: [ProviderStorage] = []
            for provider in providers + fileRows.keys.filter({ !providers.contains($0) }).sorted() {
                let own = tables.filter { Self.owner(of: $0.name, among: providers) == provider }
                let cached = try tx.queryOne(
                    "SELECT COUNT(*) FROM apicli_http_cache WHERE provider = ?", [.text(provider)])?[0].int ?? 0
                usage.append(
                    ProviderStorage(
                        provider: provider, tables: own,
                        rows: own.filter { $0.kind == .table }.reduce(fileRows[provider] ?? 0) { $0 + $1.rows },
                        cacheEntries: cached,
                        lastFetch: try HostSchema.lastFetch(provider: provider, in: tx)))
            }
            return StoreInfo(
                path: store.path, sizeBytes: size, providers: usage,
                hostTables: tables.filter { Self.isHostTable($0.name) },
                otherTables: tables.filter { !Self.isHostTable($0.name) && Self.owner(of: $0.name, among: providers) == nil })
        }
    }

    /// Deletes `provider`'s rows (its tables, FTS indexes included, its cache
    /// entries and fetch records) in one transaction; with nil, every
    /// provider's. Schemas stay, so nothing needs migrating again, and so does
    /// the rate-limit log: forgetting it would let the next runs exceed the quota.
    ///
    /// `providers` lists the known provider names, so that clearing `nyt` keeps
    /// `nyt_books_*` when `nyt_books` is a provider of its own.
    public func clear(provider: String?, among providers: [String] = []) throws -> StoreClearResult {
        if let provider, !HostSchema.isValidProviderName(provider) {
            throw StoreError.misuse(reason: "\(provider) is not a provider name")
        }
        let known = Array(Set(providers + [provider].compactMap { $0 }))
        return try store.write { tx in
            // Children and parents are emptied in one go; check the keys at commit.
            try tx.execute("PRAGMA defer_foreign_keys = ON")
            let targets = try Store.tables(in: tx).filter { table in
                guard !Self.isHostTable(table.name) else { return false }
                guard let provider else { return true }
                return Self.owner(of: table.name, among: known) == provider
            }
            var rows = 0
            // Content first, so FTS sync triggers see their rows go; then the indexes.
            for table in targets where table.kind == .table {
                try tx.execute("DELETE FROM \(Store.quoted(table.name))")
                rows += tx.changes
            }
            for table in targets where table.kind == .virtual {
                try Self.empty(virtualTable: table.name, in: tx)
            }
            rows += try FileItemStore.clear(provider: provider, in: tx)
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

    /// The provider whose `<name>_` prefix is the longest match for `table`.
    static func owner(of table: String, among providers: [String]) -> String? {
        providers.filter { table.hasPrefix($0 + "_") }.max { $0.count < $1.count }
    }
}
