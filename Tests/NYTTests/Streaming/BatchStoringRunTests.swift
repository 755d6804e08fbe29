import APIHost
import Foundation
import Testing
import TestSupport

@testable import NYT

/// A fetched NYT answer past the MiB a page holds whole is stored as it streams and printed
/// as decoded; the same answer from the cache is decoded whole. Both must print
/// the same bytes, in every format, for every real search answer (padded in front with the
/// whitespace JSON allows, so that it streams). In-process, through the host, with the real
/// transport; the `--verbose` notes say which path a run took.
@Suite("Batch storing through the host, in-process")
struct BatchStoringRunTests {
    /// Every output shape the host draws for NYT.
    static let formats: [[String]] = [
        [], ["--json"], ["--format", "ndjson"], ["--format", "csv"], ["--format", "line"],
        ["--fields", "word_count,id,headline", "--format", "csv"], ["--fields", "id,pub_date", "--json"],
    ]

    /// The most body a page holds whole; past it, it streams.
    static let heldWhole = 1 << 20

    @Test("stored as it streams and decoded whole print the same bytes", arguments: try TestSupport.Fixtures.realFiles(in: "nyt").filter {
        !$0.lastPathComponent.contains("error")
    })
    func sameBytes(_ fixture: URL) async throws {
        let body = LargeNYTAnswer.padded(try Data(contentsOf: fixture), past: Self.heldWhole)
        let server = try LoopbackServer(routes: [NYTHost.searchPath: [.json(body)]])
        defer { server.stop() }
        let host = try StreamedAnswerHostTests.host(server)
        let command = ["nyt", "election"]
        for format in Self.formats {
            // This test fetches more than the API's 5 a minute: the ledger starts each fetch afresh.
            if FileManager.default.fileExists(atPath: host.storePath) {
                try StoreRateLimitLedger(store: Store(path: host.storePath)).reset(bucket: "nyt")
            }
            // --refresh: fetched, stored as it streams, printed as decoded.
            let batched = await host.run(command + format + ["--refresh", "--verbose"], setting: [:], realTransport: true)
            #expect(batched.code == .success, "\(batched.stderr)")
            #expect(batched.stderr.contains("in batches"), "\(format): not stored in batches")
            // The same answer from the cache: decoded whole. (Whether it is written again depends on
            // whether the streamed page logged its fetch before or after the cache kept the body.)
            let whole = await host.run(command + format + ["--verbose"], setting: [:], realTransport: true)
            #expect(whole.code == .success, "\(whole.stderr)")
            #expect(whole.stderr.contains("cache hit"), "\(format): not read from the cache")
            #expect(!whole.stderr.contains("in batches"))
            #expect(batched.stdout == whole.stdout, "\(fixture.lastPathComponent) \(format): outputs differ")
            #expect(!batched.stdout.isEmpty)
        }
    }

    @Test("--new on an empty store prints what a plain run prints")
    func newOnEmptyStore() async throws {
        let fresh = try NYTHost.host(try NYTHost.routes())
        let plain = try NYTHost.host(try NYTHost.routes())
        let first = await fresh.run(["nyt", "election", "--new", "--format", "ndjson"])
        // A cache hit stored already: decoded whole.
        _ = await plain.run(["nyt", "election", "--format", "ndjson"])
        let again = await plain.run(["nyt", "election", "--format", "ndjson", "--verbose"])
        #expect(first.code == .success && again.code == .success, "\(first.stderr) \(again.stderr)")
        #expect(again.stderr.contains("is stored already"))
        #expect(first.stdout == again.stdout)
        #expect(first.stdout.split(separator: "\n").count == 10)
    }

    /// Page 1 came whole: it was only held, so nothing at all was written.
    @Test("page 2 is not JSON after a page that came whole: 65, nothing stored changed, and the message says so")
    func laterPageUnreadable() async throws {
        let page = NYTHost.json(try NYTHost.page())
        let routes = StubRoutes([
            NYTHost.searchPath: { request in
                request.query.contains(QueryItem("page", "1")) ? NYTHost.json(Data("{not json".utf8)) : page
            },
        ])
        let host = try NYTHost.host(routes)
        let first = await host.run(["nyt", "election"])
        #expect(first.code == .success, "\(first.stderr)")
        let before = try host.snapshot(["nyt_articles", "nyt_queries", "nyt_query_results"])
        let run = await host.run(["nyt", "election", "--pages", "2", "--refresh"])
        #expect(run.code == .dataError, "\(run.stderr)")
        #expect(run.isOneErrorLine, "\(run.stderr)")
        #expect(run.stderr.contains("it was not cached, and nothing stored was changed"), "\(run.stderr)")
        #expect(try host.snapshot(["nyt_articles", "nyt_queries", "nyt_query_results"]) == before)
        #expect(host.transport.requests.filter { $0.query.contains(QueryItem("page", "1")) }.count >= 1, "page 2 was asked for")
    }

    /// Page 1 streamed: its articles were stored as it arrived, and stay; the answer does not change.
    @Test("page 2 is not JSON after a page that streamed: 65, the search's stored answer unchanged, and the message says what was kept")
    func laterPageUnreadableAfterAStreamedPage() async throws {
        let page = LargeNYTAnswer.padded(try NYTHost.page(), past: Self.heldWhole)
        let server = try LoopbackServer { request in
            guard request.path == NYTHost.searchPath else { return .status(404) }
            return request.query.contains { $0.name == "page" && $0.value == "1" } ? .json("{not json") : .json(page)
        }
        defer { server.stop() }
        let host = try StreamedAnswerHostTests.host(server)
        let first = await host.run(["nyt", "election"], setting: [:], realTransport: true)
        #expect(first.code == .success, "\(first.stderr)")
        let before = try host.snapshot(["nyt_queries", "nyt_query_results"])
        let run = await host.run(["nyt", "election", "--pages", "2", "--refresh", "--verbose"], setting: [:], realTransport: true)
        #expect(run.code == .dataError, "\(run.stderr)")
        #expect(run.stderr.contains("(page 1, in batches)"), "\(run.stderr)")
        #expect(run.stderr.contains(
            "it was not cached, and the stored answer to this search was not changed (the items of the page before it were kept)"),
            "\(run.stderr)")
        #expect(try host.snapshot(["nyt_queries", "nyt_query_results"]) == before)
        #expect(server.requests.contains { $0.query.contains { $0.name == "page" && $0.value == "1" } }, "page 2 was asked for")
    }
}
