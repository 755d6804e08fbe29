import APIHost
import APIHTTP
import Foundation
import Testing
import TestSupport

@testable import NYT

/// An NYT answer too large to hold (over a MiB) is stored while it arrives, and prints
/// what the same answer prints when it is read whole; one that breaks off part way
/// leaves everything stored as it was and shows the stored answer instead. In-process,
/// with the real transport (the one that streams) against a loopback server.
@Suite("Answers stored while they arrive, through the host")
struct StreamedAnswerHostTests {
    /// `count` docs taken in turn from the real search answers, each with an id and URL of its own.
    static func largeBody(docs count: Int) throws -> Data {
        try LargeNYTAnswer.body(docs: count)
    }

    /// A host whose NYT runs use libcurl against `server` (the stub transport answers 599 if asked).
    static func host(_ server: LoopbackServer) throws -> InProcessHost {
        try InProcessHost(
            sources: [.compiled([NYTProvider()])],
            variables: [
                "NYT_API_KEY": NYTHost.key, "APICLI_NYT_SPACING": "0", "LANG": "C.UTF-8",
                "APICLI_NYT_BASE_URL": server.baseURL.absoluteString,
                // A large answer on two busy cores, sharing the test runner's threads.
                "APICLI_TIMEOUT": InProcessHost.realConnectionDeadline,
            ]
        ) { _, _ in HTTPResponse(status: 599, body: Data("the stub transport was asked".utf8)) }
    }

    /// A host whose store holds the small real answer to "election" (the server's first
    /// answer to it), then changed by `statements`; the server's next answer is 1,000 docs.
    static func answeredOnce(changing statements: [String]) async throws -> (LoopbackServer, InProcessHost) {
        let body = try largeBody(docs: 1000)
        let server = try LoopbackServer(routes: [NYTHost.searchPath: [.json(try NYTHost.page()), .json(body)]])
        let host = try Self.host(server)
        let first = await host.run(["nyt", "election", "--format", "ndjson"], setting: [:], realTransport: true)
        #expect(first.code == .success, "\(first.stderr)")
        try Store(path: host.storePath).write { tx in
            for statement in statements { try tx.execute(statement) }
        }
        return (server, host)
    }

    @Test("stored while it arrives, it prints what the same answer read whole prints")
    func largeAnswerPrintsTheSame() async throws {
        let body = try Self.largeBody(docs: 1000)
        // Past the MiB a page collects, and past the chunks that may wait: the rest waits for the store.
        #expect(body.count > 1_300_000, "\(body.count) B")
        let server = try LoopbackServer(routes: [NYTHost.searchPath: [.json(body)]])
        defer { server.stop() }
        let host = try Self.host(server)
        let words = ["nyt", "election", "--format", "ndjson", "--verbose"]
        let started = Date()
        let streamed = await host.run(words, setting: [:], realTransport: true)
        #expect(streamed.code == .success, "\(streamed.stderr)")
        // The page's write began while the body was still arriving: before the exchange's trace line.
        let began = try #require(streamed.stderr.range(of: "store: write began for \"election\" (page 1, in batches)"))
        let got = try #require(streamed.stderr.range(of: "-> 200, \(body.count) B"))
        #expect(began.lowerBound < got.lowerBound, "\(streamed.stderr)")
        // Printed as decoded, while the page was stored: before the answer's own transaction.
        let printing = try #require(streamed.stderr.range(of: "output: printing the answer as decoded, while its page is stored"))
        let committed = try #require(streamed.stderr.range(of: "store: committed \"election\""))
        #expect(printing.lowerBound < committed.lowerBound, "\(streamed.stderr)")
        // One page, the whole answer: it is made the answer in its own transaction, not in a second one.
        #expect(streamed.stderr.components(separatedBy: "store: write began for").count == 2, "\(streamed.stderr)")
        #expect(try host.count("nyt_query_results") == 1000)
        #expect(streamed.stdout.split(separator: "\n").count == 1000)
        // Every article carries the time the host stored the page under:
        // one time for every article, taken during the run, no later than the answer's.
        let times = try host.rows(
            "SELECT DISTINCT a.fetched_at, q.fetched_at FROM nyt_articles a, nyt_queries q WHERE q.q = 'election'")
        #expect(times.count == 1, "\(times)")
        let (article, answer) = (times.first?[0].double ?? 0, times.first?[1].double ?? 0)
        #expect(article >= started.timeIntervalSince1970 && article <= answer, "\(times), run from \(started)")
        // The same answer from the cache (it is within the cache's limit), stored already: read whole.
        let whole = await host.run(words, setting: [:], realTransport: true)
        #expect(whole.code == .success, "\(whole.stderr)")
        #expect(whole.stderr.contains("cache hit"), "\(whole.stderr)")
        #expect(ComparedOutput(whole.stdout) == ComparedOutput(streamed.stdout))
        #expect(try host.count("nyt_articles") == 1000)
        #expect(server.requests.count == 1)
    }

