import APIHost
import Foundation
import Testing
import TestSupport

/// The exit-code table is one fact in four places: the code (``ExitCode``), `apicli --help`,
/// `apicli manpage` and the README's table. This reads the README's table and checks the
/// other three against it, through the host in-process; then runs each case the table names
/// and compares its code with the row that names it: a damaged store in-process, and the two
/// that need a process of their own, a read-only store (apicli runs as another user, since
/// file modes do not stop the root the tests run as) and a full disk (a file-size limit on
/// apicli's process).
@Suite("The documented exit codes")
struct ExitCodeTableTests {
    static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test("the README's table, --help, the man page and ExitCode list the same codes with the same meanings")
    func sameTableEverywhere() async throws {
        let table = try DocumentedExitCodes.table()
        #expect(Set(table.keys) == Set(ExitCode.allCases.map(\.rawValue)))
        let host = try InProcessHost(sources: [.compiled([StubProvider()])]) { _, _ in InProcessHost.json("[]") }
        let help = await host.run(["--help"], setting: ["COLUMNS": "200"])
        let exitSection = try #require(help.stdout.components(separatedBy: "EXIT CODES:\n").dropFirst().first)
            .components(separatedBy: "\n\n")[0]
        let helpCodes = exitSection.split(separator: "\n").compactMap { line in Int32(line.split(separator: " ").first ?? "") }
        #expect(Set(helpCodes) == Set(table.keys))
        let manpage = await host.run(["manpage"])
        let status = try #require(manpage.stdout.components(separatedBy: ".SH EXIT STATUS\n").dropFirst().first)
            .components(separatedBy: "\n.SH ")[0]
        let manCodes = status.split(separator: "\n").filter { $0.hasPrefix(".B ") }.compactMap { Int32($0.dropFirst(3)) }
        #expect(Set(manCodes) == Set(table.keys))
        for code in ExitCode.allCases {
            #expect(Self.collapsed(exitSection).contains(Self.collapsed(code.meaning)), "--help lacks \(code.rawValue)")
            #expect(status.replacingOccurrences(of: "\\-", with: "-").contains(code.meaning), "the man page lacks \(code.rawValue)")
        }
        // The README's other mention of `store check` says the table's code.
        let readme = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let check = try #require(readme.split(separator: "\n").first { $0.hasPrefix("apicli store check") })
        #expect(check.hasSuffix("exit \(try DocumentedExitCodes.code("the store is damaged", in: table)) on damage"))
    }

    @Test("store check on a damaged store exits with the code of the row that says 'the store is damaged'")
    func damagedStore() async throws {
        let table = try DocumentedExitCodes.table()
        let host = try InProcessHost(sources: [.compiled([StubProvider()])]) { _, _ in
            InProcessHost.json(#"[{"id": "r1", "title": "First"}]"#)
        }
        #expect(await host.run(["stub", "election"]).code == .success)
        #expect(await host.run(["store", "vacuum"]).code == .success)
        try StoreFiles.damage(at: host.storePath)
        let check = await host.run(["store", "check"])
        #expect(check.code.rawValue == (try DocumentedExitCodes.code("the store is damaged", in: table)))
        #expect(check.stderr.hasSuffix("is damaged; move it aside and fetch again\n"))
    }

    @Test(
        "a fetch into a read-only store shows the answer, warns once, and exits with the code of the row that says 'a read-only store'",
        .needs(Sandbox.withoutWriteAccessTools))
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
