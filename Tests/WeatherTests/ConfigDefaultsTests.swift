import APIHost
import Foundation
import Testing
import TestSupport

@testable import Weather

/// `apicli config` defaults that change Weather's requests, through the host
/// in-process: the config file, a flag and the environment in their order, a
/// value refused, and a config file others can read. (These were the binary's
/// `ConfigEndToEndTests` for `weather.*`; a key from stdin is
/// `APIHostTests.ConfigKeyTests`, and one typed on a terminal stays in the binary's.)
@Suite("Weather config defaults, in-process")
struct ConfigDefaultsTests {
    static func host(_ variables: [String: String] = ["OPENWEATHER_API_KEY": "owmKEY-config-1a2b3c"]) throws -> InProcessHost {
        try InProcessHost(sources: [.compiled([WeatherProvider()])], variables: variables, routes: try WeatherOfflineFallbackTests.routes())
    }

    /// The `units` sent with the last forecast request.
    static func units(_ host: InProcessHost) -> String? {
        host.transport.requests.last { $0.path == "/data/2.5/forecast" }?.query.first { $0.name == "units" }?.value
    }

    @Test("config set weather.units imperial: the next run asks for and shows imperial units; a flag and the environment beat it")
    func unitsFromConfig() async throws {
        let host = try Self.host()
        let set = await host.run(["config", "set", "weather.units", "imperial"])
        #expect(set.code == .success, "\(set.stderr)")
        let get = await host.run(["config", "get", "weather.units"])
        #expect(get.stdout == "imperial\n")

        let run = await host.run(["weather", "Rostov"])
        #expect(run.code == .success, "\(run.stderr)")
        #expect(Self.units(host) == "imperial")
        #expect(run.stdout.contains("°F") && run.stdout.contains("mph"), "\(run.stdout)")

        let flag = await host.run(["weather", "Rostov", "--units", "standard", "--refresh"])
        #expect(flag.code == .success, "\(flag.stderr)")
        #expect(Self.units(host) == "standard")
        var metric = host.variables
        metric["APICLI_WEATHER_UNITS"] = "metric"
        let environment = try Self.host(metric)
        let variable = await environment.run(["weather", "Rostov", "--refresh"])
        #expect(variable.code == .success, "\(variable.stderr)")
        #expect(Self.units(environment) == "metric")

        let bad = await host.run(["config", "set", "weather.units", "kelvinish"])
        #expect(bad.code == .usage, "\(bad.stderr)")
        #expect(bad.isOneErrorLine, "\(bad.stderr)")
    }

    @Test("a config file others can read is reported, and the run still succeeds")
    func readableConfigWarns() async throws {
        let host = try Self.host()
        let set = await host.run(["config", "set", "weather.lang", "fr"])
        #expect(set.code == .success, "\(set.stderr)")
        let quiet = await host.run(["weather", "Rostov"])
        #expect(!quiet.stderr.contains("chmod 600"), "a private file is not reported: \(quiet.stderr)")
        #expect(chmod(host.directory.path("config/apicli/config"), 0o644) == 0)
        let run = await host.run(["weather", "Rostov"])
        #expect(run.code == .success, "\(run.stderr)")
        #expect(run.stderr.contains("chmod 600"), "\(run.stderr)")
    }
}
