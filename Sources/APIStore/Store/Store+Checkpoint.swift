#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// When a store that keeps its WAL across processes (`checkpointOnClose: false`)
/// copies it into the database file.
extension Store {
    /// Past this many bytes of WAL, a commit checkpoints it and starts it over.
    ///
    /// Every process that opens the store first rebuilds its WAL index by reading the
    /// WAL's frames, a cost that grows with the WAL (docs/design/0035-store-files.md). So
    /// the WAL is kept small, while a checkpoint (three `fsync`s) is paid once per ~1 MiB
    /// written, not by every process that writes: a cache miss writes a few dozen pages.
    public static let largeWALBytes: Int64 = 1 << 20

    /// Past this size a WAL that was copied whole is emptied rather than started over.
    ///
    /// A WAL that large came from a rare write (`store clear` of a large store, a
    /// migration that rewrote a table), not from an answer: the body's default cap is
    /// 32 MiB, and a page of that size leaves a smaller WAL. Its blocks are worth more given
    /// back than the time that freeing them takes.
    public static let keptWALBytes: Int64 = 64 << 20

    /// The header SQLite writes before each page in the WAL.
    static let walFrameHeaderBytes = 24

    /// Copies the WAL into the database file and empties it, now, without waiting for
    /// readers; never an error (a reader elsewhere can hold part of it back).
    ///
    /// For a schema just made or changed: that happens once per store and version, and
    /// its pages would otherwise be read again by every process that opens the store until
    /// ``largeWALBytes`` more were written.
    public func checkpoint() {
        guard !checkpointsOnClose else { return }
        connection.withLock { database in
            guard !database.isReadOnly else { return }
            database.withoutWaiting { database.emptyWAL() }
        }
    }

    /// After a commit: when the WAL holds more than ``largeWALBytes``, copies it into the
    /// database file and starts it over (``startWALOver(_:)``). What it holds is counted in
    /// frames (``Database/framesInWAL``), not read from its file's size, which a WAL
    /// started over keeps. Never an error: the data is committed, and a later commit
    /// tries again when a reader held the checkpoint back.
    static func checkpointIfLarge(_ database: Database) {
        guard holdsLargeWAL(database) else { return }
        startWALOver(database)
    }

    /// Whether the WAL holds more than ``largeWALBytes`` after the connection's last commit.
    static func holdsLargeWAL(_ database: Database) -> Bool {
        Int64(database.framesInWAL) * Int64(database.pageSize + walFrameHeaderBytes) > largeWALBytes
    }

    /// Copies the WAL into the file and starts it over at its first frame, without
    /// waiting for readers and without freeing its blocks; empties it instead when it is
    /// larger than ``keptWALBytes``, or when it cannot be started over.
    ///
    /// Emptying a large WAL (`ftruncate`) was the slowest step after a large answer's
    /// commit: ext4 frees its blocks, and with `discard` it tells the device too
    /// (docs/design/0035-store-files.md). A WAL started over keeps its
    /// blocks, and later writes overwrite them in place (SQLite's own default: no
    /// `journal_size_limit`). One write starts it over: SQLite gives its header new
    /// salts, and the old frames after the new ones no longer match them, so a recovery
    /// stops there. That write (page 1, unchanged) costs what a fresh WAL's first write
    /// costs anyway, its header and one `fdatasync`, which the next writer is then spared.
    private static func startWALOver(_ database: Database) {
        database.withoutWaiting {
            // (busy, frames in the WAL, frames copied): all of it copied and no reader left in it.
            guard let copied = try? database.query("PRAGMA wal_checkpoint(RESTART)", []).first,
                copied[0].int == 0, let frames = copied[1].int, frames > 0, copied[2].int == frames
            else { return }
            let kept = (FileStatus(path: database.path + "-wal")?.size ?? 0) <= database.keptWALBytes
            // Not started over, every later open would read the whole WAL again: emptied instead.
            if !kept || !rewritePageOne(database) { database.emptyWAL() }
        }
    }

    /// Writes page 1 as it is (`PRAGMA user_version`, unchanged): the write that starts a
    /// WAL copied whole over. False when it could not be read or written.
    private static func rewritePageOne(_ database: Database) -> Bool {
        guard let version = (try? database.query("PRAGMA user_version", []))?.first?[0].int else { return false }
        return (try? database.executeScript("PRAGMA user_version = \(version)")) != nil
    }
}
