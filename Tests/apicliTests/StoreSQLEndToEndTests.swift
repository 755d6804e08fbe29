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
        // Not after a time: once the query runs, as the process itself shows it.
        #expect(try await Self.queryRuns(process.processIdentifier), "the query never started")
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

    /// Waits (up to 30 s) until process `pid` runs its query: it catches SIGINT, which
    /// `store sql` does only around the query (its signal source's handler: Ctrl-C then
    /// interrupts the query, not the process), and from then on it has used a fifth of a
    /// second of CPU, which only the running query uses. Linux's `/proc` tells both;
    /// elsewhere a pause stands in.
    static func queryRuns(_ pid: Int32) async throws -> Bool {
        #if os(Linux)
        let deadline = ContinuousClock.now + .seconds(30)
        var cpuWhenCaught: Int?
        while ContinuousClock.now < deadline {
            if let cpu = cpuTicks(pid) {
                if let start = cpuWhenCaught {
                    if cpu - start >= 20 { return true }
                } else if catchesInterrupt(pid) {
                    cpuWhenCaught = cpu
                }
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        return false
        #else
        try await Task.sleep(for: .milliseconds(700))
        return true
        #endif
    }

    /// Whether SIGINT (signal 2, bit 1) is in the process's set of caught signals: before
    /// the query it has its default action, which ends the process.
    static func catchesInterrupt(_ pid: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
            let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16)
        else { return false }
        return mask & (1 << 1) != 0
    }

    /// The process's user and system CPU time, in clock ticks (fields 14 and 15 of `stat`,
    /// counted after the command name's closing parenthesis).
    static func cpuTicks(_ pid: Int32) -> Int? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return user + system
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
