import Foundation
import Testing
import TestSupport

/// Upgrading apicli keeps what an older one stored for provider files: a store
/// written by the b2771d3 binary answers offline searches, and `store info`
/// counts the same rows, once the engine has moved them into its own tables.
@Suite("A store from an older apicli, end to end")
struct LegacyStoreEndToEndTests {
    static let fixture = Fixtures.packageRoot.appendingPathComponent("Tests/Fixtures/stores/provider-files-b2771d3")

    @Test("the stored hn and wiki results are found offline, and counted, after the upgrade")
    func storedResultsSurvive() async throws {
        let (sandbox, fixtures) = try Sandbox.withSearchAPIs()
        for name in ["hn", "wiki"] {
            try sandbox.installProviderFile(
                name, try String(contentsOf: Self.fixture.appendingPathComponent("\(name).json"), encoding: .utf8))
        }
        let folder = (sandbox.databasePath as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: Self.fixture.appendingPathComponent("apicli.sqlite3").path, toPath: sandbox.databasePath)
        let before = try sandbox.rows("SELECT provider, item_id, json FROM apicli_file_items ORDER BY 1, 2")
            .map { $0.values.map { $0.string ?? "" } }

        let hn = try await sandbox.run(["hn", "gitub", "--offline"])
        #expect(hn.exitCode == 0, "\(hn.stderrText)")
        #expect(hn.stdoutText.contains("In defence of Douglas Crockford"), "\(hn.stdoutText)")
        let wiki = try await sandbox.run(["wiki", "computing", "--offline", "--format", "json"])
        #expect(wiki.exitCode == 0, "\(wiki.stderrText)")
        #expect(wiki.stdoutText.contains("Cloud computing"), "\(wiki.stdoutText)")
        #expect(fixtures.requests.isEmpty, "offline sent \(fixtures.requests.count) requests")

        let after = try sandbox.rows("SELECT provider, item_id, json FROM provider_files_items ORDER BY 1, 2")
            .map { $0.values.map { $0.string ?? "" } }
        #expect(after == before && before.count == 3)
        let info = try await sandbox.run(["store", "info"])
        #expect(info.exitCode == 0, "\(info.stderrText)")
        let lines = info.stdoutText.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        #expect(lines.contains { $0.first == "hn" && $0.dropFirst().first == "3" }, "\(info.stdoutText)")
        #expect(lines.contains { $0.first == "wiki" && $0.dropFirst().first == "5" }, "\(info.stdoutText)")
    }
}
