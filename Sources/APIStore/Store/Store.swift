import CSQLite
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import APIBasics
import Synchronization

/// The shared SQLite store: one connection behind a lock, transactions as closures.
///
/// `write` takes SQLite's write lock up front (`BEGIN IMMEDIATE`) so that two
/// processes wait on the busy timeout instead of failing half-way; any error in
/// the body rolls the whole transaction back and the first error is rethrown.
///
/// Durability choice: WAL with `synchronous = NORMAL`. In WAL mode a commit is
/// one append of frames to the `-wal` file ended by a commit frame, and readers
/// and recovery ignore frames after the last complete commit; so a transaction
/// (a replaced result set) is applied whole or not at all whatever the moment a
/// process is killed, `kill -9` included, and also across a power loss. What
/// `NORMAL` gives up, against `FULL`, is only the durability of the very last
/// commits after a power loss or OS crash (not after a process kill: the data
/// is already in the OS's page cache): those commits roll back as a whole on
/// the next open. For a cache of web results that can be fetched again, that
/// is the right trade for one `fsync` fewer per write.
///
/// Every `Store` is its own connection. Two `Store`s on one file (in one
/// process or several) are coordinated by SQLite's file locks and the busy
/// timeout, exactly as two apicli processes are. Do not call `write`/`read`
/// from inside a body of the same store: the lock is not reentrant.
public final class Store: Sendable {
    public let path: String
    public let busyTimeout: Duration
    /// False when the WAL is left for ``checkpointIfLarge(_:)`` instead of the last close.
    let checkpointsOnClose: Bool
    let connection: Mutex<Database>

    /// Opens the store at `path` (`:memory:` for a private in-memory one), creating
    /// the parent folder with owner-only permissions when needed.
    ///
    /// Opening never changes an existing database's content: it switches the
    /// journal to WAL (a no-op when it already is) and creates the migrations
    /// table only when it is missing, so a store from a newer apicli is left as
    /// it was until ``migrate(owner:_:)`` refuses it.
    ///
    /// With `readOnly` (`--offline` on a store that cannot be written), an
    /// existing file is opened for reading only: nothing is created or changed.
    /// SQLite also falls back to reading only by itself when the file is not
    /// writable; ``isReadOnly`` tells either way.
    ///
    /// `checkpointOnClose: false` leaves the WAL as it is when the last connection
    /// closes, instead of copying it into the database file there and then (SQLite's
    /// default). That copy is what costs a short-lived process that wrote a little
    /// its `fsync`s: the WAL's before the copy and the file's after, and, since the
    /// WAL is then deleted, the next writer's sync of a new WAL header and of the
    /// folder. Left in place, the WAL is copied by the automatic checkpoint once it
    /// holds ``largeWALBytes``, by whichever commit crosses that. Nothing
    /// is less durable or less atomic: the WAL is part of the database, every reader
    /// and recovery reads it, and commits stay whole (see the type's comment).
    public init(
        path: String, busyTimeout: Duration = .seconds(10), readOnly: Bool = false, checkpointOnClose: Bool = true
    ) throws {
        let inMemory = Database.isInMemory(path)
        if !inMemory && !readOnly { Self.makeFolder(of: path) }
        let database = try Self.openDatabase(
            path: path, busyTimeout: busyTimeout, readOnly: readOnly, inMemory: inMemory, building: false)
        if !checkpointOnClose && !database.isReadOnly { database.keepWALOnClose() }
        self.path = path
        self.busyTimeout = busyTimeout
        self.checkpointsOnClose = checkpointOnClose
        self.connection = Mutex(database)
    }

    /// A new file being made whole (``makeWhole(at:_:)``): no journal and no syncs, since a
    /// build that fails or is cut off is thrown away, never opened.
    init(building path: String) throws {
        let database = try Self.openDatabase(
            path: path, busyTimeout: .zero, readOnly: false, inMemory: false, building: true)
        self.path = path
        self.busyTimeout = .zero
        self.checkpointsOnClose = true
        self.connection = Mutex(database)
    }

