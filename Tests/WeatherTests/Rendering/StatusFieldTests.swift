import APICore
import APIHost
import Foundation
import Testing
import TestSupport

@testable import Weather

/// The status-bar fields on real answers: Sydney (southern and eastern hemispheres,
/// `--now`), Rostov (eastern, the steps), Hemel Hempstead (western, the days); and a
/// temperature of -0.01, which prints without a minus everywhere.
@Suite("Template fields for a status bar")
struct StatusFieldTests {
    let provider = WeatherProvider()

    /// A template rendered through the host on a stub route answering with `body` at `path`.
    static func lines(_ words: [String], path: String, fixture: String) async throws -> [String] {
        let body = RecordedWeather.json(try RecordedWeather.data(fixture))
        let place = RecordedWeather.json(try RecordedWeather.data("geo/reverse_london_dblock_2026.json"))
        let host = try RecordedWeather.host(StubRoutes([path: { _ in body }, "/geo/1.0/reverse": { _ in place }]))
        let run = await host.run(["weather"] + words)
        #expect(run.code == .success, "\(run.stderr)")
        return run.stdout.split(separator: "\n").map(String.init)
    }

    @Test("--now in Sydney: symbol, temperature with its unit, compass point, arrow and moon")
    func sydneyNow() async throws {
        let lines = try await Self.lines(
            ["-33.87,151.21", "--now", "--template", "{symbol}|{temp_text}|{wind_dir}|{wind_arrow}|{moon}"],
            path: "/data/2.5/weather", fixture: "current/current-sydney-2020-metric-rain1h-ramola1808.json")
        // 2020-07-17, three days before the new moon of 2020-07-20: a waning crescent.
        #expect(lines == ["☾☂|12.3°C|SW|↗|🌘"])
    }

    @Test("the steps in Rostov: every step has its symbol, unit, wind and chance in percent")
    func rostovSteps() async throws {
        let lines = try await Self.lines(
            ["47.22,39.72", "--template", "{local_time:%H:%M} {symbol} {temp_text} {wind_dir}{wind_arrow} {pop_pct} {moon}"],
            path: "/data/2.5/forecast", fixture: "weather/weather-rostov-metric-ru-cnt8.json")
        #expect(lines.count == 8)
        // 2022-09-23, two days before the new moon of 2022-09-25: a waning crescent.
        #expect(lines.first == "00:00 ☁☁ 10.3°C NE↙ 0% 🌘", "\(lines)")
        #expect(lines.contains("15:00 ☀☂ 14.8°C NE↙ 20% 🌘"), "\(lines)")
    }

    @Test("--fields help lists the status fields for the steps, the days and now")
    func listed() async throws {
        let host = try RecordedWeather.host(try RecordedWeather.routes())
        for view in [[], ["--daily"], ["--now"]] {
            let help = await host.run(["weather", "--fields", "help"] + view)
            for name in ["symbol", "temp_text", "wind_dir", "wind_arrow", "moon"] {
                #expect(help.stdout.contains(name + " "), "\(view): \(name)")
            }
        }
    }

    @Test("a temperature of -0.01 prints without a minus: table, glance, template, temp_text")
    func negativeZero() async throws {
        var (forecast, _) = try WeatherFixtures.forecast("weather-rostov-metric-ru-cnt8.json")
        forecast.entries[0].temperature = .double(-0.01)
        forecast.entries[0].feelsLike = .double(-0.01)
        let table = OutputRenderer.render(provider, [forecast], as: .table, terminal: Terminal(width: 120))
        #expect(table.contains(" 0.0°C") && !table.contains("-0.0"), "\(table)")
        var glance = forecast
        glance.layout = ForecastLayout(glance: true)
        let view = OutputRenderer.render(provider, [glance], as: .table, terminal: Terminal(width: 80))
        #expect(!view.contains("-0°") && !view.contains("-0…") && !view.contains("-0.0"), "\(view)")
        #expect(view.contains(" 0…"), "\(view)")
        let fields = StatusFields.elements([forecast]) { provider.json($0) }
        let first = try #require(fields.first?["forecasts"]?.elements.first)
        #expect(first["temp_text"] == .string("0.0°C"))
    }

    @Test("a template's {temp:.0} of -0.01 prints 0, and {temp:.1} 0.0; -0.06 is 0 and -0.1")
    func negativeZeroInTemplates() async throws {
        // The recorded Rostov answer with its first temperature made -0.01 and its second -0.06.
        var text = String(decoding: try RecordedWeather.data("weather/weather-rostov-metric-ru-cnt8.json"), as: UTF8.self)
        text = text.replacingOccurrences(of: "\"temp\":10.27", with: "\"temp\":-0.01")
        text = text.replacingOccurrences(of: "\"temp\":9.71", with: "\"temp\":-0.06")
        let body = RecordedWeather.json(Data(text.utf8))
        let place = RecordedWeather.json(try RecordedWeather.data("geo/reverse_london_dblock_2026.json"))
        let host = try RecordedWeather.host(StubRoutes(["/data/2.5/forecast": { _ in body }, "/geo/1.0/reverse": { _ in place }]))
        let run = await host.run(["weather", "47.22,39.72", "--template", "{temp:.0}|{temp:.1}|{temp_text}"])
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(2)) == ["0|0.0|0.0°C", "0|-0.1|-0.1°C"], "\(lines)")
    }
}
