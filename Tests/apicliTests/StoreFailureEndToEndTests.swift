import APIStore
import Foundation
import Testing
import TestSupport

/// Stores that cannot be used as they are: one exit code per kind (70 for a file that
/// is not a usable database, 74 for one that cannot be written, 78 for a path that is not
/// a regular file) and a message that names what is wrong; a read-only store still shows
/// fresh answers (exit 74, since they are not kept) and serves --offline.
@Suite("Store failures, end to end")
struct StoreFailureEndToEndTests {
    @Test("a folder as the store: 78, says so, nothing is created inside it")
    func folderAsStore() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let folder = try sandbox.home.makeDirectory("a-folder")
        let result = try await sandbox.run(["weather", "Rostov", "--db", folder.path])
        #expect(result.exitCode == 78, "\(result.stderrText)")
        #expect(result.stderrText == "apicli: error: the store at \(folder.path) is a folder, not a database file; use --db or APICLI_DB to name a file\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        #expect(fixtures.requests.isEmpty)
    }

    @Test("a file that is not SQLite: 70, 'not an apicli database', the file is unchanged")
    func notADatabase() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let path = sandbox.home.path("notes.txt")
        let bytes = Data(String(repeating: "not a database\n", count: 300).utf8)
        try bytes.write(to: URL(fileURLWithPath: path))
        for arguments in [["weather", "Rostov", "--db", path], ["store", "info", "--db", path]] {
            let result = try await sandbox.run(arguments)
            #expect(result.exitCode == 70, "\(arguments): \(result.stderrText)")
            #expect(result.stderrText == "apicli: error: the store at \(path) is not an apicli database; use --db or APICLI_DB to name another file\n")
        }
        let check = try await sandbox.run(["store", "check", "--db", path])
        #expect(check.exitCode == 70)
        #expect(check.stderrText.hasSuffix("apicli: error: the store at \(path) is not an apicli database; use --db or APICLI_DB to name another file\n"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        #expect(fixtures.requests.isEmpty)
    }

    @Test("a damaged store: the same code (70) on every path, pointing at 'apicli store check'")
    func damaged() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        #expect(try await sandbox.run(["weather", "Rostov"]).exitCode == 0)
        #expect(try await sandbox.run(["store", "vacuum"]).exitCode == 0)
        let url = URL(fileURLWithPath: sandbox.databasePath)
        var bytes = try Data(contentsOf: url)
        // The header survives; the schema page and everything after it do not.
        for index in stride(from: 100, to: bytes.count, by: 5) { bytes[index] = 0xA5 }
        try bytes.write(to: url)
        for arguments in [["weather", "Rostov", "--offline"], ["store", "info"], ["weather", "Rostov"]] {
            let result = try await sandbox.run(arguments)
            #expect(result.exitCode == 70, "\(arguments): \(result.stderrText)")
            #expect(result.stderrText.hasSuffix("is damaged; run 'apicli store check'\n"), "\(arguments): \(result.stderrText)")
        }
        let check = try await sandbox.run(["store", "check"])
        #expect(check.exitCode == 70)
        #expect(check.stderrText.hasSuffix("apicli: error: the store at \(sandbox.databasePath) is damaged; move it aside and fetch again\n"))
        // Nothing tried to repair or replace it.
        #expect(try Data(contentsOf: url) == bytes)
    }

    @Test("a read-only store and folder: a fresh answer is shown with one warning (74), --offline and check work, nothing changes")
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
