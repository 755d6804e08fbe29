import Foundation
import Testing
import TestSupport

/// `apicli store info` lists file providers beside the compiled ones, with their rows.
@Suite("store info counts file providers, end to end")
struct FileProviderStoreInfoTests {
    @Test("a file provider's stored results show as its rows; one not yet run shows none")
    func listed() async throws {
        let (sandbox, _) = try Sandbox.withSearchAPIs()
        try sandbox.installProviderFile("wiki", Sandbox.wikiFile)
        try sandbox.installProviderFile("idle", Sandbox.wikiFile.replacingOccurrences(of: #""name": "wiki""#, with: #""name": "idle""#))
        let search = try await sandbox.run(["wiki", "computing"], set: sandbox.baseURL(for: "wiki"))
        #expect(search.exitCode == 0, "\(search.stderrText)")

        let result = try await sandbox.run(["store", "info"])
        #expect(result.exitCode == 0, "\(result.stderrText)")
        let lines = result.stdoutText.split(separator: "\n").map(String.init)
        func columns(_ provider: String) -> [String]? {
            lines.first { $0.hasPrefix(provider + " ") }.map { $0.split(separator: " ").map(String.init) }
        }
        let wiki = try #require(columns("wiki"), "\(result.stdoutText)")
        let stored = try sandbox.rows(
            "SELECT (SELECT COUNT(*) FROM provider_files_items WHERE provider = 'wiki') + "
                + "(SELECT COUNT(*) FROM provider_files_queries WHERE provider = 'wiki') + "
                + "(SELECT COUNT(*) FROM provider_files_results WHERE provider = 'wiki')").first?[0].int
        #expect(Int(wiki[1]) == stored && (stored ?? 0) > 0, "\(wiki)")
        #expect(Int(wiki[2]) == 1, "one cached answer: \(wiki)")
        #expect(wiki[3] != "never")
        let idle = try #require(columns("idle"), "\(result.stdoutText)")
        #expect(idle[1] == "0" && idle[3] == "never", "\(idle)")
        #expect(columns("nyt") != nil && columns("weather") != nil)
    }
}
