import APICore
import APIHost
import Foundation
import Testing
import TestSupport

@testable import Weather

/// Every measurement follows `--units`: imperial shows miles and inches, not only
/// °F and mph; a unit's own name (`kelvin`) gets the choice it means.
@Suite("Units all the way")
struct UnitsAllTheWayTests {
    let provider = WeatherProvider()

    @Test("imperial: rain in inches in the steps, the days, the glance and the chart; visibility in miles")
    func imperial() throws {
        var (forecast, _) = try WeatherFixtures.forecast(
            "weather-strasbourg-metric-fr-cnt40.json", WeatherQuery(city: "Strasbourg", units: .imperial))
        let steps = OutputRenderer.render(provider, [forecast], as: .table, terminal: Terminal(width: 160))
        #expect(steps.contains(" in") && !steps.contains(" mm"), "\(steps)")
        forecast.layout = ForecastLayout(daily: true)
        let days = OutputRenderer.render(provider, [forecast], as: .table, terminal: Terminal(width: 160))
        #expect(days.contains(" in") && !days.contains(" mm"), "\(days)")
        forecast.layout = ForecastLayout(glance: true)
        let glance = OutputRenderer.render(provider, [forecast], as: .table, terminal: Terminal(width: 100))
        #expect(glance.contains("max 0.04 in") && !glance.contains(" mm"), "\(glance)")

        var warnings: [String] = []
        var query = WeatherQuery(city: "London", units: .imperial)
        query.report = .current
        let now = try provider.decode(
            try TestSupport.Fixtures.real("current/current-london-2024-standard-baranbarandev.json"), for: query, warnings: &warnings)
        let text = OutputRenderer.render(provider, [now], as: .table, terminal: Terminal(width: 100))
        #expect(text.contains("visibility   6.2 mi"), "\(text)")
        #expect(MeasureText.amount(7.5, units: .imperial) == "0.30 in")
        #expect(MeasureText.amount(7.5, units: .metric) == "7.5 mm")
    }

    @Test("a unit's own name is refused with the choice it means", arguments: [("kelvin", "standard"), ("Fahrenheit", "imperial"), ("celsius", "metric")])
    func synonyms(_ word: String, _ meant: String) async throws {
        let host = try RecordedWeather.host(try RecordedWeather.routes())
        let run = await host.run(["weather", "Paris", "--units", word])
        #expect(run.code == .usage)
        #expect(run.stderr.contains("did you mean '\(meant)'?"), "\(run.stderr)")
    }
}
