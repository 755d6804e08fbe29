import APIHost
import Foundation
import Testing
import TestSupport

@testable import Weather

/// The glance through the host: the forecast and the current conditions are asked,
/// the current ones cached as `--now` caches them; when they fail the forecast is
/// still shown; scripts' formats, a piped table and `--steps` ask the forecast alone.
@Suite("The glance through the host")
struct GlanceHostTests {
    static let currentPath = "/data/2.5/weather"

    /// Routes for Hemel Hempstead: the place, its forecast, and current conditions answered
    /// with `current` (the recorded London answer, or a failure).
    static func host(current: @escaping StubRoutes.Answer) throws -> InProcessHost {
        let place = RecordedWeather.json(try RecordedWeather.data("geo/direct_hemel_hempstead_aahill1.json"))
        let forecast = RecordedWeather.json(try RecordedWeather.data("forecast/forecast_hemel_hempstead_latlon_2022_aahill1.json"))
        return try RecordedWeather.host(StubRoutes([
            RecordedWeather.directPath: { _ in place },
            RecordedWeather.forecastPath: { _ in forecast },
            currentPath: current,
        ]), variables: ["COLUMNS": "80"])
    }

    static func londonNow() throws -> StubRoutes.Answer {
        let body = RecordedWeather.json(try RecordedWeather.data("current/current-london-2024-standard-baranbarandev.json"))
        return { _ in body }
    }

    @Test("the default view asks the forecast and the current conditions, the second by the same place")
    func twoRequests() async throws {
        let host = try Self.host(current: try Self.londonNow())
        let run = await host.run(["weather", "Hemel Hempstead", "--units", "standard"]) { $0.stdoutIsTerminal = true }
        #expect(run.code == .success, "\(run.stderr)")
        let paths = host.transport.requests.map(\.url.path)
        #expect(paths == [RecordedWeather.directPath, RecordedWeather.forecastPath, Self.currentPath])
        let forecast = try #require(host.transport.requests.first { $0.url.path == RecordedWeather.forecastPath })
        let current = try #require(host.transport.requests.first { $0.url.path == Self.currentPath })
        #expect(RecordedWeather.value("lat", in: forecast) == RecordedWeather.value("lat", in: current))
        #expect(run.stdout.contains("now 275.8 K"), "\(run.stdout)")
        #expect(run.stdout.contains("afternoon"))
        // Stored as `--now` stores it: offline, `--now` shows it.
        let now = await host.run(["weather", "Hemel Hempstead", "--units", "standard", "--now", "--offline"])
        #expect(now.code == .success, "\(now.stderr)")
        #expect(now.stdout.contains("275.8 K"), "\(now.stdout)")
        // And the glance offline shows both again.
        let offline = await host.run(["weather", "Hemel Hempstead", "--units", "standard", "--offline"]) { $0.stdoutIsTerminal = true }
        #expect(offline.stdout.contains("now 275.8 K"), "\(offline.stdout)")
    }

    @Test("when the current conditions fail, the forecast is still shown, and stderr says why")
    func currentFails() async throws {
        let host = try Self.host(current: { _ in HTTPResponse(status: 500, body: Data("{}".utf8)) })
        let run = await host.run(["weather", "Hemel Hempstead", "--units", "standard"]) { $0.stdoutIsTerminal = true }
        #expect(run.code == .success, "\(run.stderr)")
        #expect(!run.stdout.contains("now "))
        #expect(run.stdout.contains("afternoon") && run.stdout.contains("temp  "), "\(run.stdout)")
        #expect(!run.stderr.isEmpty)
    }

    @Test("JSON, CSV, NDJSON, lines, --fields, --steps and a piped table ask the forecast alone and keep their shapes",
          arguments: [["--json"], ["--format", "csv"], ["--format", "ndjson"], ["--format", "line"], ["--fields", "temp"], ["--steps"], []])
    func forecastAlone(_ words: [String]) async throws {
        let host = try Self.host(current: try Self.londonNow())
        // On a terminal, but for the last: a table piped to a script.
        let run = await host.run(["weather", "Hemel Hempstead"] + words) { $0.stdoutIsTerminal = !words.isEmpty }
        #expect(run.code == .success, "\(run.stderr)")
        #expect(!host.transport.requests.contains { $0.url.path == Self.currentPath }, "\(words)")
        #expect(!run.stdout.contains("afternoon"), "\(words): \(run.stdout.prefix(400))")
    }

    @Test("--steps goes with neither --daily, --now nor --air")
    func stepsConflicts() async throws {
        let host = try Self.host(current: try Self.londonNow())
        for other in ["--daily", "--now", "--air"] {
            let run = await host.run(["weather", "Hemel Hempstead", "--steps", other])
            #expect(run.code == .usage, "\(other): \(run.stderr)")
        }
    }
}
