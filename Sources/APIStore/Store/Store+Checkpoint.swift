#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// When a store that keeps its WAL across processes (`checkpointOnClose: false`)
/// copies it into the database file.
extension Store {
    /// Past this many bytes of WAL, a commit checkpoints and empties it.
    ///
    /// Every process that opens the store first rebuilds its WAL index by reading the
    /// whole WAL: ~1 ms per MiB here (a cache hit went from 8.0 to 9.0 ms with 1.3 MB
    /// left in the WAL). So the WAL is kept small, while a checkpoint (three `fsync`s)
    /// is paid once per ~1 MiB written, not by every process that writes: a cache miss
    /// writes ~30 pages (120 KiB).
    public static let largeWALBytes: Int64 = 1 << 20

    /// After a commit: when the WAL has grown past ``largeWALBytes``, copies it into
    /// the database file and truncates it to nothing, without waiting for readers.
    /// A reader elsewhere can keep part of it from being copied or the file from being
    /// emptied; then a later commit tries again. Never an error: the data is committed.
    /// Copies the WAL into the database file and empties it, now, without waiting for
    /// readers; never an error (a reader can hold it back, as above).
    ///
    /// For a schema just made or changed: that happens once per store and version, and
    /// its pages (a new store's are ~34, over 500 KB of WAL at 16 KiB a page) would
    /// otherwise be read again by every process that opens the store (the WAL index is
    /// rebuilt from the whole WAL) until ``largeWALBytes`` more were written.
    public func checkpoint() {
        guard !checkpointsOnClose else { return }
        connection.withLock { database in
            guard !database.isReadOnly else { return }
            Self.truncateWAL(database)
        }
    }

    static func checkpointIfLarge(_ database: Database, path: String) {
        guard let size = FileStatus(path: path + "-wal")?.size, size > largeWALBytes else { return }
        truncateWAL(database)
    }

    /// Copies the WAL into the file and empties it, without waiting for readers.
    private static func truncateWAL(_ database: Database) {
        database.withoutWaiting {
            _ = try? database.query("PRAGMA wal_checkpoint(TRUNCATE)", [])
        }
    }
}
