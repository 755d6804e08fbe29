import APIHost
import APIHTTP
import Foundation
import Testing
import TestSupport

@testable import Weather

/// What Weather reads from OpenWeather's real error answers, through the host
/// in-process: the requests sent, the exit code, one line of the right kind, and
/// stored results standing in. (These were the Weather tests of the binary's
/// `ProviderFailureEndToEndTests` and `KeyTroubleEndToEndTests`.)
@Suite("Weather provider failures, in-process")
struct ProviderFailureHostTests {
    @Test("OpenWeather's blocked-account 429 is never retried: one request, 75, its words quoted; stored results stand in")
    func blockedAccount() async throws {
        let weather = try WeatherHost()
        let stored = await weather.run(["weather", "--id", "501183"])
        #expect(stored.code == .success, "\(stored.stderr)")
        let blocked = try TestSupport.Fixtures.real("errors/owm_429_account_blocked_jdai03.json")
        weather.routes.answer(WeatherRoutes.json(blocked, status: 429)) { $0.path == WeatherRoutes.forecastPath }
        let before = weather.forecasts.count

        let fallback = await weather.run(["weather", "--id", "501183", "--refresh"])
        #expect(weather.forecasts.count == before + 1, "asked again once after a blocked answer")
        #expect(fallback.code == .success, "\(fallback.stderr)")
        #expect(fallback.stderr.contains("OpenWeather has blocked this key for now (Your account is temporary blocked"))
        #expect(fallback.warnings.contains { $0.contains("showing results stored at") }, "\(fallback.stderr)")

        let nothing = await weather.run(["weather", "--id", "2988507"])
        #expect(weather.forecasts.count == before + 2)
        #expect(nothing.code == .temporaryFailure, "\(nothing.stderr)")
        #expect(nothing.isOneErrorLine, "\(nothing.stderr)")
        #expect(nothing.errors.first?.hasPrefix("apicli: error: OpenWeather has blocked this key for now (") == true)
        #expect(nothing.stdout.isEmpty)
    }

    @Test("OpenWeather's 404: 66, naming the city (also when the 404 body comes with status 200)", arguments: [404, 200])
    func unknownCity(status: Int) async throws {
        // From Weather's half of the binary's `ExitCodeTests`: every request gets the recorded 404 body.
        let body = String(decoding: try TestSupport.Fixtures.real("weather/weather-error-404-city-not-found.json"), as: UTF8.self)
        let host = try InProcessHost(
            sources: [.compiled([WeatherProvider()])], variables: ["OPENWEATHER_API_KEY": "owmKEY-inprocess-7b2d5e"]
        ) { _, _ in InProcessHost.json(body, status: status) }
        let run = await host.run(["weather", "Atlantis"])
        #expect(run.code == .noInput, "\(run.stderr)")
        #expect(run.stderr.contains("Atlantis"))
        #expect(run.isOneErrorLine, "\(run.stderr)")
    }

    @Test("OpenWeather's 401: 77, and the message says a new key can take up to 2 hours")
    func newKey() async throws {
        let weather = try WeatherHost()
        weather.routes.fail(with: WeatherRoutes.json(
            try TestSupport.Fixtures.real("errors/owm_401_invalid_api_key_dblock_2020.json"), status: 401))
        let result = await weather.run(["weather", "--id", "501183"])
        #expect(result.code == .permissionDenied, "\(result.stderr)")
        #expect(result.isOneErrorLine, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("apicli: error: OpenWeather rejected the API key (Invalid API key."))
        #expect(result.stderr.contains("a new key can take up to 2 hours to become active"))
        #expect(weather.requests.count == 1, "a rejected key is not retried")
    }

    @Test("a place name longer than the terminal is cut with … in the header, as every line fits")
    func longPlaceName() async throws {
        let weather = try WeatherHost()
        var body = weather.routes.body(WeatherRoutes.forecastFixture)
        let marker = Data(#""name":"Ростов""#.utf8)
        let range = try #require(body.range(of: marker))
        body.replaceSubrange(range, with: Data(#""name":"\#(String(repeating: "Llanfairpwllgwyngyll", count: 10))""#.utf8))
        weather.routes.answer(WeatherRoutes.json(body)) { $0.path == WeatherRoutes.forecastPath }
        let result = await weather.run(["weather", "--id", "501183"], setting: ["COLUMNS": "50"])
        #expect(result.code == .success, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        for line in lines { #expect(line.count <= 50, "\(line.count): \(line)") }
        #expect(lines.first?.hasSuffix("…") == true, "\(lines.first ?? "")")
    }
}
