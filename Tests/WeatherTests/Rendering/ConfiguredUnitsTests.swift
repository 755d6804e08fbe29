import APIHost
import Testing
import TestSupport

@testable import Weather

/// Units set with `config set weather.units` reach Weather's request and its table, through
/// the host in-process. (Weather's half of the binary's `ConfigEndToEndTests`; where a
/// setting comes from, and in which order, is `APIHostTests`' `ConfigDefaultsTests`.)
@Suite("Configured units in Weather's table, in-process")
struct ConfiguredUnitsTests {
    @Test("config set weather.units imperial: the next run asks for and shows imperial units")
    func imperialFromConfig() async throws {
        let host = try InProcessHost(
            sources: [.compiled([WeatherProvider()])], variables: ["OPENWEATHER_API_KEY": "owmKEY-config-1a2b3c"],
            routes: try WeatherOfflineFallbackTests.routes())
        let set = await host.run(["config", "set", "weather.units", "imperial"])
        #expect(set.code == .success, "\(set.stderr)")
        let run = await host.run(["weather", "Rostov"])
        #expect(run.code == .success, "\(run.stderr)")
        let forecast = host.transport.requests.last { $0.path == "/data/2.5/forecast" }
        #expect(forecast?.query.first { $0.name == "units" }?.value == "imperial")
        #expect(run.stdout.contains("°F") && run.stdout.contains("mph"), "\(run.stdout)")
    }
}
