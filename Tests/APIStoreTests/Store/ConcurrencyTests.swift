import Foundation
import Synchronization
import Testing
import TestSupport
@testable import APIStore

/// Several connections (each `Store` is one, as each apicli process is) on one
/// file: the busy timeout and `BEGIN IMMEDIATE` must make them queue, never fail.
@Suite struct ConcurrencyTests {
    let directory: StoreDirectory

    init() throws {
        directory = try StoreDirectory()
    }

    /// Runs `body(index)` on `count` real threads at once (not the cooperative
    /// pool, which on 2 cores would run them two at a time) and collects errors.
    func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) throws -> Void) -> [String] {
        let errors = Mutex<[String]>([])
        let group = DispatchGroup()
        for index in 0..<count {
            group.enter()
            let thread = Thread {
                do { try body(index) } catch { errors.withLock { $0.append(String(describing: error)) } }
                group.leave()
            }
            thread.start()
        }
        group.wait()
        return errors.withLock { $0 }
    }

    @Test func eightWritersAndReadersOnOneFileLoseNothingAndNeverReportLocked() throws {
        let path = directory.path()
        try Store(path: path).write { tx in
            try tx.executeScript(
                """
                CREATE TABLE demo_rows (writer INTEGER, n INTEGER, payload TEXT, PRIMARY KEY (writer, n));
                CREATE TABLE demo_counter (total INTEGER NOT NULL);
                INSERT INTO demo_counter VALUES (0);
                """)
        }
        let writers = 8, transactions = 150, rowsPerTransaction = 20
        let errors = onThreads(writers) { writer in
            let store = try Store(path: path)
            for batch in 0..<transactions {
                try store.write { tx in
                    // Read first, write after: with a deferred transaction this is where
                    // a stale snapshot would fail ("database is locked") or lose an update.
                    let total = try tx.queryOne("SELECT total FROM demo_counter")?[0].int64 ?? -1
                    try tx.execute("UPDATE demo_counter SET total = ?", [.integer(total + Int64(rowsPerTransaction))])
                    for row in 0..<rowsPerTransaction {
                        let n = Int64(batch * rowsPerTransaction + row)
                        try tx.execute(
                            "INSERT INTO demo_rows (writer, n, payload) VALUES (?, ?, ?)",
                            [.integer(Int64(writer)), .integer(n), .text(String(repeating: "x", count: 200))])
                    }
                }
                // Readers interleave with the writers and always see whole batches.
                let seen = try store.read { tx in
                    try tx.queryOne("SELECT COUNT(*) FROM demo_rows WHERE writer = ?", [.integer(Int64(writer))])?[0].int ?? -1
                }
                guard seen % rowsPerTransaction == 0 else { throw StoreError.misuse(reason: "saw a partial batch: \(seen)") }
            }
        }
        #expect(errors.isEmpty, "\(errors.prefix(3))")
        let total = try Store(path: path).read { try $0.queryOne("SELECT COUNT(*) FROM demo_rows")?[0].int }
        #expect(total == writers * transactions * rowsPerTransaction)
        let counter = try Store(path: path).read { try $0.queryOne("SELECT total FROM demo_counter")?[0].int }
        #expect(counter == total)
        #expect(try Store(path: path).integrityCheck().isEmpty)
    }

    /// A real other process (python3's sqlite3) holds the write lock; our write
    /// waits for it instead of failing.
    @Test(.needs("python3")) func aWriteWaitsForAnotherProcessHoldingTheLock() throws {
        let path = directory.path()
        let store = try Store(path: path, busyTimeout: .seconds(20))
        try store.write { try $0.executeScript("CREATE TABLE demo_lock (who TEXT)") }
        let marker = directory.path("locked")
        let script = """
            import sqlite3, time, sys
            db = sqlite3.connect(sys.argv[1], isolation_level=None)
            db.execute("BEGIN IMMEDIATE")
            db.execute("INSERT INTO demo_lock VALUES ('python')")
            open(sys.argv[2], "w").close()
            time.sleep(0.7)
            db.execute("COMMIT")
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try RequiredTool.require("python3"))
        process.arguments = ["-c", script, path, marker]
        try process.run()
        // Bounded wait for the other process to hold the lock.
        for _ in 0..<500 where !FileManager.default.fileExists(atPath: marker) {
            usleep(10_000)
        }
        try #require(FileManager.default.fileExists(atPath: marker), "the helper process never took the lock")
        try store.write { try $0.execute("INSERT INTO demo_lock VALUES ('swift')") }
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let who = try store.read { try $0.query("SELECT who FROM demo_lock").compactMap { $0[0].string } }
        // The Swift write could only commit after the Python one.
        #expect(who == ["python", "swift"])
    }

    @Test func aLockHeldPastTheTimeoutIsReportedAsBusy() throws {
        let path = directory.path()
        let holder = try Store(path: path)
        let waiter = try Store(path: path, busyTimeout: .milliseconds(50))
        let error = try holder.write { _ in
            do {
                try waiter.write { try $0.executeScript("CREATE TABLE demo_never (x)") }
                return nil as StoreError?
            } catch let error as StoreError {
                return error
            }
        }
        #expect(error == .busy(path: path))
        #expect(error?.description.contains("locked by another apicli") == true)
    }
}
