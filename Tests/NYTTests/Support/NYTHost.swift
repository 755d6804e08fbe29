import APIHost
import APIHTTP
import Foundation
import TestSupport

@testable import NYT

/// NYT through the host in-process, as the binary tests ran it against the
/// loopback fixture server: every search answered with the recorded November
/// 2016 page (27 hits, 10 articles) unless a test gives another body.
enum NYTHost {
    static let key = "nytKEY-inprocess-5c1e7a"
    static let searchPath = "/svc/search/v2/articlesearch.json"
    static let fixture = "nyt/nyt-2016-11-compact-escaped-slashes.json"
    /// The first article of ``fixture``.
    static let firstID = "583032447c459f6a5fcceedd"

    static func page() throws -> Data { try TestSupport.Fixtures.real(fixture) }

    static func json(_ body: Data, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: body)
    }

    /// Routes answering every search with `body` (``fixture`` when nil).
    static func routes(_ body: Data? = nil) throws -> StubRoutes {
        let answer = json(try body ?? page())
        return StubRoutes(answers: [searchPath: answer])
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
