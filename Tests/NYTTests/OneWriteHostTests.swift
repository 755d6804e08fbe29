import APIHost
import APIHTTP
import Foundation
import Testing
import TestSupport

@testable import NYT

/// A small answer (every real search page: ten docs, tens of KB) comes back whole and is
/// stored in ONE write transaction, its articles and its answer together; none of the
/// streaming path's is made for it. In-process, with the real transport (the one that
/// could stream) against a loopback server.
@Suite("Small answers: one write transaction")
struct OneWriteHostTests {
    /// Counted by the `--verbose` notes the host writes as each of its write transactions begins.
    static let writeBegan = "store: write began for"

    /// A store that refuses to commit a new article without an answer written in the same
    /// transaction: every new article adds a row whose deferred foreign key only the answer's
    /// row satisfies, and SQLite checks it at the commit. A transaction of articles alone fails.
    static let articlesNeedTheirAnswer = [
        "CREATE TABLE test_answer_written (id INTEGER PRIMARY KEY)",
        "CREATE TABLE test_article_written (answer INTEGER REFERENCES test_answer_written (id) DEFERRABLE INITIALLY DEFERRED)",
        "CREATE TRIGGER test_article_needs_answer AFTER INSERT ON nyt_articles BEGIN INSERT INTO test_article_written VALUES (1); END",
        "CREATE TRIGGER test_answer_inserted AFTER INSERT ON nyt_queries BEGIN INSERT OR IGNORE INTO test_answer_written VALUES (1); END",
        "CREATE TRIGGER test_answer_updated AFTER UPDATE ON nyt_queries BEGIN INSERT OR IGNORE INTO test_answer_written VALUES (1); END",
    ]

    @Test("a 10-article answer is stored in one write transaction, articles and answer together")
    func oneTransaction() async throws {
        // Ten articles the store has not seen, after the recorded page that made the store.
        let fresh = try LargeNYTAnswer.body(docs: 10)
        #expect(fresh.count < 1 << 20, "\(fresh.count) B")
        let server = try LoopbackServer(routes: [NYTHost.searchPath: [.json(try NYTHost.page()), .json(fresh)]])
        defer { server.stop() }
        let host = try StreamedAnswerHostTests.host(server)
        let first = await host.run(["nyt", "election", "--verbose"], setting: [:], realTransport: true)
        #expect(first.code == .success, "\(first.stderr)")
        try Store(path: host.storePath).write { tx in
            for statement in Self.articlesNeedTheirAnswer { try tx.execute(statement) }
        }
        let run = await host.run(["nyt", "election", "--refresh", "--format", "ndjson", "--verbose"], setting: [:], realTransport: true)
        #expect(run.code == .success, "\(run.stderr)")
        #expect(run.warnings.isEmpty, "\(run.stderr)")
        #expect(run.stderr.components(separatedBy: Self.writeBegan).count - 1 == 1, "not one write transaction: \(run.stderr)")
        #expect(run.stderr.contains("store: committed \"election\""), "\(run.stderr)")
        // Read whole: nothing of the streaming path ran.
        #expect(!run.stderr.contains("in batches"), "\(run.stderr)")
        #expect(!run.stderr.contains("output: printing the answer as decoded"), "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").count == 10)
        let answer = try host.rows(
            "SELECT r.article_id FROM nyt_query_results r JOIN nyt_queries q ON q.key = r.query_key WHERE q.q = 'election'")
        #expect(answer.count == 10)
        #expect(try host.count("test_article_written") == 10)
        // The first run, on a new store, was one write too.
        #expect(first.stderr.components(separatedBy: Self.writeBegan).count - 1 == 1, "\(first.stderr)")
    }
}
