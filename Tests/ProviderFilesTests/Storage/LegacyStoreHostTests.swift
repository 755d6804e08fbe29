import Foundation
import Testing
import TestSupport

/// Upgrading apicli keeps what an older one stored for provider files: a store
/// written by the b2771d3 binary answers offline searches, and `store info`
/// counts the same rows, once the engine has moved them into its own tables.
@Suite("A store from an older apicli, through the host")
struct LegacyStoreHostTests {
    static let fixture = Fixtures.packageRoot.appendingPathComponent("Tests/Fixtures/stores/provider-files-b2771d3")

    @Test("the stored hn and wiki results are found offline, and counted, after the upgrade")
    func storedResultsSurvive() async throws {
        let apis = try SearchAPIs()
        let host = try apis.host()
        for name in ["hn", "wiki"] {
            try host.installProviderFile(
                name, try String(contentsOf: Self.fixture.appendingPathComponent("\(name).json"), encoding: .utf8))
        }
        let folder = (host.databasePath as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: Self.fixture.appendingPathComponent("apicli.sqlite3").path, toPath: host.databasePath)
        let before = try host.rows("SELECT provider, item_id, json FROM apicli_file_items ORDER BY 1, 2")
            .map { $0.values.map { $0.string ?? "" } }

        let hn = await host.run(["hn", "gitub", "--offline"])
        #expect(hn.code == .success, "\(hn.stderr)")
        #expect(hn.stdout.contains("In defence of Douglas Crockford"), "\(hn.stdout)")
        let wiki = await host.run(["wiki", "computing", "--offline", "--format", "json"])
        #expect(wiki.code == .success, "\(wiki.stderr)")
        #expect(wiki.stdout.contains("Cloud computing"), "\(wiki.stdout)")
        // Words never asked find what the older hn searches stored (of the same options and page).
        let crockford = await host.run(["hn", "crockford", "--offline"])
        #expect(crockford.code == .success, "\(crockford.stderr)")
        #expect(crockford.stdout.contains("In defence of Douglas Crockford"), "\(crockford.stdout)")
        #expect(host.requests.isEmpty, "offline sent \(host.requests.count) requests")

        let after = try host.rows("SELECT provider, item_id, json FROM provider_files_items ORDER BY 1, 2")
            .map { $0.values.map { $0.string ?? "" } }
        #expect(after == before && before.count == 3)
        let info = await host.run(["store", "info"])
        #expect(info.code == .success, "\(info.stderr)")
        let lines = info.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        #expect(lines.contains { $0.first == "hn" && $0.dropFirst().first == "3" }, "\(info.stdout)")
        #expect(lines.contains { $0.first == "wiki" && $0.dropFirst().first == "5" }, "\(info.stdout)")
    }
}
