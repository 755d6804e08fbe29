import APICore
import APIHost
import Foundation
import Testing

@testable import Weather

/// A server may send any number JSON allows. Every view that turns a temperature or an amount
/// into a bar (the glance's charts, `--daily`, `--chart`) and the moon field must draw it, not trap
/// on converting an infinite or NaN ratio to an integer.
@Suite("Charts and the moon under the widest numbers")
struct ExtremeNumbersChartTests {
    let provider = WeatherProvider()

    @Test("±1e308 temperatures and a 1e308 mm rain draw in every view", arguments: [
        ForecastLayout(glance: true), ForecastLayout(daily: true), ForecastLayout(chart: true),
    ])
    func extremes(layout: ForecastLayout) throws {
        var (forecast, _) = try WeatherFixtures.forecast("weather-rostov-metric-ru-cnt8.json")
        forecast.entries[0].temperature = .double(1e308)
        forecast.entries[1].temperature = .double(-1e308)
        forecast.entries[2].rain = .double(1e308)
        forecast.entries[3].rain = .double(.leastNonzeroMagnitude)
        forecast.layout = layout
        let view = OutputRenderer.render(provider, [forecast], as: .table, terminal: Terminal(width: 80))
        #expect(!view.isEmpty)
        #expect(view.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(view)")
    }

    @Test("the moon of the first and last second a date can hold", arguments: [Int64.min, Int64.max, 0])
    func moon(unix: Int64) {
        #expect(!MoonPhase.symbol(unix: unix).isEmpty)
    }
}
