import APICore
import APIHost
import Foundation
import Testing
@testable import Weather

/// `--now` and `--air`: the recorded `/data/2.5/weather` and `/data/2.5/air_pollution`
/// answers decode, store and read back; days, conversions and narrow tables.
@Suite("Current conditions and air quality")
struct NowAndAirTests {
    let provider = WeatherProvider()
    static let real = WeatherFixtures.root.deletingLastPathComponent()

    static func body(_ path: String) throws -> Data { try Data(contentsOf: real.appendingPathComponent(path)) }

    static func query(_ report: ReportKind, layout: ForecastLayout = ForecastLayout(), units: Units = .metric) -> WeatherQuery {
        var query = WeatherQuery(city: "Here", units: units, place: (try? PlaceRequest.argument("51.5,-0.12")) ?? .name("Here"), layout: layout)
        query.report = report
        return query
    }

    func decode(_ path: String, _ query: WeatherQuery) throws -> Forecast {
        var warnings: [String] = []
        let answer = try provider.decode(try Self.body(path), for: query, warnings: &warnings)
        #expect(warnings.isEmpty, "\(warnings)")
        return answer
    }

    @Test("every recorded current answer decodes; Sydney's two conditions, rain over the hour and time zone")
    func current() throws {
        let sydney = try decode("current/current-sydney-2020-metric-rain1h-ramola1808.json", Self.query(.current))
        let now = try #require(sydney.current)
        #expect(now.conditions.map(\.description) == ["light rain", "light intensity drizzle"])
        #expect(now.rain == .double(0.25))
        #expect(now.temperature == .double(12.3))
        #expect(now.windGust == nil)
        #expect(sydney.city.timezoneOffset == 36000)
        #expect(sydney.city.name == "Sydney")
        let helsinki = try decode("current/current-helsinki-2017-standard-snow-mrmccrab.json", Self.query(.current, units: .standard))
        #expect(helsinki.city.timezoneOffset == nil)
        #expect(helsinki.current?.feelsLike == nil)
        #expect(helsinki.current?.condition?.main == "Snow")
        let london = try decode("current/current-london-2024-standard-baranbarandev.json", Self.query(.current, units: .standard))
        #expect(london.current?.visibility == .int(10000))
        #expect(london.city.sunrise == 1_705_564_635)
    }

