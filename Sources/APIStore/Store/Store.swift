import CSQLite
import Foundation
import Synchronization

/// The shared SQLite store: one connection behind a lock, transactions as closures.
///
/// `write` takes SQLite's write lock up front (`BEGIN IMMEDIATE`) so that two
/// processes wait on the busy timeout instead of failing half-way; any error in
/// the body rolls the whole transaction back and the first error is rethrown.
public final class Store: Sendable {
    public let path: String
    private let connection: Mutex<Database>

    /// Opens the store at `path` (`:memory:` for a private in-memory one), creating
    /// the parent folder with owner-only permissions when needed.
    public init(path: String, busyTimeout: Duration = .seconds(10)) throws {
        if path != ":memory:" {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            try? FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        let database = try Database(path: path, busyTimeout: busyTimeout)
        if path != ":memory:" {
            try database.executeScript("PRAGMA journal_mode = WAL;")
        }
        try database.executeScript("PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;")
        try database.executeScript(
            """
            CREATE TABLE IF NOT EXISTS apicli_migrations (
                owner TEXT NOT NULL, version INTEGER NOT NULL, applied_at REAL NOT NULL,
                PRIMARY KEY (owner, version));
            """)
        self.path = path
        self.connection = Mutex(database)
    }

    /// Runs `body` in one write transaction, committed whole or not at all.
    public func write<T: Sendable>(_ body: (Transaction) throws -> T) throws -> T {
        try transaction(begin: "BEGIN IMMEDIATE", body)
    }

    /// Runs `body` in one read transaction: a consistent snapshot.
    public func read<T: Sendable>(_ body: (Transaction) throws -> T) throws -> T {
        try transaction(begin: "BEGIN DEFERRED", body)
    }

    /// Applies `owner`'s migrations that have not run yet, each in its own transaction.
    ///
    /// Refuses a store whose recorded version for `owner` is newer than the last
    /// migration given: that file belongs to a newer apicli and is left untouched.
    public func migrate(owner: String, _ migrations: [Migration]) throws {
        let known = migrations.map(\.version).max() ?? 0
        let applied = try read { tx in
            try tx.query("SELECT version FROM apicli_migrations WHERE owner = ?", [.text(owner)]).compactMap { $0[0].int }
        }
        if let newest = applied.max(), newest > known {
            throw StoreError.newerSchema(owner: owner, found: newest, known: known)
        }
        let done = Set(applied)
        for migration in migrations.sorted(by: { $0.version < $1.version }) where !done.contains(migration.version) {
            do {
                try write { tx in
                    try migration.apply(tx)
                    try tx.execute(
                        "INSERT INTO apicli_migrations (owner, version, applied_at) VALUES (?, ?, ?)",
                        [.text(owner), .integer(Int64(migration.version)), Date().sql])
                }
            } catch let error as StoreError {
                if case .busy = error { throw error }
                throw StoreError.migrationFailed(owner: owner, version: migration.version, reason: error.description)
            }
        }
    }

    /// The highest migration recorded for `owner`, 0 when none.
    public func schemaVersion(owner: String) throws -> Int {
        try read { tx in
            try tx.queryOne("SELECT MAX(version) FROM apicli_migrations WHERE owner = ?", [.text(owner)])?[0].int ?? 0
        }
    }

    private func transaction<T: Sendable>(begin: String, _ body: (Transaction) throws -> T) throws -> T {
        try connection.withLock { database in
            do {
                try database.executeScript(begin)
            } catch let error as StoreError {
                throw Self.mapBusy(error, path: path)
            }
            do {
                let result = try body(Transaction(database: database))
                try database.executeScript("COMMIT")
                return result
            } catch {
                if database.isInTransaction { try? database.executeScript("ROLLBACK") }
                if let storeError = error as? StoreError { throw Self.mapBusy(storeError, path: path) }
                throw error
            }
        }
    }

    private static func mapBusy(_ error: StoreError, path: String) -> StoreError {
        if case let .sqlite(code, _, _) = error, code & 0xFF == SQLITE_BUSY || code & 0xFF == SQLITE_LOCKED {
            return .busy(path: path)
        }
        return error
    }
}
