import APICore
import APIHost
import Foundation
import Testing
import TestSupport

@testable import Weather

/// One CSV convention: every column of every weather view's CSV is named as
/// `--fields` names it (and JSON with it), so a header can be handed to `--fields`.
@Suite("Weather CSV headers are --fields names")
struct CSVNamesTests {
    @Test("steps, days, now, air and air by day")
    func everyView() throws {
        let provider = WeatherProvider()
        var warnings: [String] = []
        func decode(_ fixture: String, _ query: WeatherQuery) throws -> Forecast {
            try provider.decode(try TestSupport.Fixtures.real(fixture), for: query, warnings: &warnings)
        }
        var now = WeatherQuery(city: "Sydney")
        now.report = .current
        var air = WeatherQuery(city: "London")
        air.report = .air
        var airDays = WeatherQuery(city: "London", layout: ForecastLayout(daily: true))
        airDays.report = .air
        let views: [(answer: Forecast, shape: ItemShape)] = [
            (try decode("weather/weather-rostov-metric-ru-cnt8.json", WeatherQuery(city: "Rostov")), WeatherProvider.stepShape),
            (try decode("weather/weather-rostov-metric-ru-cnt8.json", WeatherQuery(city: "Rostov", layout: ForecastLayout(daily: true))),
             WeatherProvider.dayShape),
            (try decode("current/current-sydney-2020-metric-rain1h-ramola1808.json", now), WeatherProvider.currentShape),
            (try decode("air/air-pollution-london-2021-pyowm.json", air), WeatherProvider.airShape),
            (try decode("air/air-pollution-forecast-50-50-2021-pyowm.json", airDays), WeatherProvider.airDayShape),
        ]
        for (answer, shape) in views {
            let names = Set(shape.meanings.map(\.name))
            let header = provider.table([answer]).columns.map(\.title)
            for title in header { #expect(names.contains(title), "\(answer.report) \(answer.layout): \(title) is no --fields name") }
        }
    }
}
