import APIHost
import APIHTTP
import Foundation
import Testing
import TestSupport

/// An undecodable answer through the host, in-process on the stub provider: 65, one line,
/// the stored rows unchanged, and nothing cached, so the next good answer is read. (These
/// were NYT's and Weather's `UndecodableAnswerTests`, the cases of the binary's `ExitCodeTests`
/// that compared the stored rows; that a body NYT stores as it reads leaves its answer whole
/// is `NYTTests`' `BatchStoringRunTests`.)
@Suite("An undecodable answer, in-process")
struct UndecodableAnswerTests {
    static let records = #"[{"id": "r1", "title": "First"}, {"id": "r2", "title": "Second"}]"#

    @Test("an undecodable body: 65, and the stored rows stay as they were")
    func undecodable() async throws {
        let routes = StubRoutes(answers: ["/records": InProcessHost.json(Self.records)])
        let host = try InProcessHost(sources: [.compiled([StubProvider()])], routes: routes)
        let tables = ["stub_answers", "apicli_fetches"]
        let first = await host.run(["stub", "election"])
        #expect(first.code == .success, "\(first.stderr)")
        let before = try host.snapshot(tables)
        #expect(before.values.allSatisfy { !$0.isEmpty })

        let broken = HTTPResponse(status: 200, headers: ["Content-Type": "text/html"], body: Data(#"{"response": {"docs": "#.utf8))
        routes.fail { _ in broken }
        let run = await host.run(["stub", "election", "--refresh"])
        #expect(run.code == .dataError, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("nothing stored was changed"))
        #expect(run.isOneErrorLine, "\(run.stderr)")
        #expect(try host.snapshot(tables) == before)

        // The unreadable answer was not cached: once the server is right again, so is apicli.
        let good = InProcessHost.json(Self.records)
        routes.fail { _ in good }
        let healed = await host.run(["stub", "election"])
        #expect(healed.code == .success, "\(healed.stderr)")
        #expect(healed.stdout == first.stdout)
    }
}
