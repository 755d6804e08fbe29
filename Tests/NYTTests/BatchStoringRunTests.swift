import APIHost
import Foundation
import Testing
import TestSupport

@testable import NYT

/// A fetched NYT answer is stored as it is read and printed from the store; a cache
/// hit whose answer is stored already is decoded whole. Both must print the same
/// bytes, in every format, for every real search answer. In-process, through the
/// host; the `--verbose` notes say which path a run took. (These were the binary's
/// `BatchStoringEndToEndTests`.)
@Suite("Batch storing through the host, in-process")
struct BatchStoringRunTests {
    /// Every output shape the host draws for NYT.
    static let formats: [[String]] = [
        [], ["--json"], ["--format", "ndjson"], ["--format", "csv"], ["--format", "line"],
        ["--fields", "word_count,id,headline", "--format", "csv"], ["--fields", "id,pub_date", "--json"],
    ]

    @Test("stored in batches and decoded whole print the same bytes", arguments: try TestSupport.Fixtures.realFiles(in: "nyt").filter {
        !$0.lastPathComponent.contains("error")
    })
    func sameBytes(_ fixture: URL) async throws {
        let host = try NYTHost.host(try NYTHost.routes(try Data(contentsOf: fixture)))
        let command = ["nyt", "election"]
        for format in Self.formats {
            // This test fetches more than the API's 5 a minute: the ledger starts each fetch afresh.
            if FileManager.default.fileExists(atPath: host.storePath) {
                try StoreRateLimitLedger(store: Store(path: host.storePath)).reset(bucket: "nyt")
            }
            // --refresh: fetched, stored in batches, printed from the store.
            let batched = await host.run(command + format + ["--refresh", "--verbose"])
            #expect(batched.code == .success, "\(batched.stderr)")
            #expect(batched.stderr.contains("in batches"), "\(format): not stored in batches")
            // The same answer from the cache, stored already: decoded whole, nothing written.
            let whole = await host.run(command + format + ["--verbose"])
            #expect(whole.code == .success, "\(whole.stderr)")
            #expect(whole.stderr.contains("is stored already"), "\(format): not read as a stored cache hit")
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

    @Test("page 2 is not JSON: 65, the search's stored answer unchanged, and the message says what was kept")
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
        let before = try host.snapshot(["nyt_queries", "nyt_query_results"])
        let run = await host.run(["nyt", "election", "--pages", "2", "--refresh"])
        #expect(run.code == .dataError, "\(run.stderr)")
        #expect(run.isOneErrorLine, "\(run.stderr)")
        #expect(run.stderr.contains(
            "it was not cached, and the stored answer to this search was not changed (the items of the page before it were kept)"),
            "\(run.stderr)")
        #expect(try host.snapshot(["nyt_queries", "nyt_query_results"]) == before)
        #expect(host.transport.requests.filter { $0.query.contains(QueryItem("page", "1")) }.count >= 1, "page 2 was asked for")
    }
}
