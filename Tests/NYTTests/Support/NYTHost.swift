import APIHost
import APIHTTP
import Foundation
import TestSupport

@testable import NYT

/// NYT through the host in-process, as the binary tests ran it against the
/// loopback fixture server (`Sandbox` and `FixtureServer` without a process or a
/// socket): every search answered with the recorded November 2016 page (27 hits,
/// 10 articles) unless a test gives another body or switches the routes to a
/// fault. Spacing is off, as the binary tests had it, except where a test sets
/// `APICLI_NYT_SPACING` itself.
struct NYTHost {
    static let key = "nytKEY-inprocess-5c1e7a"
    static let searchPath = "/svc/search/v2/articlesearch.json"
    static let pageFixture = "nyt/nyt-2016-11-compact-escaped-slashes.json"
    /// The first article of ``pageFixture``.
    static let firstID = "583032447c459f6a5fcceedd"

    let routes: StubRoutes
    let host: InProcessHost

    /// `page`: the search's answer, the recorded page unless given.
    init(page: Data? = nil, variables: [String: String] = [:]) throws {
        routes = try Self.routes(page)
        host = try Self.host(routes, variables: variables)
    }

    func run(_ words: [String], setting: [String: String] = [:], unsetting: [String] = []) async -> InProcessHost.Run {
        await host.run(words, setting: setting, unsetting: unsetting)
    }

    /// From now on every request gets `response`.
    func fail(with response: HTTPResponse) { routes.fail { _ in response } }

    /// Every request sent, in order.
    var requests: [HTTPRequest] { host.transport.requests }

    static func page() throws -> Data { try TestSupport.Fixtures.real(pageFixture) }

    static func json(_ body: Data, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: body)
    }

    /// A JSON answer of the recorded bytes of `fixture`, with `status`.
    static func recorded(_ fixture: String, status: Int = 200) throws -> HTTPResponse {
        json(try TestSupport.Fixtures.real(fixture), status: status)
    }

    /// Routes answering every search with `body` (``pageFixture`` when nil).
    static func routes(_ body: Data? = nil) throws -> StubRoutes {
        StubRoutes(answers: [searchPath: json(try body ?? page())])
    }

    /// A host with NYT (and `others`), its key set, its 12 s spacing off, in a UTF-8 locale (as the binary tests ran).
    static func host(
        _ routes: StubRoutes, others: [any Provider] = [], variables: [String: String] = [:]
    ) throws -> InProcessHost {
        try InProcessHost(
            sources: [.compiled([NYTProvider()] + others)],
            variables: ["NYT_API_KEY": key, "APICLI_NYT_SPACING": "0", "LANG": "C.UTF-8"].merging(variables) { _, given in given },
            routes: routes)
    }

    /// The JSON array a `--json` run printed.
    static func objects(_ run: InProcessHost.Run) throws -> [[String: Any]] {
        (try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]]) ?? []
    }
}
