import APIHost
import Testing
import TestSupport

@testable import Weather

/// `config` takes the global options before and after it, in-process; on Weather
/// because it needs a provider option to set (`weather.units`).
@Suite struct ConfigOptionsTests {
    @Test("config takes global options before and after it")
    func config() async throws {
        let host = try InProcessHost(sources: [.compiled([WeatherProvider()])]) { _, _ in InProcessHost.json("{}") }
        let set = await host.run(["--quiet", "config", "set", "weather.units", "imperial"])
        #expect(set.code == .success, "\(set.stderr)")
        let before = await host.run(["--color", "never", "config", "get", "weather.units"])
        let after = await host.run(["config", "get", "weather.units", "--color=never", "-q"])
        #expect(before.code == .success && after.code == .success, "\(before.stderr) \(after.stderr)")
        #expect(before.stdout == "imperial\n" && after.stdout == "imperial\n", "\(before.stdout)")
        #expect(host.transport.requests.isEmpty)
    }
}
