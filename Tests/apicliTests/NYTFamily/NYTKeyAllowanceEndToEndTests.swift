import Foundation
import TestSupport
import Testing

/// Everything sent with NYT's key spends one allowance, whichever command sends it and in
/// whichever process: the compiled `nyt`, the bundled family and a file imported with `--key-of nyt`
/// are counted in one bucket of the store's ledger, under NYT's limits and spacing.
@Suite("NYT's key brings its allowance, end to end")
struct NYTKeyAllowanceEndToEndTests {
    static func server() throws -> LoopbackServer {
        var answers: [String: Data] = [:]
        for entry in NYTFamilyEndToEndTests.cases { answers[entry.path] = try Fixtures.real(entry.fixture) }
        answers["/svc/search/v2/articlesearch.json"] = try Fixtures.real("nyt/nyt-2016-11-compact-escaped-slashes.json")
        answers["/svc/topstories/v2/home.json"] = answers["/svc/topstories/v2/arts.json"]
        let served = answers
        return try LoopbackServer { request in
            // NYT says what is left of the day in headers, which `quota` shows.
            served[request.path].map { ScriptedResponse.json($0, headers: [("X-RateLimit-Remaining-day", "463")]) }
                ?? .status(404, body: "no route")
        }
    }

    @Test("five commands of NYT's key in a row fill its minute: a sixth, of any of them, waits or says when (75)")
    func oneMinuteForTheKey() async throws {
        let sandbox = try Sandbox(server: try Self.server(), extra: ["APICLI_TIMEOUT": "3"])
        let topStories = Fixtures.realRoot.appendingPathComponent("openapi-corpus/nyt_top_stories_v2.yaml").path
        // A user's own import, sharing the key without declaring any rate: NYT's allowance still holds.
        let add = try await sandbox.run(["provider", "add", "top", "--openapi", topStories, "--key-of", "nyt"])
        #expect(add.exitCode == 0, "\(add.stderrText)")
        let lines: [[String]] = [["nyt", "dog"], ["nyt-top", "arts"], ["nyt-popular", "viewed", "7"], ["nyt-books", "overview"], ["top", "home"]]
        for words in lines {
            let run = try await sandbox.run(words)
            #expect(run.exitCode == 0, "\(words): \(run.stderrText)")
        }
        #expect(sandbox.server.requests.count == 5)
        let buckets = try sandbox.rows("SELECT bucket, COUNT(*) FROM apicli_rate_events GROUP BY bucket")
        #expect(buckets.map { "\($0[0].string ?? "")=\($0[1].int ?? 0)" } == ["nyt=5"])
        let sixth = try await sandbox.run(["nyt-archive", "2016", "11"])
        #expect(sixth.exitCode == 75, "\(sixth.stderrText)")
        #expect(sixth.stderrText.contains("rate limit reached; retry in"), "\(sixth.stderrText)")
        #expect(sandbox.server.requests.count == 5)

        // `quota`, asked by any provider of the key, counts the five against NYT's limits.
        let quota = try await sandbox.run(["quota", "nyt-books", "--format", "json"])
        #expect(quota.exitCode == 0, "\(quota.stderrText)")
        let keys = try #require(try JSONSerialization.jsonObject(with: Data(quota.stdoutText.utf8)) as? [[String: Any]])
        let nyt = try #require(keys.first)
        #expect(keys.count == 1 && nyt["provider"] as? String == "nyt")
        let limits = (nyt["limits"] as? [[String: Any]] ?? []).map { "\($0["sent"] ?? "")/\($0["limit"] ?? "")" }
        #expect(limits == ["5/5", "5/500"], "\(quota.stdoutText)")
        #expect(nyt["reserve"] as? Int == 50 && nyt["harvest_left"] as? Int == 445, "\(quota.stdoutText)")
        let said = (nyt["last_headers"] as? [String: Any])?["headers"] as? [String: Any]
        #expect(said?["X-RateLimit-Remaining-day"] as? String == "463", "\(quota.stdoutText)")
        #expect((nyt["shared_by"] as? [String])?.contains("top") == true)
    }

    @Test("NYT's spacing holds between two commands of its family in two processes")
    func spacedAcrossCommands() async throws {
        let sandbox = try Sandbox(server: try Self.server(), extra: ["APICLI_NYT_SPACING": "2", "APICLI_TIMEOUT": "10"])
        let first = try await sandbox.run(["nyt-top", "arts"])
        let second = try await sandbox.run(["nyt-books", "overview"])
        #expect(first.exitCode == 0 && second.exitCode == 0, "\(first.stderrText) \(second.stderrText)")
        let arrivals = sandbox.server.requests.map(\.arrival)
        #expect(arrivals.count == 2)
        if arrivals.count == 2 {
            #expect(arrivals[1].timeIntervalSince(arrivals[0]) >= 1.9, "\(arrivals)")
        }
    }
}
