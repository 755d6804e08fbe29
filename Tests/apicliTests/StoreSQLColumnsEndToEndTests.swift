import Foundation
import Testing
import TestSupport

/// A read-only WAL store without `-wal`/`-shm`, in a folder that cannot be written, reads
/// as `store info` reads it. A process is the point: apicli runs as
/// another user, since file modes do not stop the root the tests run as. The rest of
/// `store sql`'s columns and rows are tested in-process (`APIHostTests`: `StoreSQLColumnsTests`).
@Suite("store sql on a read-only store, end to end")
struct StoreSQLColumnsEndToEndTests {
    @Test(
        "a read-only WAL store with no -wal or -shm, in a folder that cannot be written: store sql, schema and info read it, PRAGMA journal_mode runs",
        .needs(Sandbox.withoutWriteAccessTools))
    func readOnlyWALStore() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        #expect(try await sandbox.run(["weather", "Rostov"]).exitCode == 0)
        // Vacuuming copies the WAL into the file and empties it; then the -wal and -shm can go.
        #expect(try await sandbox.run(["store", "vacuum"]).exitCode == 0)
        #expect(FileManager.default.contents(atPath: sandbox.databasePath + "-wal")?.isEmpty ?? true)
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: sandbox.databasePath + suffix) }
        let stored = try sandbox.count("weather_entries")
        #expect(stored > 0)
        let before = try sandbox.databaseBytes()
        let count = try await sandbox.runWithoutWriteAccess(["store", "sql", "SELECT COUNT(*) AS n FROM weather_entries", "--format", "csv"])
        #expect(count.exitCode == 0, "\(count.stderrText)")
        #expect(count.stdoutText == "n\r\n\(stored)\r\n")
        let mode = try await sandbox.runWithoutWriteAccess(["store", "sql", "PRAGMA journal_mode", "--format", "csv"])
        #expect(mode.exitCode == 0, "\(mode.stderrText)")
        // Read as immutable (no -shm can be made), SQLite reports the mode it reads in.
        #expect(mode.stdoutText.hasPrefix("journal_mode\r\n"))
        let schema = try await sandbox.runWithoutWriteAccess(["store", "schema"])
        #expect(schema.exitCode == 0, "\(schema.stderrText)")
        let info = try await sandbox.runWithoutWriteAccess(["store", "info"])
        #expect(info.exitCode == 0, "\(info.stderrText)")
        #expect(try sandbox.databaseBytes() == before)
        for suffix in ["-wal", "-shm"] {
            #expect(!FileManager.default.fileExists(atPath: sandbox.databasePath + suffix))
        }
    }
}
