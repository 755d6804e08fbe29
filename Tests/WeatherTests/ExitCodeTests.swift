import APIHost
import APIHTTP
import Foundation
import Testing
import TestSupport

@testable import Weather

/// Weather's documented exit codes through the host, in-process: each is one
/// `apicli: error:` line, and what is refused sends nothing (these were the
/// Weather half of the binary's `ExitCodeTests`).
@Suite("Weather exit codes, in-process")
struct ExitCodeTests {
    static let key = "owmKEY-inprocess-7b2d5e"

    static func host(
        variables: [String: String] = ["OPENWEATHER_API_KEY": key], answer: HTTPResponse = InProcessHost.json("{}")
    ) throws -> InProcessHost {
        try InProcessHost(sources: [.compiled([WeatherProvider()])], variables: variables) { _, _ in answer }
    }

    @Test("no key: 78, saying how to set it, and nothing is sent")
    func missingKey() async throws {
        let host = try Self.host(variables: ["OPENWEATHER_API_KEY": ""])
        let run = await host.run(["weather", "Paris"])
        #expect(run.code == .configuration)
        #expect(run.stderr.contains("OPENWEATHER_API_KEY") && run.stderr.contains("apicli config set weather.api-key"), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(run.isOneErrorLine, "\(run.stderr)")
        #expect(host.transport.requests.isEmpty)
    }

    @Test("401: 77, once, without the key")
    func rejectedKey() async throws {
        let body = #"{"cod":401, "message": "Invalid API key. Please see https://openweathermap.org/faq#error401 for more info."}"#
        let host = try Self.host(answer: InProcessHost.json(body, status: 401))
        let run = await host.run(["weather", "Paris"])
        #expect(run.code == .permissionDenied, "\(run.stderr)")
        #expect(run.stderr.contains("key") && !run.stderr.contains(Self.key))
        #expect(run.isOneErrorLine, "\(run.stderr)")
        #expect(host.transport.requests.count == 1, "a rejected key is not a network failure: no retry")
    }

    @Test("404: 66, naming the city (also when the 404 body comes with status 200)", arguments: [404, 200])
    func unknownCity(status: Int) async throws {
        let body = String(decoding: try TestSupport.Fixtures.real("weather/weather-error-404-city-not-found.json"), as: UTF8.self)
        let host = try Self.host(answer: InProcessHost.json(body, status: status))
        let run = await host.run(["weather", "Atlantis"])
        #expect(run.code == .noInput, "\(run.stderr)")
        #expect(run.stderr.contains("Atlantis"))
        #expect(run.isOneErrorLine, "\(run.stderr)")
    }

    @Test("429 with Retry-After past the deadline: 75 at once, saying when to retry")
    func rateLimited() async throws {
        var answer = InProcessHost.json(
            String(decoding: try TestSupport.Fixtures.real("nyt/nyt-error-429-rate-limit-books.json"), as: UTF8.self), status: 429)
        answer.headers["Retry-After"] = "3600"
        let host = try Self.host(variables: ["OPENWEATHER_API_KEY": Self.key, "APICLI_TIMEOUT": "300"], answer: answer)
        let started = ContinuousClock.now
        let run = await host.run(["weather", "Paris"])
        #expect(ContinuousClock.now - started < .seconds(120), "no waiting for an hour, nor for the deadline")
        #expect(run.code == .temporaryFailure, "\(run.stderr)")
        #expect(run.stderr.contains("rate limit"), "\(run.stderr)")
        #expect(run.stderr.contains("retry in 3600 s") || run.stderr.contains("retry in 60 min"), "\(run.stderr)")
        #expect(run.isOneErrorLine, "\(run.stderr)")
        #expect(host.transport.requests.count == 1, "one attempt: the wait passes the deadline")
    }

    @Test("an unknown provider, option, choice or command: 64 with a suggestion, before any request")
    func unknownNames() async throws {
        let host = try Self.host()
        let cases = [
            (["weathr", "Paris"], "'weather'"), (["weather", "Paris", "--unit", "metric"], "--units"),
            (["weather", "Paris", "--units", "imperal"], "'imperial'"), (["stroe", "info"], "'store'"),
        ]
        for (words, suggestion) in cases {
            let run = await host.run(words)
            #expect(run.code == .usage, "\(words): \(run.stderr)")
            #expect(run.stderr.contains("did you mean") && run.stderr.contains(suggestion), "\(run.stderr)")
            #expect(run.isOneErrorLine, "\(run.stderr)")
        }
        #expect(host.transport.requests.isEmpty)
    }

    @Test("--cnt 41 and --cnt 0: 64 before any request")
    func badCounts() async throws {
        let host = try Self.host()
        for count in ["41", "0"] {
            let run = await host.run(["weather", "Paris", "--cnt", count])
            #expect(run.code == .usage, "\(count): \(run.stderr)")
            #expect(run.stderr.contains("cnt") && run.isOneErrorLine, "\(run.stderr)")
        }
        #expect(host.transport.requests.isEmpty)
    }
}