    @Test("a body without main or dt is not current conditions")
    func notCurrent() {
        var warnings: [String] = []
        #expect(throws: DecodeFailure.self) {
            try provider.decode(Data(#"{"coord": {"lat": 1, "lon": 2}}"#.utf8), for: Self.query(.current), warnings: &warnings)
        }
        #expect(throws: ProviderFailure.self) {
            try provider.decode(Data(#"{"cod": "404", "message": "city not found"}"#.utf8), for: Self.query(.current), warnings: &warnings)
        }
    }

    @Test("air quality now and hour by hour: the index, its words and the components as sent")
    func air() throws {
        let now = try decode("air/air-pollution-london-2021-pyowm.json", Self.query(.air))
        let sample = try #require(now.air?.samples.first)
        #expect(now.air?.samples.count == 1)
        #expect(sample.index == 1)
        #expect(sample.components.count == 8)
        #expect(sample.components["pm2_5"] == .double(3.15))
        #expect(now.air?.latitude == .double(51.5074))
        let hourly = try decode("air/air-pollution-forecast-50-50-2021-pyowm.json", Self.query(.air, layout: ForecastLayout(hours: 24)))
        #expect(hourly.air?.samples.map(\.time) == [1_613_606_400, 1_613_610_000])
        #expect(hourly.air?.samples.first?.components["no"] == .int(0))
        #expect((0...6).map { AirSample.quality(Int64($0)) } == [nil, "Good", "Fair", "Moderate", "Poor", "Very Poor", nil])
        #expect(provider.request(for: Self.query(.air), page: 0).path == "/data/2.5/air_pollution")
        #expect(provider.request(for: Self.query(.air, layout: ForecastLayout(daily: true)), page: 0).path == "/data/2.5/air_pollution/forecast")
        #expect(provider.request(for: Self.query(.current), page: 0).cacheTTL == .seconds(600))
    }

    @Test("current conditions and air quality read back as they were stored")
    func storeRoundTrip() throws {
        let temporary = try TemporaryStore()
        defer { temporary.remove() }
        let fetched = Date(timeIntervalSince1970: 1_700_000_000)
        let cases: [(String, WeatherQuery)] = [
            ("current/current-sydney-2020-metric-rain1h-ramola1808.json", Self.query(.current)),
            ("air/air-pollution-london-2021-pyowm.json", Self.query(.air)),
            ("air/air-pollution-forecast-50-50-2021-pyowm.json", Self.query(.air, layout: ForecastLayout(hours: 24))),
        ]
        for (path, query) in cases {
            let answer = try decode(path, query)
            try temporary.store.write { try provider.persist(answer, for: query, in: PersistContext($0, fetchedAt: fetched)) }
            let stored = try #require(try temporary.store.read { try provider.load(query, from: $0) })
            #expect(stored.value == answer, "\(path)")
            #expect(stored.fetchedAt == fetched)
        }
        // The now and forecast air answers are kept apart.
        let kinds = try temporary.store.read { try $0.query("SELECT kind FROM weather_air ORDER BY kind").compactMap { $0[0].string } }
        #expect(kinds == ["forecast", "now"])
    }

    @Test("stored values convert between units and say from which")
    func conversion() throws {
        let (forecast, _) = try WeatherFixtures.forecast("weather-rostov-metric-ru-cnt8.json")
        let imperial = UnitConversion.convert(forecast, to: .imperial)
        #expect(imperial.convertedFrom == .metric)
        let back = UnitConversion.convert(imperial, to: .metric)
        for (original, round) in zip(forecast.entries, back.entries) {
            #expect(abs((original.temperature?.doubleValue ?? 0) - (round.temperature?.doubleValue ?? 0)) < 0.02)
            #expect(abs((original.windSpeed?.doubleValue ?? 0) - (round.windSpeed?.doubleValue ?? 0)) < 0.02)
        }
        let kelvin = UnitConversion.convert(forecast, to: .standard)
        #expect(abs((kelvin.entries[0].temperature?.doubleValue ?? 0) - (10.27 + 273.15)) < 0.01)
        #expect(kelvin.entries[0].windSpeed == forecast.entries[0].windSpeed.map { .double($0.doubleValue) })
        let text = OutputRenderer.render(provider, [imperial], as: .table, terminal: Terminal(width: 100, unicode: true))
        #expect(text.contains("converted from stored metric values"))
        #expect(text.contains("°F"))
    }

    @Test("when every stored step is past, the view says so and how to refresh")
    func allPast() throws {
        let (forecast, _) = try WeatherFixtures.forecast("weather-rostov-metric-ru-cnt8.json")
        let (left, dropped) = provider.dropping(before: Date(timeIntervalSince1970: 2_000_000_000), from: forecast)
        #expect(dropped == 8)
        let text = OutputRenderer.render(provider, [left], as: .table, terminal: .plain)
        #expect(text.contains("every stored step is past (8 left out); run it again without --offline to refresh"))
        #expect(!text.contains("no forecast steps in the answer"))
    }

    @Test("a day is named by its most significant condition: rain over clear sky, thunder over rain")
    func significantCondition() {
        func step(_ hour: Int64, _ id: Int64, _ description: String) -> ForecastEntry {
            var entry = ForecastEntry(time: 1_665_014_400 + hour * 3600)
            entry.condition = Condition(id: id, main: "", description: description, icon: "01d")
            return entry
        }
        let rainy = [step(0, 800, "clear sky"), step(3, 800, "clear sky"), step(6, 500, "light rain"), step(9, 800, "clear sky")]
        #expect(DaySummary.days(rainy, offset: 0).first?.condition?.description == "light rain")
        let stormy = rainy + [step(12, 211, "thunderstorm"), step(15, 501, "moderate rain"), step(18, 501, "moderate rain")]
        #expect(DaySummary.days(stormy, offset: 0).first?.condition?.description == "thunderstorm")
        let dry = [step(0, 800, "clear sky"), step(3, 803, "broken clouds"), step(6, 803, "broken clouds")]
        #expect(DaySummary.days(dry, offset: 0).first?.condition?.description == "broken clouds")
        // 2022-10-06 00:00 UTC onwards for 7 steps: the day ends at 18:00, so it says until when.
        #expect(DaySummary.days(stormy, offset: 0).first?.partialUntil == "18:00")
        #expect(DaySummary.days(stormy, offset: 0).first?.partialFrom == nil)
        #expect(DaySummary.days(Array(stormy.dropFirst(2)), offset: 0).first?.partialNote == "from 06:00 until 18:00")
    }

    @Test("at 60 and 30 columns, times and day labels are whole; the long precipitation words give way; the year before rain", arguments: [60, 30])
    func narrow(width: Int) throws {
        var (forecast, _) = try WeatherFixtures.forecast("weather-rostov-metric-ru-cnt8.json")
        // One step with both rain and snow, the longest precipitation cell there is.
        forecast.entries[4].rain = .double(0.37)
        forecast.entries[4].snow = .double(1.25)
        let text = OutputRenderer.render(provider, [forecast], as: .table, terminal: Terminal(width: width, unicode: true))
        let lines = text.split(separator: "\n")
        #expect(lines.allSatisfy { DisplayWidth.of(String($0)) <= width }, "\(text)")
        let rows = lines.filter { $0.wholeMatch(of: #/\d\d:\d\d .*/#) != nil }
        #expect(rows.count == 8, "\(text)")
        #expect(!text.contains("PRECIP"))
        forecast.layout = ForecastLayout(daily: true)
        let daily = OutputRenderer.render(provider, [forecast], as: .table, terminal: Terminal(width: width, unicode: true))
        // The year goes before rain does: the day is whole without it, and at 60 the amount shows.
        #expect(daily.contains("Fri 23 Sep"), "\(daily)")
        #expect(daily.contains("1.8 mm") == (width == 60), "\(daily)")
    }
}
