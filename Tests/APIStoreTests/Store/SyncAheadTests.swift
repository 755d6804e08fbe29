import Foundation
import Testing
@testable import APIStore

/// ``SyncAhead`` flushes what a long transaction wrote while it runs: the WAL once it grew
/// by a step, both files once the transaction commits; and a store that syncs ahead
/// commits and rolls back exactly as one that does not.
@Suite struct SyncAheadTests {
    let directory: StoreDirectory

    init() throws {
        directory = try StoreDirectory()
    }

    /// Appends `count` bytes to the file at `path`, creating it.
    private func append(_ count: Int, to path: String) throws {
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
        }
        let handle = try #require(FileHandle(forWritingAtPath: path))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(repeating: 0x61, count: count))
    }

    /// Waits up to 30 seconds for `ahead` to have made `count` flushes, without holding
    /// one of the test runner's threads.
    private func waitForFlushes(_ count: Int, of ahead: SyncAhead) async throws -> Bool {
        try await waitUntil { ahead.flushCount >= count }
    }

    /// Waits until `ahead` finished a whole look that began after this call: two more
    /// looks than it had finished (the one under way may have begun before).
    private func waitForALookFromNow(of ahead: SyncAhead) async throws -> Bool {
        let finished = ahead.lookCount
        return try await waitUntil { ahead.lookCount >= finished + 2 }
    }

    /// Polls `condition` for up to 30 seconds: the bound is for a machine under load, and
    /// no assertion depends on how long it took.
    private func waitUntil(_ condition: () -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(30)
        while !condition(), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        return condition()
    }

    #if os(Linux)
    @Test func theWALIsFlushedOnceItGrewByAStepAndBothFilesOnceCommitting() async throws {
        let path = directory.path()
        try append(16_384, to: path)
        try append(0, to: path + "-wal")
        let ahead = try #require(SyncAhead.start(path: path))
        defer { ahead.stop() }
        // The thread takes the size the WAL grows from when it starts: a look finished, it has it.
        #expect(try await waitUntil { ahead.lookCount >= 1 })

        // Less than a step: a look that saw it flushed nothing.
        try append(Int(SyncAhead.step) / 2, to: path + "-wal")
        #expect(try await waitForALookFromNow(of: ahead))
        #expect(ahead.flushCount == 0)

        try append(Int(SyncAhead.step), to: path + "-wal")
        #expect(try await waitForFlushes(1, of: ahead))

        // Once committing, a change to either file is flushed at its next look.
        let before = ahead.flushCount
        ahead.committing()
        #expect(try await waitForFlushes(before + 1, of: ahead))
        let settled = ahead.flushCount
        try append(16_384, to: path)
        #expect(try await waitForFlushes(settled + 1, of: ahead))
    }
    #endif

    @Test func aStoreThatSyncsAheadCommitsAndRollsBackAsAnyOther() throws {
        let store = try Store(path: directory.path(), checkpointOnClose: false)
        try store.write { try $0.executeScript("CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT NOT NULL)") }
        let body = String(repeating: "x", count: 4_000)
        try store.write(syncingAhead: true) { tx in
            for _ in 0..<400 { try tx.execute("INSERT INTO t (body) VALUES (?)", [.text(body)]) }
        }
        // The commit's checkpoint still ran: the WAL the 1.6 MB wrote was started over.
        #expect(try WALStartOverTests.framesInWAL(directory.path()) == 1)
        struct Boom: Error {}
        #expect(throws: Boom.self) {
            try store.write(syncingAhead: true) { tx in
                try tx.execute("DELETE FROM t")
                throw Boom()
            }
        }
        #expect(try store.read { try $0.queryOne("SELECT COUNT(*) FROM t")?[0].int } == 400)
    }
}
