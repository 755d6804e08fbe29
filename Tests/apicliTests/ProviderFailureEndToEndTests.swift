import Foundation
import TestSupport
import Testing

/// What providers read from real error answers, worded by the host, end to end:
/// the request log, the exit code, the one line, and the store.
@Suite("Provider failures and NYT search edges, end to end")
struct ProviderFailureEndToEndTests {
    @Test("OpenWeather's blocked-account 429 is never retried: one request, 75, its words quoted; stored results stand in")
    func blockedAccount() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let stored = try await sandbox.run(["weather", "--id", "501183"])
        #expect(stored.exitCode == 0, "\(stored.stderrText)")
        let blocked = try Fixtures.real("errors/owm_429_account_blocked_jdai03.json")
        fixtures.answer(.json(blocked, status: 429)) { $0.path == FixtureServer.weatherPath }
        let before = fixtures.forecasts.count

        let fallback = try await sandbox.run(["weather", "--id", "501183", "--refresh"])
        #expect(fixtures.forecasts.count == before + 1, "asked again after a blocked answer")
        #expect(fallback.exitCode == 0, "\(fallback.stderrText)")
        #expect(fallback.stderrText.contains("OpenWeather has blocked this key for now (Your account is temporary blocked"))
        #expect(fallback.stderrText.contains("showing results stored at"))

        let nothing = try await sandbox.run(["weather", "--id", "2988507"])
        #expect(fixtures.forecasts.count == before + 2)
        #expect(nothing.exitCode == 75, "\(nothing.stderrText)")
        #expect(nothing.stderrText.hasPrefix("apicli: error: OpenWeather has blocked this key for now ("))
        #expect(nothing.stderrText.split(separator: "\n").count == 1, "\(nothing.stderrText)")
        #expect(nothing.stdout.isEmpty)
    }

    @Test("a search by --fq alone is valid, and says on stderr how much of the hits the table shows")
    func filterAlone() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let result = try await sandbox.run(["nyt", "--fq", #"section_name:("Sports")"#])
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(fixtures.requests.last?.query("q") == nil)
        #expect(fixtures.requests.last?.query("fq") == #"section_name:("Sports")"#)
        // The recorded page says 27 hits and carries 10.
        #expect(result.stderrText == "apicli: 10 of 27; more with --pages\n")
        #expect(result.stdoutText.split(separator: "\n").count == 11)
        let quiet = try await sandbox.run(["nyt", "--fq", #"section_name:("Sports")"#, "-q"])
        #expect(quiet.stderr.isEmpty)
        // JSON stays an array of the articles, and says nothing on stderr.
        let json = try await sandbox.run(["nyt", "--fq", #"section_name:("Sports")"#, "--json"])
        #expect((try JSONSerialization.jsonObject(with: json.stdout) as? [Any])?.count == 10)
        #expect(json.stderr.isEmpty)
        let none = try await sandbox.run(["nyt"])
        #expect(none.exitCode == 64, "\(none.stderrText)")
    }

    @Test("--sort newest with an open end date is fresh for 5 minutes; other searches for the descriptor's hour")
    func newsCacheTime() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        #expect(try await sandbox.run(["nyt", "election", "--sort", "newest"]).exitCode == 0)
        #expect(try await sandbox.run(["nyt", "election", "--sort", "newest", "--to", "2020-01-01"]).exitCode == 0)
        let rows = try sandbox.rows("SELECT key, fresh_until - stored_at AS ttl FROM apicli_http_cache ORDER BY key")
        let ttls = rows.compactMap { $0["ttl"].double.map { Int($0.rounded()) } }
        #expect(ttls.sorted() == [300, 3600], "\(ttls)")
    }
}
