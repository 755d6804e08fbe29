import Foundation
import Testing
import TestSupport

/// Ctrl-C during a long `apicli store sql`: a process is the point (SIGINT is sent to
/// one). Reading, refusing writes and `store schema` are tested in-process
/// (`APIHostTests`: `StoreSQLTests`, `StoreCommandTests`; `NYTTests`: `NYTSchemaTests`).
@Suite("store sql interrupted, end to end")
struct StoreSQLEndToEndTests {
    /// A store filled by one NYT search and one forecast, through the loopback fixtures.
    static func filledSandbox() async throws -> Sandbox {
        let (sandbox, _) = try Sandbox.withFixtures()
        #expect(try await sandbox.run(["nyt", "election"]).exitCode == 0)
        #expect(try await sandbox.run(["weather", "Rostov"]).exitCode == 0)
        return sandbox
    }

    @Test("Ctrl-C cancels a long query: exit 130, the store untouched")
    func interruptCancels() async throws {
        let sandbox = try await Self.filledSandbox()
        let before = try Data(contentsOf: URL(fileURLWithPath: sandbox.databasePath))
        let process = Process()
        process.executableURL = try ProcessRunner.apicliExecutable()
        process.arguments = [
            "store", "sql", "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT COUNT(*) FROM n",
        ]
        process.environment = sandbox.environment()
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        try await Task.sleep(for: .milliseconds(700))
        #expect(process.isRunning)
        process.interrupt()
        let deadline = ContinuousClock.now + .seconds(10)
        while process.isRunning && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        let message = String(decoding: errors.fileHandleForReading.availableData, as: UTF8.self)
        #expect(message.contains("interrupted"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: sandbox.databasePath)) == before)
    }

    /// The database file and its WAL: the data. (The `-shm` index is SQLite's
    /// shared memory, which every reader updates, and holds no data.) Other binary
    /// tests compare it before and after a run.
    static func data(_ sandbox: Sandbox) -> Data {
        ["", "-wal"].reduce(into: Data()) { bytes, suffix in
            bytes.append((try? Data(contentsOf: URL(fileURLWithPath: sandbox.databasePath + suffix))) ?? Data())
        }
    }
}
