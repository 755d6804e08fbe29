import APIHost
import Foundation
import Testing
import TestSupport
@testable import Weather

/// `--daily`: one row per local day of the place, summed from its steps.
@Suite("The daily view")
struct DailyViewTests {
    let provider = WeatherProvider()

    /// Hemel Hempstead's 40 steps (2022-10-05 15:00 UTC on, UTC+1), as the geocoded place.
    func hemel(daily: Bool = true, hours: Int? = nil) throws -> Forecast {
        let body = try TestSupport.Fixtures.real("forecast/forecast_hemel_hempstead_latlon_2022_aahill1.json")
        var warnings: [String] = []
        var query = WeatherQuery(city: "Hemel Hempstead", units: .standard, layout: ForecastLayout(daily: daily, hours: hours))
        query.resolved = Place(name: "Hemel Hempstead", country: "GB", state: "England")
        return try provider.decode(body, for: query, warnings: &warnings)
    }

    @Test("the terminal table: six local days, under the place's title")
    func table() throws {
        let text = OutputRenderer.render(provider, [try hemel()], as: .table, terminal: Terminal(width: 100, unicode: true))
        try Snapshot.assert(text, named: "daily-hemel.txt")
        #expect(text.hasPrefix("Hemel Hempstead, GB\n"))
        #expect(text.contains("Wed 2022-10-05"))
        #expect(text.contains("Mon 2022-10-10"))
    }

    @Test("days follow the place's clock, with extremes, the dominant condition, totals and the strongest wind")
    func summaries() throws {
        let forecast = try hemel()
        let days = DaySummary.days(forecast.entries, offset: 3600)
        #expect(days.map(\.day.date) == ["2022-10-05", "2022-10-06", "2022-10-07", "2022-10-08", "2022-10-09", "2022-10-10"])
        for day in days {
            let steps = forecast.entries.filter { LocalTime(unix: $0.time, offset: 3600).date == day.day.date }
            #expect(day.steps == steps.count)
            // One source for the day's range and the chart's notes: the steps' own temperatures.
            #expect(day.temperatureMin?.doubleValue == steps.compactMap { $0.temperature?.doubleValue }.min())
            #expect(day.temperatureMax?.doubleValue == steps.compactMap { $0.temperature?.doubleValue }.max())
            #expect(day.windSpeed?.doubleValue == steps.compactMap { $0.windSpeed?.doubleValue }.max())
            let conditions = steps.compactMap { $0.condition?.description }
            let most = conditions.map { name in conditions.filter { $0 == name }.count }.max()
            #expect(conditions.filter { $0 == day.condition?.description }.count == most)
            #expect(day.condition?.icon?.hasSuffix("d") == true)
        }
    }

    @Test("--hours with --daily sums only the steps shown")
    func hoursThenDays() throws {
        let json = OutputRenderer.render(provider, [try hemel(hours: 9)], as: .json, terminal: .plain)
        let city = try #require((try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])?.first)
        // Under --daily the days take the steps' place, so that each day is one item.
        #expect(city["forecasts"] == nil)
        let days = try #require(city["days"] as? [[String: Any]])
        #expect(days.map { $0["date"] as? String } == ["2022-10-05"])
        #expect(days.first?["steps"] as? Int == 3)
        #expect(days.first?["description"] as? String != nil)
    }

    @Test("a step view is the same as before: --daily changes nothing stored")
    func stored() throws {
        let temporary = try TemporaryStore()
        defer { temporary.remove() }
        let forecast = try hemel(hours: 3)
        let query = WeatherQuery(city: "Hemel Hempstead", units: .standard)
        try temporary.store.write {
            try provider.persist(forecast, for: query, in: PersistContext($0, fetchedAt: Date(timeIntervalSince1970: 0)))
        }
        let back = try temporary.store.read { try provider.load(query, from: $0) }
        #expect(back?.value.entries.count == 40)
    }
}
