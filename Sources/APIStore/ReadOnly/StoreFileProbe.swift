import CSQLite
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// What is at a store's path, found before anything opens it for writing.
///
/// Opening a path with SQLite is not harmless: on a FIFO it blocks for ever, on
/// `/dev/null` it creates `/dev/null-journal`, and a read-write open of another
/// program's database switches it to WAL and adds apicli's tables. So the host looks
/// first: the file type from `stat(2)`, then, for an SQLite file, its header and schema,
/// read without changing a byte or creating a file (see ``look(at:)``), and decides by
/// ``StoreIdentity`` what it is.
public enum StoreFileProbe {
    public enum Finding: Sendable, Equatable {
        /// Nothing at the path (a dangling link counts as nothing).
        case missing
        /// Something that is not a regular file: a folder, a FIFO, a device.
        case notRegularFile(FileStatus.Kind)
        /// An empty file, or an SQLite file with nothing in it (no schema, no `user_version`): a store to be.
        case blank
        /// apicli's mark, or apicli's `apicli_migrations`: an apicli store.
        case store
        /// Another program's SQLite database, and why (``StoreIdentity``).
        case foreign(why: String)
        /// Not readable as SQLite here (not a database, damaged, locked): the open that follows says why.
        case unreadable
    }

    /// The header every SQLite 3 database file starts with.
    static let magic = Array("SQLite format 3\0".utf8)

    /// Looks at `path` without creating or changing anything.
    ///
    /// A file whose header carries apicli's application ID (``Store/applicationID``) is
    /// a store, known from its first 100 bytes. Any other SQLite file is told by its tables.
    /// The schema is read through a read-only connection that creates no file: a WAL
    /// database with no `-wal` file has no connection open (the first one creates it),
    /// so its main file is complete and is read as `immutable`; otherwise (a `-wal`
    /// exists, or the rollback journal is used) a plain read-only open reads it, which
    /// creates nothing that is not already there.
    public static func look(at path: String) -> Finding {
        guard let status = FileStatus(path: path) else { return .missing }
        guard status.kind == .regular else { return .notRegularFile(status.kind) }
        guard status.size > 0 else { return .blank }
        guard let header = Self.firstBytes(100, of: path), header.count == 100, Array(header.prefix(16)) == magic else {
            return .unreadable
        }
        // A store apicli has written carries its mark: nothing more to read.
        if Store.isMarked(header: header) { return .store }
        let walMode = header[18] == 2 && header[19] == 2
        let immutable = walMode && FileStatus(path: path + "-wal") == nil
        var handle: OpaquePointer?
        let name = immutable ? ReadOnlyOpening.immutableURI(path) : path
        let flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | (immutable ? SQLITE_OPEN_URI : 0)
        SQLiteLibrary.prepare()
        defer { sqlite3_close_v2(handle) }
        guard sqlite3_open_v2(name, &handle, flags, nil) == SQLITE_OK, let handle else { return .unreadable }
        let identity = StoreIdentity.read(
            applicationID: StoreIdentity.headerField(header, at: 68), userVersion: StoreIdentity.headerField(header, at: 60)
        ) { sql in rows(sql, on: handle) }
        switch identity {
        case .store?: return .store
        case .blank?: return .blank
        case let .foreign(why)?: return .foreign(why: why)
        case nil: return .unreadable
        }
    }

    /// Every row of `sql` on `handle`, its columns as text; nil when the query fails.
    private static func rows(_ sql: String, on handle: OpaquePointer) -> [[String?]]? {
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else { return nil }
        var rows: [[String?]] = []
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { return rows }
            guard code == SQLITE_ROW else { return nil }
            rows.append((0..<sqlite3_column_count(statement)).map { column in
                sqlite3_column_text(statement, column).map { String(cString: $0) }
            })
        }
    }

    /// Up to `count` bytes from the start of the regular file at `path`; nil when it cannot be read.
    private static func firstBytes(_ count: Int, of path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return -1 }
                return read(descriptor, base + filled, count - filled)
            }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { break }
            filled += got
        }
        return Array(bytes.prefix(filled))
    }
}
