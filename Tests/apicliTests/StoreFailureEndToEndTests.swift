import APIStore
import Foundation
import Testing
import TestSupport

/// Stores that need a process of their own: a read-only store still shows fresh answers
/// (exit 74, since they are not kept) and serves --offline, which needs apicli to run as
/// another user (the tests run as root, whom file modes do not stop); and no HOME, which
/// must write nothing under the current folder, a process's own. The other store
/// failures are tested in-process (`APIHostTests`: `StoreFailureTests`).
@Suite("Store failures, end to end")
struct StoreFailureEndToEndTests {
    @Test(
        "a read-only store and folder: a fresh answer is shown with one warning (74), --offline and check work, nothing changes",
        .needs(Sandbox.withoutWriteAccessTools))
    func readOnly() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        #expect(try await sandbox.run(["weather", "Rostov"]).exitCode == 0)
        #expect(try await sandbox.run(["store", "vacuum"]).exitCode == 0)
        let before = try sandbox.databaseBytes()
        let requests = fixtures.requests.count

        let fresh = try await sandbox.runWithoutWriteAccess(["weather", "Rostov", "London", "--refresh"])
        // Shown but not kept: 74, as the exit-code table says of a read-only store.
        #expect(fresh.exitCode == 74, "\(fresh.stderrText)")
        // Rostov's place was stored by the first run (the test server resolves it to Hemel
        // Hempstead); London's is looked up and not stored: three requests.
        #expect(fresh.stdoutText.contains("Hemel Hempstead") && fresh.stdoutText.contains("London"))
        #expect(fresh.stderrText == "apicli: warning: the store at \(sandbox.databasePath) is read-only: results are shown but not stored\n")
        #expect(fixtures.requests.count == requests + 3)

        let offline = try await sandbox.runWithoutWriteAccess(["weather", "Rostov", "--offline"])
        #expect(offline.exitCode == 0, "\(offline.stderrText)")
        #expect(offline.stdoutText.contains("Hemel Hempstead"))
        #expect(!offline.stderrText.contains("read-only"))

        let check = try await sandbox.runWithoutWriteAccess(["store", "check"])
        #expect(check.exitCode == 0, "\(check.stderrText)")
        #expect(check.stdoutText == "ok\n")

        let clear = try await sandbox.runWithoutWriteAccess(["store", "clear"])
        #expect(clear.exitCode == 74)
        #expect(clear.stderrText.contains("is read-only; make it writable or use --db to name another file"))

        #expect(try sandbox.databaseBytes() == before)
        #expect(fixtures.requests.count == requests + 3)
    }

    @Test("no HOME and no XDG variable: 78 with a message, and nothing is written under the current folder")
    func noHome() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let folder = try sandbox.home.makeDirectory("cwd")
        let binary = try ProcessRunner.apicliExecutable()
        let environment = sandbox.environment(unset: ["HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME"])
        for arguments in [["weather", "Rostov"], ["store", "info"], ["config", "list"]] {
            let result = try await ProcessRunner.run(
                executable: binary, arguments: arguments, environment: environment, currentDirectory: folder)
            #expect(result.exitCode == 78, "\(arguments): \(result.stderrText)")
            #expect(result.stderrText.hasPrefix("apicli: error: HOME is not set: set HOME or XDG_"), "\(result.stderrText)")
            #expect(result.stderrText.split(separator: "\n").count == 1)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        #expect(fixtures.requests.isEmpty)
        // --db and XDG_CONFIG_HOME are enough without HOME.
        let named = try await ProcessRunner.run(
            executable: binary, arguments: ["weather", "Rostov", "--db", sandbox.home.path("named.sqlite3")],
            environment: sandbox.environment(unset: ["HOME", "XDG_DATA_HOME"]), currentDirectory: folder)
        #expect(named.exitCode == 0, "\(named.stderrText)")
        #expect(FileManager.default.fileExists(atPath: sandbox.home.path("named.sqlite3")))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}