    /// A deferred foreign key that every new article breaks: SQLite refuses the page at its
    /// commit, which comes after the decoder ended, so always after the answer was printed.
    @Test("printed before its page is stored, an answer whose commit fails is shown, with a warning, exit 74")
    func answerPrintedBeforeAFailedCommit() async throws {
        let (server, host) = try await Self.answeredOnce(changing: [
            "CREATE TABLE test_parent (id INTEGER PRIMARY KEY)",
            "CREATE TABLE test_child (parent INTEGER REFERENCES test_parent (id) DEFERRABLE INITIALLY DEFERRED)",
            "CREATE TRIGGER test_refused_at_commit AFTER INSERT ON nyt_articles BEGIN INSERT INTO test_child VALUES (1); END",
        ])
        defer { server.stop() }
        let tables = ["nyt_articles", "nyt_queries", "nyt_query_results"]
        let before = try host.snapshot(tables)
        let refused = await host.run(
            ["nyt", "election", "--format", "ndjson", "--refresh", "--verbose"], setting: [:], realTransport: true)
        #expect(refused.stderr.contains("output: printing the answer as decoded"), "\(refused.stderr)")
        #expect(refused.stdout.split(separator: "\n").count == 1000)
        // Shown and not kept, as any fresh answer a store refuses: a warning after it, and 74.
        let lastLine = refused.stderr.split(separator: "\n").last.map(String.init) ?? ""
        #expect(lastLine.hasPrefix("apicli: warning: could not store the results: "), "\(refused.stderr)")
        #expect(refused.code == .ioError, "\(refused.stderr)")
        #expect(try host.snapshot(tables) == before)
    }

    /// `store clear nyt` of a store of 1,000 articles: deleting them fires the FTS5 trigger per
    /// row, and the statement's journal outgrows what SQLite keeps in memory. With blocks of
    /// 256 KiB its spill to a file came back short: "database or disk is full", exit 74.
    @Test("store clear empties a store of 1,000 articles")
    func clearOfAThousandArticles() async throws {
        let (server, host) = try await Self.answeredOnce(changing: [])
        defer { server.stop() }
        let stored = await host.run(["nyt", "election", "--format", "ndjson", "--refresh"], setting: [:], realTransport: true)
        #expect(stored.code == .success, "\(stored.stderr)")
        #expect(try host.count("nyt_articles") > 1000)
        let cleared = await host.run(["store", "clear", "nyt"], setting: [:])
        #expect(cleared.code == .success, "\(cleared.stderr)")
        for table in ["nyt_articles", "nyt_queries", "nyt_query_results"] {
            #expect(try host.count(table) == 0, "\(table)")
        }
        try Store(path: host.storePath).write { tx in
            try tx.execute("INSERT INTO nyt_articles_fts (nyt_articles_fts, rank) VALUES ('integrity-check', 1)")
        }
    }

