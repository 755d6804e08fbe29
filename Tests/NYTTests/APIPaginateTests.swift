import APIHost
import APIHTTP
import Foundation
import Testing
import TestSupport

@testable import NYT

/// `apicli api nyt PATH --paginate` follows the paging NYT's descriptor declares (its `page`
/// parameter, until a page is not full), through the host in-process. (A provider declaring
/// none follows only `Link` headers: `APIHostTests`' `APICommandTests`.)
@Suite("apicli api --paginate on NYT")
struct APIPaginateTests {
    static let articles = "/svc/search/v2/articlesearch.json"

    @Test("--paginate follows NYT's page parameter until a page is not full")
    func paginate() async throws {
        let full = try TestSupport.Fixtures.real("nyt/nyt-2016-11-compact-escaped-slashes.json")  // 10 docs: a full page
        let short = try TestSupport.Fixtures.real("nyt/nyt-2016-05-dog-video-multimedia-docs.json")  // 9 docs
        let host = try InProcessHost(
            sources: [.compiled([NYTProvider()])],
            variables: ["NYT_API_KEY": "nytKEY-paginate-1", "APICLI_NYT_SPACING": "0"]
        ) { request, _ in
            let page = request.query.first { $0.name == "page" }?.value
            return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: page == "2" ? short : full)
        }
        let console = CapturingConsole()
        let environment = HostEnvironment(variables: host.variables, console: console, transport: host.transport)
        let code = await Host(registry: host.registry, environment: environment).run(["api", "nyt", Self.articles, "-q", "q=dog", "--paginate"])
        #expect(code == .success, "\(console.stderr)")
        #expect(host.transport.requests.map { request in request.query.first { $0.name == "page" }?.value } == ["0", "1", "2"])
        #expect(host.transport.requests.allSatisfy { $0.path == Self.articles })
        let expected = String(decoding: full + full + short, as: UTF8.self)
        #expect(console.stdout == expected)
    }
}
