import APIHost
import APIHTTP
import Foundation
import TestSupport

@testable import NYT

/// An NYT host in-process whose article search answers with the recorded
/// November 2016 page (27 hits, 10 articles), or what a test switches it to, and
/// what its runs asked for: the binary tests' `Sandbox` and `FixtureServer`
/// without a process or a socket. Spacing is off, as the binary tests had it,
/// except where a test sets `APICLI_NYT_SPACING` itself.
struct NYTHost {
    static let key = "nytKEY-inprocess-2e7c1d"
    static let searchPath = "/svc/search/v2/articlesearch.json"
    static let pageFixture = "nyt/nyt-2016-11-compact-escaped-slashes.json"

    let routes: StubRoutes
    let host: InProcessHost

    /// `page`: the search's answer, the recorded page unless given.
    init(page: Data? = nil, variables: [String: String] = [:]) throws {
        let body = try page ?? TestSupport.Fixtures.real(Self.pageFixture)
        routes = StubRoutes(answers: [
            Self.searchPath: HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: body),
        ])
        host = try InProcessHost(
            sources: [.compiled([NYTProvider()])],
            variables: ["NYT_API_KEY": Self.key, "APICLI_NYT_SPACING": "0"].merging(variables) { _, given in given },
            routes: routes)
    }

    func run(_ words: [String], setting: [String: String] = [:], unsetting: [String] = []) async -> InProcessHost.Run {
        await host.run(words, setting: setting, unsetting: unsetting)
    }

    /// From now on every request gets `response`.
    func fail(with response: HTTPResponse) { routes.fail { _ in response } }

    /// Every request sent, in order.
    var requests: [HTTPRequest] { host.transport.requests }

    /// A JSON answer of the recorded bytes of `fixture`, with `status`.
    static func recorded(_ fixture: String, status: Int = 200) throws -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: try TestSupport.Fixtures.real(fixture))
    }
}
