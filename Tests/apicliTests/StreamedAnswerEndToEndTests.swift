import APIHost
import Foundation
import Testing
import TestSupport

/// An NYT answer too large to hold (over a MiB) is stored while it arrives, and prints
/// what the same answer prints when it is read whole; one that breaks off part way
/// leaves everything stored as it was and shows the stored answer instead.
@Suite("Answers stored while they arrive, end to end")
struct StreamedAnswerEndToEndTests {
    /// `count` docs taken in turn from the real search answers, each with an id and URL of its own.
    static func largeBody(docs count: Int) throws -> Data {
        var docs: [[String: Any]] = []
        for file in try Fixtures.realFiles(in: "nyt") where !file.lastPathComponent.contains("error") {
            let answer = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
            docs += (answer?["response"] as? [String: Any])?["docs"] as? [[String: Any]] ?? []
        }
        let made: [[String: Any]] = (0..<count).map { index in
            var doc = docs[index % docs.count]
            doc["_id"] = "nyt://article/streamed-\(index)"
            doc["web_url"] = "https://www.nytimes.com/streamed/\(index).html"
            return doc
        }
        let answer: [String: Any] = [
            "status": "OK", "copyright": "Copyright (c) The New York Times Company.",
            "response": ["docs": made, "meta": ["hits": count, "offset": 0, "time": 10]],
        ]
        return try JSONSerialization.data(withJSONObject: answer)
    }

    @Test("stored while it arrives, it prints what the same answer read whole prints")
    func largeAnswerPrintsTheSame() async throws {
        let (sandbox, server) = try Sandbox.withFixtures()
        let body = try Self.largeBody(docs: 1000)
        // Past the MiB a page collects, and past the chunks that may wait: the rest waits for the store.
        #expect(body.count > 1_300_000, "\(body.count) B")
        server.answer(.json(body)) { $0.path == FixtureServer.nytPath }
        // A large answer: generous timeouts, the suite runs on two busy cores.
        let streamed = try await sandbox.run(["nyt", "election", "--format", "ndjson", "--verbose"], timeout: .seconds(120))
        #expect(streamed.exitCode == 0, "\(streamed.stderrText)")
        // The page's write began while the body was still arriving: before the exchange's trace line.
        let began = try #require(streamed.stderrText.range(of: "store: write began for \"election\" (page 1, in batches)"))
        let got = try #require(streamed.stderrText.range(of: "-> 200, \(body.count) B"))
        #expect(began.lowerBound < got.lowerBound, "\(streamed.stderrText)")
        #expect(streamed.stdoutText.split(separator: "\n").count == 1000)
        // The same answer from the cache (it is within the cache's limit), stored already: read whole.
        let whole = try await sandbox.run(["nyt", "election", "--format", "ndjson", "--verbose"], timeout: .seconds(120))
        #expect(whole.exitCode == 0, "\(whole.stderrText)")
        #expect(whole.stderrText.contains("cache hit"), "\(whole.stderrText)")
        #expect(whole.stdout == streamed.stdout)
        #expect(try sandbox.count("nyt_articles") == 1000)
    }

    @Test("one that breaks off part way changes nothing stored, and the stored answer is shown")
    func brokenOffAnswerChangesNothing() async throws {
        let (sandbox, server) = try Sandbox.withFixtures()
        let first = try await sandbox.run(["nyt", "election", "--format", "ndjson"])
        #expect(first.exitCode == 0, "\(first.stderrText)")
        let tables = ["nyt_articles", "nyt_queries", "nyt_query_results"]
        let before = try sandbox.snapshot(tables)
        let body = try Self.largeBody(docs: 1000)
        server.answer(.json(body).truncated(after: body.count * 3 / 4)) { $0.path == FixtureServer.nytPath }
        let broken = try await sandbox.run(
            ["nyt", "election", "--format", "ndjson", "--refresh", "--verbose"], timeout: .seconds(120))
        #expect(broken.stderrText.contains("(page 1, in batches)"), "\(broken.stderrText)")
        #expect(broken.stderrText.contains("broke off"), "\(broken.stderrText)")
        #expect(broken.stdout == first.stdout, "\(broken.stderrText)")
        #expect(try sandbox.snapshot(tables) == before)
    }
}
