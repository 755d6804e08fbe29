import APIBasics
import Dispatch

/// A checkpoint run on a connection and a thread of its own, while the writer goes on
/// with its next transaction (``Transaction/commitSoFar()``).
///
/// Why: a large answer's page leaves a WAL nearly as large as its rows, and copying it into
/// the database file (``Store/checkpointIfLarge(_:)``) ended the run on one core while the
/// other sat idle (docs/design/0034-answer-transactions.md). Committed before the answer is recorded, the page's
/// articles are copied while it is (the answer's rows, once; one row for NYT since its
/// migration 5), and the writer's own checkpoint after its last commit finds only that
/// last transaction's frames left to copy.
///
/// A `PASSIVE` checkpoint: it never waits for a lock and never stops the writer, who
/// appends after the frames it copies. It only copies what is committed, syncing the
/// WAL before and the file after, as the writer's own checkpoint does. It is never an
/// error: what it could not copy, the writer's checkpoint copies.
final class CheckpointBehind: Sendable {
    private let done = DispatchSemaphore(value: 0)

    private init() {}

    /// Starts copying the committed WAL of the store at `path`; nil when no thread or
    /// connection could be had (the writer's own checkpoint then copies it all).
    static func start(path: String) -> CheckpointBehind? {
        let behind = CheckpointBehind()
        let started = DetachedThread.start {
            Self.copy(path: path)
            behind.done.signal()
        }
        return started ? behind : nil
    }

    /// Waits until the copy is over and its connection closed.
    func wait() {
        done.wait()
    }

    private static func copy(path: String) {
        guard let database = try? Database(path: path, busyTimeout: .zero) else { return }
        // Its close must leave the WAL to the writer, not copy or delete it.
        database.keepWALOnClose()
        _ = try? database.executeScript("PRAGMA synchronous = NORMAL")
        _ = try? database.query("PRAGMA wal_checkpoint(PASSIVE)", [])
    }
}
