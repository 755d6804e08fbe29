import APIHost
import APIHTTP
import Foundation
import Testing
import TestSupport

@testable import Weather

/// A distinctive OpenWeather key travels to the server and nowhere else: not
/// stdout, not stderr (traces and every error included), not the store's files,
/// whatever the server does (``LeakingFaults``). In-process; each scenario has its
/// own store. (This was the Weather half of the binary's `KeyLeakTests`.)
@Suite("Weather's key never leaks, in-process")
struct KeyLeakHostTests {
    static let canary = "canaryOWM1z2x3c4v"

    @Test("the key reaches the server and appears in no output, error, trace or store file")
    func keyStaysOnTheWire() async throws {
        let formats = ["table", "json", "ndjson", "csv"].map { ["weather", "Rostov", "Paris", "-v", "--refresh", "--format", $0] }
        let scenarios = try await LeakScenario.all(
            quoting: Self.canary,
            make: {
                let weather = try WeatherHost(variables: ["OPENWEATHER_API_KEY": Self.canary, "APICLI_TIMEOUT": "2"])
                return (weather.host, { weather.routes.fail(with: $0) })
            },
            successes: formats + [
                ["weather", "Rostov", "--cnt", "99", "-v"], ["config", "list"], ["config", "get", "weather.api-key"], ["store", "info"],
            ],
            first: ["weather", "Rostov"],
            afterwards: [["weather", "Rostov", "--verbose", "--refresh"], ["weather", "Nowhere", "--verbose"]])

        #expect(scenarios.count == 10)
        let codes = Set(scenarios.flatMap(\.runs).map(\.code))
        #expect(codes.isSuperset(of: [.success, .permissionDenied, .dataError, .temporaryFailure, .usage]), "\(codes)")
        #expect(scenarios.flatMap(\.runs).contains { $0.stderr.contains("GET ") }, "--verbose traced something")
        let leaks = LeakScenario.leaks(of: Self.canary, in: scenarios)
        #expect(leaks.isEmpty, "\(leaks)")
    }
}
