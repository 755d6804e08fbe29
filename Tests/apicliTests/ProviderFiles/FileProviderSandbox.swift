import Foundation
import Synchronization
import TestSupport

/// Whether the search APIs of ``Sandbox/withSearchAPIs()`` answer or fail with 503.
final class SearchAPISwitch: Sendable {
    let down = Mutex(false)
}

/// A sandbox whose loopback server also answers like Hacker News (Algolia) and
/// Wikipedia search, from the real answers in `Tests/Fixtures/real/search`.
extension Sandbox {
    static let hnPath = "/api/v1/search"
    static let wikiPath = "/w/api.php"
    static let hnFixture = "search/hn_search_tags_story_hitsPerPage1_2014_sytelus.json"
    static let wikiFixture = "search/wikipedia_search_computing_2023_csxl-solus.json"

    static func withSearchAPIs(switch state: SearchAPISwitch = SearchAPISwitch()) throws -> (Sandbox, FixtureServer) {
        let (sandbox, fixtures) = try Sandbox.withFixtures(extra: ["APICLI_TIMEOUT": "3"])
        let hn = try Fixtures.real(hnFixture)
        let wiki = try Fixtures.real(wikiFixture)
        let isSearch: @Sendable (String) -> Bool = { path in path == hnPath || path == wikiPath }
        fixtures.answer(.status(503, body: "down")) { isSearch($0.path) && state.down.withLock { $0 } }
        fixtures.answer(.json(hn)) { $0.path == hnPath }
        fixtures.answer(.json(wiki)) { $0.path == wikiPath }
        return (sandbox, fixtures)
    }

    /// `$XDG_CONFIG_HOME/apicli/providers`.
    var providersFolder: String { home.path("config/apicli/providers") }

    /// Writes `text` as `<name>.json` in the providers folder, owner-only unless `mode` says otherwise.
    func installProviderFile(_ name: String, _ text: String, mode: Int = 0o600) throws {
        try FileManager.default.createDirectory(
            atPath: providersFolder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let path = providersFolder + "/\(name).json"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
    }

    /// The variables that point a file provider at this sandbox's server.
    func baseURL(for name: String) -> [String: String] {
        ["APICLI_\(name.uppercased())_BASE_URL": server.baseURL.absoluteString]
    }

    static let wikiFile = ProviderFileTexts.wiki
}