    /// The folder of the store at `path`, made owner-only when it is missing.
    static func makeFolder(of path: String) {
        // `PathText`, not `URL`: the URL's path is a noticeable part of a short run's start.
        let folder = PathText.folder(of: path)
        guard !folder.isEmpty else { return }
        try? FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    /// Whether writes will fail: the store was opened read-only, or its file is not writable.
    public var isReadOnly: Bool { connection.withLock { $0.isReadOnly } }

    /// Runs `body` in one write transaction, committed whole or not at all (unless the body
    /// commits its first part itself, ``Transaction/commitSoFar()``).
    ///
    /// `syncingAhead`: for a transaction that writes for long (a large answer's page),
    /// its files are flushed to the disk while `body` runs (``SyncAhead``), so that its
    /// commit and checkpoint end sooner; a short write would pay a thread for nothing.
    public func write<T: Sendable>(syncingAhead: Bool = false, _ body: (Transaction) throws -> T) throws -> T {
        try transaction(readOnly: false, syncingAhead: syncingAhead, body)
    }

    /// Runs `body` in one read transaction: a consistent snapshot. Writes are refused.
    public func read<T: Sendable>(_ body: (Transaction) throws -> T) throws -> T {
        try transaction(readOnly: true, syncingAhead: false, body)
    }

    /// The highest migration recorded for `owner`, 0 when none.
    public func schemaVersion(owner: String) throws -> Int {
        try read { tx in
            try tx.queryOne("SELECT MAX(version) FROM apicli_migrations WHERE owner = ?", [.text(owner)])?[0].int ?? 0
        }
    }

    private func transaction<T: Sendable>(
        readOnly: Bool, syncingAhead: Bool, _ body: (Transaction) throws -> T
    ) throws -> T {
        let path = self.path
        return try connection.withLock { database in
            do throws(StoreError) {
                try database.executeScript(readOnly ? "BEGIN DEFERRED" : "BEGIN IMMEDIATE")
            } catch {
                throw Self.mapBusy(error, path: path)
            }
            // After the checkpoint below, which it flushes too.
            let ahead = syncingAhead && !readOnly && !database.isInMemory ? SyncAhead.start(path: path) : nil
            let transaction = Transaction(
                database: database, readOnly: readOnly, checkpointsBehind: !readOnly && !checkpointsOnClose, ahead: ahead)
            defer {
                transaction.close()
                transaction.waitBehind()
                ahead?.stop()
            }
            do {
                let result = try body(transaction)
                transaction.close()
                ahead?.committing()
                try database.executeScript("COMMIT")
                // Its own checkpoint finds copied what `commitSoFar` committed.
                transaction.waitBehind()
                if !readOnly && !checkpointsOnClose { Self.checkpointIfLarge(database) }
                return result
            } catch {
                // The first error wins: a failing ROLLBACK must not hide why we got here.
                if database.isInTransaction { try? database.executeScript("ROLLBACK") }
                if let storeError = error as? StoreError { throw Self.mapBusy(storeError, path: path) }
                throw error
            }
        }
    }

    private static func openDatabase(
        path: String, busyTimeout: Duration, readOnly: Bool, inMemory: Bool, building: Bool
    ) throws(StoreError) -> Database {
        let database = try Database(path: path, busyTimeout: busyTimeout, readOnly: readOnly)
        try whileBusy(path: path, timeout: busyTimeout) { () throws(StoreError) in
            try configure(database, path: path, inMemory: inMemory, building: building)
        }
        return database
    }

    /// WAL, 16 KiB pages for a new file, foreign keys, `synchronous = NORMAL`, a 1 MiB page
    /// cache, the migrations table, and apicli's mark in the header (``mark(_:inMemory:)``).
    ///
    /// The pages: a large answer's commit and checkpoint write its pages one system call
    /// each, a quarter as many at 16 KiB (docs/design/0035-store-files.md); the
    /// larger WAL frames of small writes are why a new schema is checkpointed (``checkpoint()``).
    ///
    /// The cache: when each article was upserted through the FTS5 trigger, a 2 MiB cache
    /// made a 20,000-article transaction spill dirty pages to the WAL again and again,
    /// writing many times its data, so it was 8 MiB. Stored in bulk, that write spills
    /// little at 2 MiB, and a large write fills whatever cache it is given, so the larger
    /// cache only raised the peak (docs/design/0035-store-files.md).
    ///
    /// `building`: a file made whole before it is linked into place (``makeWhole(at:_:)``)
    /// has no journal and is never synced by SQLite; it is switched to WAL once built.
    private static func configure(_ database: Database, path: String, inMemory: Bool, building: Bool) throws(StoreError) {
        if database.isReadOnly {
            // Reading needs no setup, and any write would fail: check only that it is a database.
            _ = try database.query("SELECT COUNT(*) FROM sqlite_master", [])
            return
        }
        if building {
            try database.executeScript("PRAGMA page_size = 16384")
            _ = try database.query("PRAGMA journal_mode = OFF", [])
        } else if !inMemory {
            // Before anything is written: not the journal mode, not the migrations table, not the mark.
            try refuseForeign(database, path: path)
            let mode = try database.query("PRAGMA journal_mode", []).first?[0].string?.lowercased()
            if mode != "wal" {
                // Only a new file takes it: an existing one keeps its page size (it would need a VACUUM).
                try database.executeScript("PRAGMA page_size = 16384")
                _ = try database.query("PRAGMA journal_mode = WAL", [])
            }
        }
        // No `journal_size_limit`: a WAL that a large write grew keeps its blocks (``checkpointIfLarge(_:)``).
        // A store being built writes each page once: 8 pages of cache, not 64 left on the heap after it.
        try database.executeScript(
            """
            PRAGMA foreign_keys = ON; PRAGMA synchronous = \(building ? "OFF" : "NORMAL");
            PRAGMA cache_size = \(building ? "8" : "-1024");
            """)
        let exists = try database.query(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'apicli_migrations'", [])
        if exists.isEmpty {
            try database.executeScript(
                """
                CREATE TABLE IF NOT EXISTS apicli_migrations (
                    owner TEXT NOT NULL, version INTEGER NOT NULL, applied_at REAL NOT NULL,
                    PRIMARY KEY (owner, version));
                """)
        }
        try mark(database, inMemory: inMemory)
    }

    /// Throws ``StoreError/foreign(path:why:)`` when the file is not an apicli store nor blank
    /// (``StoreIdentity``), having only read it.
    private static func refuseForeign(_ database: Database, path: String) throws(StoreError) {
        func number(_ pragma: String) throws(StoreError) -> Int32 {
            Int32(truncatingIfNeeded: try database.query("PRAGMA \(pragma)", []).first?[0].int ?? 0)
        }
        let applicationID = try number("application_id")
        guard applicationID != Store.applicationID else { return }
        let identity = StoreIdentity.read(applicationID: applicationID, userVersion: try number("user_version")) { sql in
            try? database.query(sql, []).map { row in row.values.map(\.string) }
        }
        if case let .foreign(why)? = identity { throw .foreign(path: path, why: why) }
    }

    /// Retries `body` while SQLite reports busy, up to `timeout`.
    ///
    /// The busy handler covers most waits, but not all: switching the journal
    /// mode while another process opens the same new file can report busy at
    /// once, and a CLI started twenty times in parallel must not fail on that.
    static func whileBusy(path: String, timeout: Duration, _ body: () throws(StoreError) -> Void) throws(StoreError) {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            do {
                return try body()
            } catch where error.isBusy && ContinuousClock.now < deadline {
                usleep(10_000)
            } catch where error.isBusy {
                throw .busy(path: path)
            }
        }
    }

    static func mapBusy(_ error: StoreError, path: String) -> StoreError {
        error.isBusy ? .busy(path: path) : error
    }
}

extension StoreError {
    /// Whether SQLite gave up waiting for another connection's lock.
    public var isBusy: Bool {
        switch self {
        case .busy: true
        case let .sqlite(code, _, _): code & 0xFF == SQLITE_BUSY || code & 0xFF == SQLITE_LOCKED
        default: false
        }
    }

    /// Whether the file is damaged or not a database at all (`SQLITE_CORRUPT`, `SQLITE_NOTADB`).
    public var isDamage: Bool {
        problem == .damaged || problem == .notADatabase
    }
}
