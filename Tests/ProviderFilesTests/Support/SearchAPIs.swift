import APIHTTP
import Foundation
import Synchronization
import TestSupport

/// Answers like Hacker News (Algolia) and Wikipedia search, from the real answers in
/// `Tests/Fixtures/real/search` (and the stub provider's records), for provider files run through ``ProviderFilesHost``;
/// ``down`` switches both to 503. Any other path is a 404, so a request a test did not
/// expect fails the run.
final class SearchAPIs: Sendable {
    static let hnPath = "/api/v1/search"
    static let wikiPath = "/w/api.php"
    static let hnFixture = "search/hn_search_tags_story_hitsPerPage1_2014_sytelus.json"
    static let wikiFixture = "search/wikipedia_search_computing_2023_csxl-solus.json"
    /// Where the compiled ``StubProvider`` asks: the provider that must keep working beside a broken file.
    static let stubPath = "/records"
    static var hnFixturePath: String { Fixtures.realRoot.appendingPathComponent(hnFixture).path }

    let down = Mutex(false)
    private let hn: Data
    private let wiki: Data

    init() throws {
        hn = try Fixtures.real(Self.hnFixture)
        wiki = try Fixtures.real(Self.wikiFixture)
    }

    /// The answer for `request`: a search answer by path, 503 while down, else 404.
    func answer(_ request: HTTPRequest) -> HTTPResponse {
        let isSearch = request.path == Self.hnPath || request.path == Self.wikiPath
        if isSearch && down.withLock({ $0 }) { return InProcessHost.json("down", status: 503) }
        switch request.path {
        case Self.hnPath: return Self.json(hn)
        case Self.wikiPath: return Self.json(wiki)
        case Self.stubPath: return InProcessHost.json(#"[{"id": "1", "title": "A stub record"}]"#)
        default: return InProcessHost.json(#"{"message": "no route"}"#, status: 404)
        }
    }

    /// A JSON answer with the recorded bytes as they are.
    static func json(_ body: Data, status: Int = 200, headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: HTTPHeaders([("Content-Type", "application/json")] + headers), body: body)
    }

    /// A host with the stub provider compiled in, answered by these APIs; `routes` answers
    /// more paths with recorded bodies (before the search APIs).
    func host(variables: [String: String] = [:], routes: [String: Data] = [:]) throws -> ProviderFilesHost {
        try ProviderFilesHost(variables: variables) { [self] request in
            routes[request.path].map { Self.json($0) } ?? answer(request)
        }
    }

    static let wikiFile = ProviderFileTexts.wiki

    /// `provider add hn …` from the recorded HN answer, as a user writes it.
    static let addHN = [
        "provider", "add", "hn", "--base-url", "https://hn.algolia.com", "--path", hnPath,
        "--items", "hits", "--query-param", "query", "--no-key", "--sample", hnFixturePath,
    ]
}
