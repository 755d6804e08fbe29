import APIHost
import Foundation
import Testing
import TestSupport

/// The exit-code table is one fact in four places (issue 23, item 12): the code
/// (``ExitCode``), `apicli --help`, `apicli manpage` and the README's table. This reads
/// the README's table and checks the other three against it, through the host in-process,
/// then runs a damaged store's check and compares its code with the row that names it.
/// (These were two of the binary's `ExitCodeTableTests`; the read-only store and the full
/// disk stay there, since each needs a process: another user, a file-size limit.)
@Suite("The documented exit codes, in-process")
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
}
