import Foundation
import TestSupport
import Testing

/// Key trouble that is not a bad key, services failing for a while, connections
/// refused and a place name longer than the terminal: each one line, its exit code,
/// and the store as it was.
@Suite("Key trouble, failing services and long names, end to end")
struct KeyTroubleEndToEndTests {
    @Test("OpenWeather's 401: 77, and the message says a new key can take up to 2 hours")
    func newOpenWeatherKey() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let body = try Fixtures.real("errors/owm_401_invalid_api_key_dblock_2020.json")
        fixtures.fail(with: .json(body, status: 401))
        let result = try await sandbox.run(["weather", "--id", "501183"])
        #expect(result.exitCode == 77, "\(result.stderrText)")
        #expect(result.stderrText.hasPrefix("apicli: error: OpenWeather rejected the API key (Invalid API key."))
        #expect(result.stderrText.contains("a new key can take up to 2 hours to become active"))
        #expect(result.stderrText.split(separator: "\n").count == 1)
        #expect(fixtures.requests.count == 1, "a rejected key is not retried")
    }

    @Test("NYT's 403 while throttling is temporary (75), not a rejected key; one whose body blames the key is 77")
    func nytThrottling403() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let quota = try Fixtures.real("errors/nyt_429_quota_violation_pika.json")
        fixtures.fail(with: .json(quota, status: 403))
        let throttled = try await sandbox.run(["nyt", "election"])
        #expect(throttled.exitCode == 75, "\(throttled.stderrText)")
        #expect(throttled.stderrText.contains("NYT is unavailable for now (Rate limit quota violation."))
        #expect(!throttled.stderrText.contains("rejected"))

        let invalid = try Fixtures.real("errors/nyt_401_invalid_apikey_khalilahmad0.json")
        fixtures.fail(with: .json(invalid, status: 403))
        let rejected = try await sandbox.run(["nyt", "climate"])
        #expect(rejected.exitCode == 77, "\(rejected.stderrText)")
        #expect(rejected.stderrText.contains("NYT rejected the API key"))
        #expect(try sandbox.count("nyt_articles") == 0)
    }

    @Test("a 5xx still failing after the retries: 75 'try again later'; with stored results they stand in")
    func serverErrors() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let stored = try await sandbox.run(["nyt", "election"])
        #expect(stored.exitCode == 0)
        let before = try sandbox.snapshot(["nyt_articles", "nyt_queries"])
        fixtures.fail(with: .status(503))
        let nothing = try await sandbox.run(["nyt", "unrelatedword"])
        #expect(nothing.exitCode == 75, "\(nothing.stderrText)")
        #expect(nothing.stderrText.contains("NYT is unavailable for now (HTTP 503); try again later"))
        let fallback = try await sandbox.run(["nyt", "election", "--refresh"])
        #expect(fallback.exitCode == 0, "\(fallback.stderrText)")
        #expect(fallback.stderrText.contains("showing results stored at"))
        #expect(try sandbox.snapshot(["nyt_articles", "nyt_queries"]) == before)
    }

    @Test("nothing listening: 'could not connect to 127.0.0.1:PORT (connection refused)', never a bare code")
    func connectionRefused() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        // A port bound but never listened on: refused, and no other test's server can take it.
        let refusing = try RefusingPort()
        let base = refusing.baseURL.absoluteString
        let port = refusing.port
        let result = try await sandbox.run(["nyt", "election"], set: ["APICLI_NYT_BASE_URL": base, "APICLI_TIMEOUT": "2"])
        #expect(result.exitCode == 69, "\(result.stderrText)")
        #expect(result.stderrText.contains("could not connect to 127.0.0.1:\(port) (connection refused)"), "\(result.stderrText)")
        #expect(!result.stderrText.contains("-1"))
    }

    @Test("a place name longer than the terminal is cut with … in the header, as every line fits")
    func longPlaceName() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        var body = try Fixtures.real(FixtureServer.weatherFixture)
        let marker = Data(#""name":"Ростов""#.utf8)
        let range = try #require(body.range(of: marker))
        body.replaceSubrange(range, with: Data(#""name":"\#(String(repeating: "Llanfairpwllgwyngyll", count: 10))""#.utf8))
        fixtures.answer(.json(body)) { $0.path == FixtureServer.weatherPath }
        let result = try await sandbox.run(["weather", "--id", "501183"], set: ["COLUMNS": "50"])
        #expect(result.exitCode == 0, "\(result.stderrText)")
        let lines = result.stdoutText.split(separator: "\n")
        for line in lines { #expect(line.count <= 50, "\(line.count): \(line)") }
        #expect(lines.first?.hasSuffix("…") == true, "\(lines.first ?? "")")
    }
}
