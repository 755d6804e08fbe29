import Foundation
import Testing
import TestSupport

/// `apicli store info` lists file providers beside the compiled ones, with their rows,
/// through the host in-process.
@Suite("store info counts file providers, through the host")
struct ProviderFileStoreInfoHostTests {
    @Test("a file provider's stored results show as its rows; one not yet run shows none")
    func listed() async throws {
        let host = try SearchAPIs().host()
        try host.installProviderFile("wiki", SearchAPIs.wikiFile)
        try host.installProviderFile("idle", SearchAPIs.wikiFile.replacingOccurrences(of: #""name": "wiki""#, with: #""name": "idle""#))
        let search = await host.run(["wiki", "computing"])
        #expect(search.code == .success, "\(search.stderr)")

        let result = await host.run(["store", "info"])
        #expect(result.code == .success, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        func columns(_ provider: String) -> [String]? {
            lines.first { $0.hasPrefix(provider + " ") }.map { $0.split(separator: " ").map(String.init) }
        }
        let wiki = try #require(columns("wiki"), "\(result.stdout)")
        let stored = try host.rows(
            "SELECT (SELECT COUNT(*) FROM provider_files_items WHERE provider = 'wiki') + "
                + "(SELECT COUNT(*) FROM provider_files_queries WHERE provider = 'wiki') + "
                + "(SELECT COUNT(*) FROM provider_files_results WHERE provider = 'wiki')").first?[0].int
        #expect(Int(wiki[1]) == stored && (stored ?? 0) > 0, "\(wiki)")
        #expect(Int(wiki[2]) == 1, "one cached answer: \(wiki)")
        #expect(wiki[3] != "never")
        let idle = try #require(columns("idle"), "\(result.stdout)")
        #expect(idle[1] == "0" && idle[3] == "never", "\(idle)")
        #expect(columns("stub") != nil, "the compiled provider is listed beside them: \(result.stdout)")
    }
}