    /// Once its body is whole and its articles stored, a page commits them before it records
    /// the answer (`Transaction.commitSoFar`): an answer that cannot be recorded leaves the
    /// stored answer as it was, and the articles kept, as a later page's failure does.
    @Test("a whole page whose answer cannot be recorded keeps its articles and the stored answer, exit 74")
    func articlesKeptWhenTheAnswerIsRefused() async throws {
        let (server, host) = try await Self.answeredOnce(changing: [
            "CREATE TRIGGER test_refused_answer BEFORE INSERT ON nyt_queries BEGIN SELECT RAISE(ABORT, 'refused'); END"
        ])
        defer { server.stop() }
        let articlesBefore = try host.count("nyt_articles")
        let answers = ["nyt_queries", "nyt_query_results"]
        let before = try host.snapshot(answers)
        let refused = await host.run(
            ["nyt", "election", "--format", "ndjson", "--refresh"], setting: [:], realTransport: true)
        #expect(refused.stdout.split(separator: "\n").count == 1000)
        let lastLine = refused.stderr.split(separator: "\n").last.map(String.init) ?? ""
        #expect(lastLine.hasPrefix("apicli: warning: could not store the results: "), "\(refused.stderr)")
        #expect(refused.code == .ioError, "\(refused.stderr)")
        #expect(try host.snapshot(answers) == before)
        #expect(try host.count("nyt_articles") == articlesBefore + 1000)
        // Each article went with its FTS5 row: the index is exact (this throws when it is not).
        try Store(path: host.storePath).write { tx in
            try tx.execute("INSERT INTO nyt_articles_fts (nyt_articles_fts, rank) VALUES ('integrity-check', 1)")
        }
    }

    /// The transport retries a body that broke off. The first attempt had printed some of its
    /// articles early, into the spool: the retry must not print them again after them.
    @Test("one that breaks off and is retried prints each article once, as a clean run prints them")
    func retriedAnswerPrintsOnce() async throws {
        let body = try Self.largeBody(docs: 1000)
        let words = ["nyt", "election", "--format", "ndjson"]
        let clean = try LoopbackServer(routes: [NYTHost.searchPath: [.json(body)]])
        defer { clean.stop() }
        let cleanHost = try Self.host(clean)
        let expected = await cleanHost.run(words, setting: [:], realTransport: true)
        #expect(expected.code == .success, "\(expected.stderr)")
        let server = try LoopbackServer(routes: [
            NYTHost.searchPath: [.json(body).truncated(after: body.count * 3 / 4), .json(body)],
        ])
        defer { server.stop() }
        let host = try Self.host(server)
        let retried = await host.run(words + ["--verbose"], setting: [:], realTransport: true)
        #expect(retried.code == .success, "\(retried.stderr)")
        #expect(retried.stderr.contains("broke off"), "\(retried.stderr)")
        #expect(server.requests.count == 2)
        #expect(retried.stdout.split(separator: "\n").count == 1000)
        #expect(ComparedOutput(retried.stdout) == ComparedOutput(expected.stdout))
        #expect(try host.count("nyt_articles") == 1000)
        #expect(try host.count("nyt_query_results") == 1000)
    }

