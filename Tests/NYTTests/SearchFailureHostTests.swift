import APIHost
import APIHTTP
import Foundation
import Testing
import TestSupport

@testable import NYT

/// What NYT reads from its real error answers and quota faults, through the host
/// in-process: the exit code, one line of the right kind, the requests sent, and
/// the store (the ledger, the cache, the articles). (These were the NYT tests of the
/// binary's `KeyTroubleEndToEndTests`, `ProviderFailureEndToEndTests` and
/// `RateLimited429EndToEndTests`.)
@Suite("NYT failures, quotas and search edges, in-process")
struct SearchFailureHostTests {
    @Test("NYT's 403 while throttling is temporary (75), not a rejected key; one whose body blames the key is 77")
    func throttling403() async throws {
        let nyt = try NYTHost()
        nyt.fail(with: try NYTHost.recorded("errors/nyt_429_quota_violation_pika.json", status: 403))
        let throttled = await nyt.run(["nyt", "election"])
        #expect(throttled.code == .temporaryFailure && throttled.isOneErrorLine, "\(throttled.stderr)")
        #expect(throttled.stderr.contains("NYT is unavailable for now (Rate limit quota violation."))
        #expect(!throttled.stderr.contains("rejected"))

        nyt.fail(with: try NYTHost.recorded("errors/nyt_401_invalid_apikey_khalilahmad0.json", status: 403))
        let rejected = await nyt.run(["nyt", "climate"])
        #expect(rejected.code == .permissionDenied && rejected.isOneErrorLine, "\(rejected.stderr)")
        #expect(rejected.stderr.contains("NYT rejected the API key"))
        #expect(try nyt.host.count("nyt_articles") == 0)
    }

    @Test("a 5xx still failing after the retries: 75 'try again later'; with stored results they stand in, unchanged")
    func serverErrors() async throws {
        // The retries sleep in real time: the deadline must not be what ends them (``InProcessHost/realConnectionDeadline``).
        let nyt = try NYTHost(variables: ["APICLI_TIMEOUT": InProcessHost.realConnectionDeadline])
        let stored = await nyt.run(["nyt", "election"])
        #expect(stored.code == .success, "\(stored.stderr)")
        let tables = ["nyt_articles", "nyt_queries"]
        let before = try tables.map { try Self.rows(of: $0, in: nyt.host) }
        nyt.fail(with: HTTPResponse(status: 503))
        let nothing = await nyt.run(["nyt", "unrelatedword"])
        #expect(nothing.code == .temporaryFailure && nothing.isOneErrorLine, "\(nothing.stderr)")
        #expect(nothing.stderr.contains("NYT is unavailable for now (HTTP 503); try again later"))
        let fallback = await nyt.run(["nyt", "election", "--refresh"])
        #expect(fallback.code == .success, "\(fallback.stderr)")
        #expect(fallback.warnings.contains { $0.contains("showing results stored at") }, "\(fallback.stderr)")
        #expect(try tables.map { try Self.rows(of: $0, in: nyt.host) } == before)
    }

    /// Every row of `table` as text, for before/after comparisons.
    static func rows(of table: String, in host: InProcessHost) throws -> [[String]] {
        try host.rows("SELECT * FROM \(table) ORDER BY 1, 2").map { $0.values.map { $0.string ?? "NULL" } }
    }

    @Test("429 without Retry-After: one request, 75 'retry in 60 s', the minute marked full in the store for the next run")
    func quotaFaultWithoutRetryAfter() async throws {
        let nyt = try NYTHost()
        nyt.fail(with: try NYTHost.recorded("errors/nyt_429_quota_violation_pika.json", status: 429))
        let result = await nyt.run(["nyt", "election"])
        #expect(result.code == .temporaryFailure && result.isOneErrorLine, "\(result.stderr)")
        // The wording is the behaviour: when to retry, and that nothing stood in.
        #expect(result.stderr.contains("NYT rate limit reached; retry in 60 s; nothing stored for \"election\""), "\(result.stderr)")
        #expect(nyt.requests.count == 1, "exactly one request")
        // The ledger holds the minute's 5 slots: the request's own, and 4 taken when the 429 came.
        let events = try nyt.host.rows("SELECT COUNT(*), MIN(at), MAX(at) FROM apicli_rate_events WHERE bucket = 'nyt'")
        #expect(events.first?[0].int == 5)
        #expect((events.first?[2].double ?? 99) - (events.first?[1].double ?? 0) < 5)

        // The next run (a new host, as a new process is) reads the ledger and does not even ask.
        let next = await nyt.run(["nyt", "climate"])
        #expect(next.code == .temporaryFailure, "\(next.stderr)")
        #expect(next.stderr.contains("NYT rate limit reached; retry in"))
        #expect(nyt.requests.count == 1, "the next run waits too, without asking")
        #expect(try nyt.host.count("nyt_articles") == 0)
    }

    @Test("more pages than the rate limit allows within APICLI_TIMEOUT are announced up front")
    func pacingAnnounced() async throws {
        let nyt = try NYTHost()
        let result = await nyt.run(["nyt", "election", "--pages", "7"])
        #expect(result.code == .success, "\(result.stderr)")
        let first = result.stderr.split(separator: "\n").first.map(String.init)
        #expect(first == "apicli: 7 requests to NYT may take 60 s or more at its rate limits (5 per 60 s, 500 per 86400 s)")
        // The recorded page has 27 hits: three pages were enough, and nothing was waited.
        #expect(try nyt.host.count("nyt_articles") > 0)
        let quiet = await nyt.run(["nyt", "election", "--pages", "2"])
        #expect(!quiet.stderr.contains("may take"))
    }

    @Test("a search by --fq alone is valid, and says on stderr how much of the hits the table shows")
    func filterAlone() async throws {
        let nyt = try NYTHost()
        let filter = #"section_name:("Sports")"#
        let result = await nyt.run(["nyt", "--fq", filter])
        #expect(result.code == .success, "\(result.stderr)")
        #expect(nyt.requests.last?.queryValue("q") == nil)
        #expect(nyt.requests.last?.queryValue("fq") == filter)
        // The recorded page says 27 hits and carries 10.
        #expect(result.stderr == "apicli: 10 of 27; more with --pages\n")
        #expect(result.stdout.split(separator: "\n").count == 11)
        let quiet = await nyt.run(["nyt", "--fq", filter, "-q"])
        #expect(quiet.stderr.isEmpty)
        // JSON stays an array of the articles, and says nothing on stderr.
        let json = await nyt.run(["nyt", "--fq", filter, "--json"])
        #expect((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [Any])?.count == 10)
        #expect(json.stderr.isEmpty)
        let none = await nyt.run(["nyt"])
        #expect(none.code == .usage && none.isOneErrorLine, "\(none.stderr)")
    }

    @Test("--sort newest with an open end date is fresh for 5 minutes; other searches for the descriptor's hour")
    func newsCacheTime() async throws {
        let nyt = try NYTHost()
        #expect(await nyt.run(["nyt", "election", "--sort", "newest"]).code == .success)
        #expect(await nyt.run(["nyt", "election", "--sort", "newest", "--to", "2020-01-01"]).code == .success)
        let rows = try nyt.host.rows("SELECT key, fresh_until - stored_at AS ttl FROM apicli_http_cache ORDER BY key")
        let ttls = rows.compactMap { $0["ttl"].double.map { Int($0.rounded()) } }
        #expect(ttls.sorted() == [300, 3600], "\(ttls)")
    }
}
