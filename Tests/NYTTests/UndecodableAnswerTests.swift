import APIHost
import APIHTTP
import Foundation
import Testing
import TestSupport

@testable import NYT

/// An undecodable NYT answer through the host, in-process: 65, one line, the stored
/// rows unchanged, and nothing cached, so the next good answer is read. (This was the
/// NYT case of the binary's `ExitCodeTests`, which compared the same rows through
/// APIStore; here they are read from the store the in-process host wrote.)
@Suite("NYT: an undecodable answer, in-process")
struct UndecodableAnswerTests {
    @Test("an undecodable body: 65, and the stored rows stay as they were")
    func undecodable() async throws {
        let routes = try NYTHost.routes()
        let host = try NYTHost.host(routes)
        let tables = ["nyt_articles", "nyt_queries", "nyt_query_results", "apicli_fetches"]
        let first = await host.run(["nyt", "election"])
        #expect(first.code == .success, "\(first.stderr)")
        let before = try host.snapshot(tables)
        #expect(before.values.allSatisfy { !$0.isEmpty })

        let broken = HTTPResponse(status: 200, headers: ["Content-Type": "text/html"], body: Data(#"{"response": {"docs": "#.utf8))
        routes.fail { _ in broken }
        let run = await host.run(["nyt", "election", "--refresh"])
        #expect(run.code == .dataError, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("nothing stored was changed"))
        #expect(run.isOneErrorLine, "\(run.stderr)")
        #expect(try host.snapshot(tables) == before)

        // The unreadable answer was not cached: once the server is right again, so is apicli.
        let good = NYTHost.json(try NYTHost.page())
        routes.fail { _ in good }
        let healed = await host.run(["nyt", "election"])
        #expect(healed.code == .success, "\(healed.stderr)")
        #expect(healed.stdout == first.stdout)
    }
}