    /// Two pages, one held whole and one past the MiB: the streamed page stores its articles as
    /// it arrives, and the last write stores the whole page's articles and makes both the answer.
    @Test("an answer of a whole page and a streamed one stores both, in the order asked", arguments: [false, true])
    func wholeAndStreamedPages(streamedFirst: Bool) async throws {
        let recorded = try NYTHost.page()
        let other = try Self.largeBody(docs: 10)
        let pages = streamedFirst
            ? [LargeNYTAnswer.padded(recorded, past: 1 << 20), other]
            : [recorded, LargeNYTAnswer.padded(other, past: 1 << 20)]
        let server = try LoopbackServer { request in
            guard request.path == NYTHost.searchPath else { return .status(404) }
            return .json(request.query.contains { $0.name == "page" && $0.value == "1" } ? pages[1] : pages[0])
        }
        defer { server.stop() }
        let host = try Self.host(server)
        let run = await host.run(
            ["nyt", "election", "--pages", "2", "--format", "ndjson", "--verbose"], setting: [:], realTransport: true)
        #expect(run.code == .success, "\(run.stderr)")
        #expect(run.warnings.isEmpty, "\(run.stderr)")
        #expect(run.stderr.contains("(page \(streamedFirst ? 1 : 2), in batches)"), "\(run.stderr)")
        // The streamed page's own write, and the answer's.
        #expect(run.stderr.components(separatedBy: "store: write began for").count - 1 == 2, "\(run.stderr)")
        let printed = run.stdout.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["id"] as? String
        }
        #expect(printed.count == 20)
        let stored = try host.rows("""
            SELECT r.article_id FROM nyt_query_results r JOIN nyt_queries q ON q.key = r.query_key
            WHERE q.q = 'election' ORDER BY r.position
            """).compactMap { $0[0].string }
        #expect(stored == printed)
        #expect(try host.count("nyt_articles") == 20)
    }

    /// The first attempt streamed (its sink, thread and transaction were made) and broke off; the
    /// retry's body is within the MiB, so it comes back whole: the first attempt's transaction has
    /// rolled back, and the answer is read whole, stored in one write and printed once.
    @Test("one that breaks off and comes back small on the retry is read whole, stored in one write, printed once")
    func retriedAnswerComesBackWhole() async throws {
        let large = try Self.largeBody(docs: 1000)
        #expect(large.count - 1_000 > 1 << 20, "\(large.count) B: the first attempt must pass the MiB")
        let small = try NYTHost.page()
        let server = try LoopbackServer(routes: [
            NYTHost.searchPath: [.json(large).truncated(after: large.count - 1_000), .json(small)],
        ])
        defer { server.stop() }
        let host = try Self.host(server)
        let run = await host.run(["nyt", "election", "--format", "ndjson", "--verbose"], setting: [:], realTransport: true)
        #expect(run.code == .success, "\(run.stderr)")
        #expect(run.stderr.contains("broke off"), "\(run.stderr)")
        #expect(run.stderr.contains("(page 1, in batches)"), "the first attempt did not stream: \(run.stderr)")
        #expect(!run.stderr.contains("output: printing the answer as decoded"), "\(run.stderr)")
        // The streamed attempt's write, rolled back, and the answer's one write.
        #expect(run.stderr.components(separatedBy: "store: write began for").count - 1 == 2, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").count == 10)
        #expect(try host.count("nyt_articles") == 10)
        #expect(try host.count("nyt_query_results") == 10)
        #expect(server.requests.count == 2)
    }

    @Test("one that breaks off part way changes nothing stored, and the stored answer is shown")
    func brokenOffAnswerChangesNothing() async throws {
        let body = try Self.largeBody(docs: 1000)
        let server = try LoopbackServer(routes: [
            NYTHost.searchPath: [.json(try NYTHost.page()), .json(body).truncated(after: body.count * 3 / 4)],
        ])
        defer { server.stop() }
        let host = try Self.host(server)
        let first = await host.run(["nyt", "election", "--format", "ndjson"], setting: [:], realTransport: true)
        #expect(first.code == .success, "\(first.stderr)")
        let tables = ["nyt_articles", "nyt_queries", "nyt_query_results"]
        let before = try host.snapshot(tables)
        let broken = await host.run(
            ["nyt", "election", "--format", "ndjson", "--refresh", "--verbose"], setting: [:], realTransport: true)
        #expect(broken.stderr.contains("(page 1, in batches)"), "\(broken.stderr)")
        #expect(broken.stderr.contains("broke off"), "\(broken.stderr)")
        #expect(ComparedOutput(broken.stdout) == ComparedOutput(first.stdout), "\(broken.stderr)")
        #expect(try host.snapshot(tables) == before)
    }
}
