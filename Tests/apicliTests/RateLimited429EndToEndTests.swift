import APIStore
import Foundation
import Testing
import TestSupport

/// NYT's real quota fault, sent without `Retry-After`: one request, exit 75 with
/// when to retry, and the window recorded so the next process does not even ask.
@Suite("429 without Retry-After, end to end")
struct RateLimited429EndToEndTests {
    @Test("one request, 75 'retry in 60 s', the minute marked full in the store for the next process")
    func quotaFaultWithoutRetryAfter() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        fixtures.fail(with: .json(try Fixtures.real("errors/nyt_429_quota_violation_pika.json"), status: 429))
        let result = try await sandbox.run(["nyt", "election"])
        #expect(result.exitCode == 75, "\(result.stderrText)")
        #expect(result.stderrText == "apicli: error: NYT rate limit reached; retry in 60 s; nothing stored for \"election\"\n")
        #expect(fixtures.requests.count == 1, "exactly one request")
        // The ledger holds the minute's 5 slots: the request's own, and 4 taken when the 429 came.
        let events = try sandbox.rows("SELECT COUNT(*), MIN(at), MAX(at) FROM apicli_rate_events WHERE bucket = 'nyt'")
        #expect(events.first?[0].int == 5)
        #expect((events.first?[2].double ?? 99) - (events.first?[1].double ?? 0) < 5)

        let next = try await sandbox.run(["nyt", "climate"])
        #expect(next.exitCode == 75, "\(next.stderrText)")
        #expect(next.stderrText.contains("NYT rate limit reached; retry in"))
        #expect(fixtures.requests.count == 1, "the next process waits too, without asking")
        #expect(try sandbox.count("nyt_articles") == 0)
    }

    @Test("more pages than the rate limit allows within APICLI_TIMEOUT are announced up front")
    func pacingAnnounced() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let result = try await sandbox.run(["nyt", "election", "--pages", "7"])
        #expect(result.exitCode == 0, "\(result.stderrText)")
        let first = result.stderrText.split(separator: "\n").first.map(String.init)
        #expect(first == "apicli: 7 requests to NYT may take 60 s or more at its rate limits (5 per 60 s, 500 per 86400 s)")
        // The recorded page has 27 hits: three pages were enough, and nothing was waited.
        #expect(try sandbox.count("nyt_articles") > 0)
        let quiet = try await sandbox.run(["nyt", "election", "--pages", "2"])
        #expect(!quiet.stderrText.contains("may take"))
    }
}
