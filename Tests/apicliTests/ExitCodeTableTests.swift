import APIHost
import Foundation
import Testing
import TestSupport

/// The cases of the README's exit-code table that need a process of their own, each
/// checked against the row that names it: a read-only store (apicli runs as another
/// user, since file modes do not stop the root the tests run as) and a full disk (a
/// file-size limit on apicli's process). The table itself and the damaged store are
/// checked in-process (`APIHostTests`: `ExitCodeTableTests`).
@Suite("The documented exit codes that need a process, end to end")
struct ExitCodeTableEndToEndTests {
    @Test("a fetch into a read-only store shows the answer, warns once, and exits with the code of the row that says 'a read-only store'")
    func readOnlyStore() async throws {
        let table = try DocumentedExitCodes.table()
        let (sandbox, _) = try Sandbox.withFixtures()
        #expect(try await sandbox.run(["weather", "Rostov"]).exitCode == 0)
        let before = try sandbox.databaseBytes()
        let fresh = try await sandbox.runWithoutWriteAccess(["weather", "Rostov", "--refresh"])
        #expect(fresh.exitCode == (try DocumentedExitCodes.code("a read-only store", in: table)), "\(fresh.stderrText)")
        #expect(fresh.stdoutText.contains("Hemel Hempstead"))
        #expect(fresh.stderrText == "apicli: warning: the store at \(sandbox.databasePath) is read-only: results are shown but not stored\n")
        // Nothing needed writing: success.
        let offline = try await sandbox.runWithoutWriteAccess(["weather", "Rostov", "--offline"])
        #expect(offline.exitCode == 0, "\(offline.stderrText)")
        #expect(try sandbox.databaseBytes() == before)
    }

    @Test("a fetch onto a full disk shows the answer, says it was not stored, and exits with the code of the row that says 'a full disk'")
    func fullDisk() async throws {
        let table = try DocumentedExitCodes.table()
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        #expect(try await sandbox.run(["weather", "Rostov"]).exitCode == 0)
        #expect(try await sandbox.run(["store", "vacuum"]).exitCode == 0)
        // No file may grow past 512 bytes: the emptied WAL's first frame fails as on a full disk (EFBIG, SIGXFSZ ignored).
        let size = 1
        let binary = try ProcessRunner.apicliExecutable().path
        let full = try await ProcessRunner.run(
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", "trap '' XFSZ; ulimit -f \(size); exec \"$0\" \"$@\"", binary, "weather", "London", "--refresh"],
            environment: sandbox.environment(), currentDirectory: sandbox.home.url, timeout: .seconds(30))
        #expect(full.exitCode == (try DocumentedExitCodes.code("a full disk", in: table)), "\(full.stderrText)")
        #expect(full.stdoutText.contains("London"))
        #expect(
            full.stderrText == "apicli: warning: the store at \(sandbox.databasePath) could not be written (is the disk full?): "
                + "results are shown but not stored\n")
        #expect(fixtures.requests.count >= 3)
        // What was stored before is all still there and readable.
        let check = try await sandbox.run(["store", "check"])
        #expect(check.exitCode == 0, "\(check.stderrText)")
        #expect(try sandbox.count("weather_places") == 1)
    }
}
