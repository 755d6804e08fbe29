import APIBasics
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Flushes a long write transaction's files to the disk while it is still running, so that
/// the `fdatasync`s its commit and checkpoint end with find little left to write.
///
/// Why: a large answer's page is one transaction (all or nothing), and storing it is the
/// longest part of the run. At its end SQLite syncs the WAL, copies it into the database
/// file and syncs that: both flushes start only then, and each waits for every byte
/// written since the last one, so a large answer waits on the disk after its last row
/// (figures in docs/design/0035-store-files.md). Flushed while the rows are stored, the
/// same bytes reach the disk while the CPUs are busy with the rows.
///
/// A thread of its own looks at the WAL every ``rowsInterval`` and flushes it once it grew
/// by ``step``; from ``committing()`` on (the commit, the checkpoint) it looks every
/// ``commitInterval`` and flushes the WAL or the file whenever either changed.
///
/// Nothing is less durable or less atomic, and nothing is written: this only calls
/// `fdatasync` on the files SQLite writes, through descriptors of its own, read-only.
/// SQLite's own syncs still run, in its order (the WAL before the file is overwritten);
/// they find less to do. Frames flushed before their commit are ignored by recovery, as
/// any frame past the last commit is. Only Linux starts one (elsewhere ``start(path:)``
/// returns nil): it is where the figures were taken.
final class SyncAhead: Sendable {
    /// How often the WAL's size is looked at while the rows are stored, in microseconds.
    static var rowsInterval: UInt32 { 10_000 }
    /// How often both files are looked at once the transaction commits: the longest
    /// the thread lingers after ``stop()``, which does not wait for it.
    static var commitInterval: UInt32 { 3_000 }
    /// The WAL's growth that is flushed at once: the flush is paid per call, not per byte.
    static var step: Int64 { 2 << 20 }

    private struct State {
        var committing = false
        var stopped = false
        /// How many flushes it made: for tests.
        var flushes = 0
        /// How many looks it finished, each with its flush if it made one: for tests, which
        /// wait for a look that began after they changed a file instead of for a time.
        var looks = 0
    }

    private let state = Mutex(State())

    private init() {}

    /// Starts flushing the store at `path` (its WAL is `path-wal`); nil where no thread
    /// could be started or the platform is not Linux.
    static func start(path: String) -> SyncAhead? {
        #if os(Linux)
        let ahead = SyncAhead()
        return DetachedThread.start { ahead.run(database: path, wal: path + "-wal") } ? ahead : nil
        #else
        return nil
        #endif
    }

    /// The rows are stored; from now on the commit and the checkpoint write both files.
    func committing() {
        state.withLock { $0.committing = true }
    }

    /// Stops the thread. It is not waited for: it ends at its next look, within
    /// ``commitInterval``, and only ever holds descriptors of its own.
    func stop() {
        state.withLock { $0.stopped = true }
    }

    var flushCount: Int { state.withLock { $0.flushes } }

    var lookCount: Int { state.withLock { $0.looks } }

    #if os(Linux)
    private func run(database: String, wal: String) {
        var walFile = Watched(path: wal)
        var databaseFile = Watched(path: database)
        defer {
            walFile.close()
            databaseFile.close()
        }
        var flushedWAL = walFile.look()?.size ?? 0
        var committing = false
        while true {
            usleep(committing ? Self.commitInterval : Self.rowsInterval)
            let stopped: Bool
            (stopped, committing) = state.withLock { ($0.stopped, $0.committing) }
            guard !stopped else { return }
            var flushed = 0
            if !committing {
                if let size = walFile.look()?.size, size - flushedWAL >= Self.step {
                    walFile.flush()
                    flushed += 1
                    flushedWAL = size
                }
            } else {
                if walFile.changed() { walFile.flush(); flushed += 1 }
                if databaseFile.changed() { databaseFile.flush(); flushed += 1 }
            }
            state.withLock {
                $0.flushes += flushed
                $0.looks += 1
            }
        }
    }

    /// One file, opened read-only (enough for `fdatasync`), and what it looked like last.
    private struct Watched {
        let descriptor: Int32
        private var lastSize: Int64 = -1
        private var lastModified = timespec()

        init(path: String) {
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
        }

        func look() -> (size: Int64, modified: timespec)? {
            guard descriptor >= 0 else { return nil }
            var status = stat()
            guard fstat(descriptor, &status) == 0 else { return nil }
            return (Int64(status.st_size), status.st_mtim)
        }

        /// Whether its size or modification time moved since the last call.
        mutating func changed() -> Bool {
            guard let now = look() else { return false }
            let moved = now.size != lastSize || now.modified.tv_sec != lastModified.tv_sec
                || now.modified.tv_nsec != lastModified.tv_nsec
            lastSize = now.size
            lastModified = now.modified
            return moved
        }

        func flush() {
            // A failed flush costs nothing: SQLite's own sync of the same file still runs.
            _ = fdatasync(descriptor)
        }

        func close() {
            if descriptor >= 0 { _ = Glibc.close(descriptor) }
        }
    }
    #endif
}
