import APIHost
import Foundation
import Testing
import TestSupport

@testable import Weather

/// What a weather run leaves in the store, read back with APIStore, in-process.
/// (This was the Weather half of the binary's `StoredRowsTests`.)
@Suite("Weather's stored rows after a run, in-process")
struct WeatherStoredRowsTests {
    @Test("weather stores the latest forecast per city, units and language, replaced whole")
    func weatherRows() async throws {
        let host = try RecordedWeather.host(try RecordedWeather.routes())
        let first = await host.run(["weather", "Rostov"])
        #expect(first.code == .success, "\(first.stderr)")
        let forecast = try #require(try host.rows(
            "SELECT requested, units, lang, city_name, country, city_id, timezone FROM weather_forecasts").first)
        #expect(forecast["requested"].string == "Rostov")
        #expect(forecast["units"].string == "metric")
        #expect(forecast["city_name"].string == "Ростов")
        #expect(forecast["country"].string == "RU")
        #expect(forecast["city_id"].int == 501183)
        #expect(forecast["timezone"].int == 10800)
        #expect(try host.count("weather_entries") == 8)
        let entry = try #require(try host.rows(
            "SELECT dt, temp, description, icon FROM weather_entries ORDER BY position LIMIT 1").first)
        #expect(entry["temp"].double == 10.27)
        #expect(entry["description"].string == "пасмурно")

        // Another city and other units are other rows; the same city again replaces its rows.
        // (London's forecast has 3 steps.)
        let london = await host.run(["weather", "London", "--lang", "fr"])
        let imperial = await host.run(["weather", "Rostov", "--units", "imperial"])
        #expect(london.code == .success && imperial.code == .success, "\(london.stderr) \(imperial.stderr)")
        #expect(try host.count("weather_forecasts") == 3)
        #expect(try host.count("weather_entries") == 8 + 3 + 8)

        let refreshed = await host.run(["weather", "Rostov", "--refresh"])
        #expect(refreshed.code == .success)
        #expect(try host.count("weather_forecasts") == 3)
        #expect(try host.count("weather_entries") == 19)
    }
}
