import Foundation
import Testing
import TestSupport

/// Every documented exit code from the built binary, each with one clear line on stderr.
@Suite("Exit codes, end to end")
struct ExitCodeTests {
    @Test("no key: 78, saying how to set it, and nothing is sent")
    func missingKey() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        async let nyt = sandbox.run(["nyt", "election"], unset: ["NYT_API_KEY"])
        async let weather = sandbox.run(["weather", "Paris"], set: ["OPENWEATHER_API_KEY": ""])
        let (nytResult, weatherResult) = try await (nyt, weather)
        #expect(nytResult.exitCode == 78)
        #expect(nytResult.stderrText.contains("NYT_API_KEY"))
        #expect(nytResult.stderrText.contains("apicli config set nyt.api-key"))
        #expect(weatherResult.exitCode == 78)
        #expect(weatherResult.stderrText.contains("OPENWEATHER_API_KEY"))
        #expect(weatherResult.stderrText.contains("apicli config set weather.api-key"))
        for result in [nytResult, weatherResult] {
            #expect(result.stdout.isEmpty)
            #expect(Self.isOneErrorLine(result.stderrText), "\(result.stderrText)")
        }
        #expect(fixtures.requests.isEmpty)
    }

    @Test("401: 77 for both providers")
    func rejectedKey() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        fixtures.fail(with: .json(#"{"cod":401, "message": "Invalid API key. Please see https://openweathermap.org/faq#error401 for more info."}"#, status: 401))
        async let nyt = sandbox.run(["nyt", "election"])
        async let weather = sandbox.run(["weather", "Paris"])
        let (nytResult, weatherResult) = try await (nyt, weather)
        for result in [nytResult, weatherResult] {
            #expect(result.exitCode == 77, "\(result.stderrText)")
            #expect(result.stderrText.contains("key"))
            #expect(Self.isOneErrorLine(result.stderrText), "\(result.stderrText)")
        }
        // A rejected key is not a network failure: no retry.
        #expect(fixtures.requests.count == 2)
    }

    @Test("weather 404: 66, naming the city (also when the 404 body comes with status 200)", arguments: [404, 200])
    func unknownCity(status: Int) async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        fixtures.fail(with: .json(try Fixtures.real("weather/weather-error-404-city-not-found.json"), status: status))
        let result = try await sandbox.run(["weather", "Atlantis"])
        #expect(result.exitCode == 66)
        #expect(result.stderrText.contains("Atlantis"))
        #expect(Self.isOneErrorLine(result.stderrText), "\(result.stderrText)")
    }

    @Test("429 with Retry-After past the deadline: 75 at once, saying when to retry")
    func rateLimited() async throws {
        // A 300 s deadline: finishing far sooner shows apicli neither waited for the hour nor for the deadline,
        // with room for the full suite's load on two cores.
        let (sandbox, fixtures) = try Sandbox.withFixtures(extra: ["APICLI_TIMEOUT": "300"])
        let fault = try Fixtures.real("nyt/nyt-error-429-rate-limit-books.json")
        fixtures.fail(with: .json(fault, status: 429, headers: [("Retry-After", "3600")]))
        let started = ContinuousClock.now
        async let nyt = sandbox.run(["nyt", "election"])
        async let weather = sandbox.run(["weather", "Paris"])
        let (nytResult, weatherResult) = try await (nyt, weather)
        #expect(ContinuousClock.now - started < .seconds(120), "no waiting for an hour, nor for the deadline")
        for result in [nytResult, weatherResult] {
            #expect(result.exitCode == 75, "\(result.stderrText)")
            #expect(result.stderrText.contains("rate limit"))
            #expect(result.stderrText.contains("retry in 3600 s") || result.stderrText.contains("retry in 60 min"),
                    "\(result.stderrText)")
            #expect(Self.isOneErrorLine(result.stderrText), "\(result.stderrText)")
        }
        #expect(fixtures.requests.count == 2, "one attempt each: the wait passes the deadline")
    }

    @Test("an undecodable body: 65, and the stored rows stay as they were", arguments: ["nyt", "weather"])
    func undecodable(provider: String) async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let command = provider == "nyt" ? ["nyt", "election"] : ["weather", "Rostov"]
        let tables = provider == "nyt"
            ? ["nyt_articles", "nyt_queries", "nyt_query_results"] : ["weather_forecasts", "weather_entries"]
        let first = try await sandbox.run(command)
        #expect(first.exitCode == 0, "\(first.stderrText)")
        let before = try sandbox.snapshot(tables + ["apicli_fetches"])
        #expect(before.values.allSatisfy { !$0.isEmpty })

        fixtures.fail(with: .json(#"{"response": {"docs": "#, headers: [("Content-Type", "text/html")]))
        let broken = try await sandbox.run(command + ["--refresh"])
        #expect(broken.exitCode == 65, "\(broken.stderrText)")
        #expect(broken.stdout.isEmpty)
        #expect(broken.stderrText.contains("nothing stored was changed"))
        #expect(Self.isOneErrorLine(broken.stderrText), "\(broken.stderrText)")
        #expect(try sandbox.snapshot(tables + ["apicli_fetches"]) == before)

        // The unreadable answer was not cached: once the server is right again, so is apicli.
        fixtures.fail(with: .json(try Fixtures.real(provider == "nyt" ? FixtureServer.nytFixture : FixtureServer.weatherFixture)))
        let healed = try await sandbox.run(command)
        #expect(healed.exitCode == 0, "\(healed.stderrText)")
        #expect(healed.stdoutText == first.stdoutText)
    }

    @Test("an unknown provider or option: 64 with a suggestion")
    func unknownNames() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        async let provider = sandbox.run(["weathr", "Paris"])
        async let option = sandbox.run(["weather", "Paris", "--unit", "metric"])
        async let choice = sandbox.run(["weather", "Paris", "--units", "imperal"])
        async let command = sandbox.run(["stroe", "info"])
        let results = try await [provider, option, choice, command]
        let suggestions = ["'weather'", "--units", "'imperial'", "'store'"]
        for (result, suggestion) in zip(results, suggestions) {
            #expect(result.exitCode == 64, "\(result.stderrText)")
            #expect(result.stderrText.contains("did you mean"), "\(result.stderrText)")
            #expect(result.stderrText.contains(suggestion), "\(result.stderrText)")
            #expect(Self.isOneErrorLine(result.stderrText), "\(result.stderrText)")
        }
        #expect(fixtures.requests.isEmpty)
    }

    @Test("bad values: a bad date, --cnt 41, --cnt 0, --sort sideways: 64 before any request")
    func badValues() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        async let date = sandbox.run(["nyt", "election", "--from", "2024-02-30"])
        async let garbled = sandbox.run(["nyt", "election", "--to", "yesterday"])
        async let tooMany = sandbox.run(["weather", "Paris", "--cnt", "41"])
        async let none = sandbox.run(["weather", "Paris", "--cnt", "0"])
        async let sort = sandbox.run(["nyt", "election", "--sort", "sideways"])
        let results = try await [date, garbled, tooMany, none, sort]
        let mentions = ["--from", "--to", "cnt", "cnt", "sort"]
        for (result, mention) in zip(results, mentions) {
            #expect(result.exitCode == 64, "\(result.stderrText)")
            #expect(result.stderrText.contains(mention), "\(result.stderrText)")
            #expect(Self.isOneErrorLine(result.stderrText), "\(result.stderrText)")
        }
        #expect(fixtures.requests.isEmpty)
    }

    /// Exactly one line, the `apicli: error:` kind, and no Swift error dump.
    static func isOneErrorLine(_ text: String) -> Bool {
        let lines = text.split(separator: "\n")
        return lines.count == 1 && text.hasPrefix("apicli: error: ") && !text.contains("Error(")
            && !text.contains("Swift.")
    }
}
