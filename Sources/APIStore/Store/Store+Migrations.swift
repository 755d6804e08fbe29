#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Store {
    /// Applies `owner`'s migrations that have not run yet, each in its own
    /// write transaction together with its record in `apicli_migrations`.
    ///
    /// - A failed migration is rolled back whole, its record included, and
    ///   reported as ``StoreError/migrationFailed(owner:version:reason:)``;
    ///   earlier ones stay applied.
    /// - A store whose recorded version for `owner` is above the last migration
    ///   given belongs to a newer apicli: it is refused with
    ///   ``StoreError/newerSchema(owner:found:known:)`` before anything is written.
    /// - Several processes may migrate at once: the applied set is read again
    ///   under the write lock, so each migration runs exactly once.
    ///
    /// Returns whether this call applied any.
    @discardableResult
    public func migrate(owner: String, _ migrations: [Migration]) throws -> Bool {
        let versions = migrations.map(\.version)
        guard Set(versions).count == versions.count, versions.allSatisfy({ $0 > 0 }) else {
            throw StoreError.misuse(reason: "\(owner) migrations must have distinct versions from 1")
        }
        let known = versions.max() ?? 0
        let applied = try read { tx in try Self.appliedVersions(owner: owner, in: tx) }
        try Self.refuseNewer(applied, owner: owner, known: known)
        var ran = false
        for migration in migrations.sorted(by: { $0.version < $1.version }) where !applied.contains(migration.version) {
            do {
                ran = try write { tx in
                    let current = try Self.appliedVersions(owner: owner, in: tx)
                    try Self.refuseNewer(current, owner: owner, known: known)
                    guard !current.contains(migration.version) else { return ran }
                    try migration.apply(tx)
                    try tx.execute(
                        "INSERT INTO apicli_migrations (owner, version, applied_at) VALUES (?, ?, ?)",
                        [.text(owner), .integer(Int64(migration.version)), Date().sql])
                    return true
                }
            } catch let error as StoreError {
                // A store that is locked, newer, read-only or damaged says so itself.
                guard error.problem == .other else { throw error }
                throw StoreError.migrationFailed(owner: owner, version: migration.version, reason: error.description)
            } catch {
                throw StoreError.migrationFailed(
                    owner: owner, version: migration.version, reason: String(describing: error))
            }
        }
        return ran
    }

    private static func appliedVersions(owner: String, in tx: Transaction) throws -> Set<Int> {
        Set(try tx.query("SELECT version FROM apicli_migrations WHERE owner = ?", [.text(owner)]).compactMap { $0[0].int })
    }

    private static func refuseNewer(_ applied: Set<Int>, owner: String, known: Int) throws(StoreError) {
        if let newest = applied.max(), newest > known {
            throw .newerSchema(owner: owner, found: newest, known: known)
        }
    }
}
