import APIHost
import APIHTTP
import Foundation
import Testing
import TestSupport

@testable import NYT

/// NYT's stale and offline fallback through the host, in-process, on the
/// recorded November 2016 page (10 articles). (These were the NYT half of the
/// binary's `OfflineFallbackTests`.)
@Suite("NYT offline and stale fallback, in-process")
struct OfflineFallbackTests {
    static let key = "nytKEY-fallback-8d2b6f"

    static func host(_ routes: StubRoutes, variables: [String: String] = ["NYT_API_KEY": key]) throws -> InProcessHost {
        try InProcessHost(
            sources: [.compiled([NYTProvider()])], variables: variables.merging(["APICLI_NYT_SPACING": "0"]) { given, _ in given },
            routes: routes)
    }

    static func routes() throws -> StubRoutes {
        let page = String(decoding: try TestSupport.Fixtures.real("nyt/nyt-2016-11-compact-escaped-slashes.json"), as: UTF8.self)
        return StubRoutes(answers: ["/svc/search/v2/articlesearch.json": InProcessHost.json(page)])
    }

    static let reset: StubRoutes.Answer = { request in
        throw HTTPClientError.connectionFailed(url: request.redactedURL, reason: "connection reset by peer")
    }

    static func ids(_ json: String) throws -> [String]? {
        let rows = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
        return rows?.compactMap { $0["id"] as? String }
    }

    @Test("a reset connection after one fetch shows the stored articles, with the stale notice")
    func fallback() async throws {
        let routes = try Self.routes()
        let host = try Self.host(routes)
        let fresh = await host.run(["nyt", "election", "--json"])
        #expect(fresh.code == .success, "\(fresh.stderr)")
        routes.fail(with: Self.reset)
        let stale = await host.run(["nyt", "election", "--json", "--refresh"])
        #expect(stale.code == .success, "\(stale.stderr)")
        #expect(stale.warnings.contains { $0.contains("showing results stored at") }, "\(stale.stderr)")
        let before = try Self.ids(fresh.stdout)
        let after = try Self.ids(stale.stdout)
        #expect(after?.count == 10)
        #expect(after == before)
        #expect(host.transport.requests.count > 1, "the server was asked again")
    }

    @Test("nothing stored and the network down: 69, one line")
    func nothingStored() async throws {
        let routes = try Self.routes()
        routes.fail(with: Self.reset)
        let run = try await Self.host(routes).run(["nyt", "election"])
        #expect(run.code == .unavailable, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("nothing stored"))
        #expect(run.isOneErrorLine, "\(run.stderr)")
    }

    @Test("--offline answers from the store and sends nothing")
    func offline() async throws {
        let host = try Self.host(try Self.routes())
        let fresh = await host.run(["nyt", "election"])
        #expect(fresh.code == .success, "\(fresh.stderr)")
        let asked = host.transport.requests.count
        let offline = await host.run(["nyt", "election", "--offline"])
        #expect(offline.code == .success, "\(offline.stderr)")
        #expect(offline.stdout.contains("Troops Gun Down"))
        #expect(host.transport.requests.count == asked)
    }
}
