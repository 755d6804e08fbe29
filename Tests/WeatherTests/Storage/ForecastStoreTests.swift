import APICore
import Foundation
import Testing
@testable import Weather

@Suite("Keeping the latest forecast")
struct ForecastStoreTests {
    static let fetched = Date(timeIntervalSince1970: 1_700_000_000)
    let provider = WeatherProvider()

    @Test("persist then load gives back the same forecast and when it was fetched", arguments: WeatherFixtures.forecastNames)
    func roundTrip(name: String) throws {
        let temporary = try TemporaryStore()
        defer { temporary.remove() }
        let query = WeatherQuery(city: "Paris", units: .metric, language: "fr")
        let (forecast, _) = try WeatherFixtures.forecast(name, query)
        try temporary.store.write { try provider.persist(forecast, for: query, in: PersistContext($0, fetchedAt: Self.fetched)) }
        let stored = try #require(try temporary.store.read { try provider.load(query, from: $0) })
        #expect(stored.value == forecast)
        #expect(stored.fetchedAt == Self.fetched)
    }

    @Test("a second persist replaces the first whole")
    func replacesWhole() throws {
        let temporary = try TemporaryStore()
        defer { temporary.remove() }
        let query = WeatherQuery(city: "Strasbourg")
        let (long, _) = try WeatherFixtures.forecast("weather-strasbourg-metric-fr-cnt40.json", query)
        let (short, _) = try WeatherFixtures.forecast("weather-wroclaw-metric-cnt3.json", query)
        try temporary.store.write { try provider.persist(long, for: query, in: PersistContext($0, fetchedAt: Self.fetched)) }
        try temporary.store.write {
            try provider.persist(short, for: query, in: PersistContext($0, fetchedAt: Date(timeIntervalSince1970: 1_800_000_000)))
        }
        let stored = try #require(try temporary.store.read { try provider.load(query, from: $0) })
        #expect(stored.value == short)
        #expect(stored.fetchedAt == Date(timeIntervalSince1970: 1_800_000_000))
        let rows = try temporary.store.read { try $0.queryOne("SELECT COUNT(*) FROM weather_entries")?[0].int }
        #expect(rows == 3)
    }

    @Test("the key is city (normalised), units and lang")
    func keyedByCityUnitsLang() throws {
        let temporary = try TemporaryStore()
        defer { temporary.remove() }
        let (forecast, _) = try WeatherFixtures.forecast("weather-london-2019-metric-cnt3.json")
        let metric = WeatherQuery(city: "London,GB", units: .metric)
        try temporary.store.write { try provider.persist(forecast, for: metric, in: PersistContext($0, fetchedAt: Self.fetched)) }
        let found = try temporary.store.read { tx in
            try [
                WeatherQuery(city: " london , gb", units: .metric), WeatherQuery(city: "London,GB", units: .imperial),
                WeatherQuery(city: "London,GB", units: .metric, language: "de"), WeatherQuery(city: "Londres"),
            ].map { try provider.load($0, from: tx) != nil }
        }
        // Other units are converted from the stored ones (and say so); another language or place is not there.
        #expect(found == [true, true, false, false])
        let converted = try temporary.store.read { tx in
            try provider.load(WeatherQuery(city: "London,GB", units: .imperial), from: tx)?.value
        }
        #expect(converted?.convertedFrom == .metric)
        #expect(converted?.units == .imperial)
        let celsius = try #require(forecast.entries.first?.temperature?.doubleValue)
        let fahrenheit = try #require(converted?.entries.first?.temperature?.doubleValue)
        #expect(abs(fahrenheit - (celsius * 9 / 5 + 32)) < 0.01)
    }

    @Test("loading with a smaller cnt returns the first steps only")
    func loadHonoursCount() throws {
        let temporary = try TemporaryStore()
        defer { temporary.remove() }
        let (forecast, _) = try WeatherFixtures.forecast("weather-strasbourg-metric-fr-cnt40.json")
        try temporary.store.write { try provider.persist(forecast, for: WeatherQuery(city: "Strasbourg"), in: PersistContext($0, fetchedAt: Self.fetched)) }
        let stored = try temporary.store.read { try provider.load(WeatherQuery(city: "Strasbourg", count: 5), from: $0) }
        #expect(stored?.value.entries == Array(forecast.entries.prefix(5)))
    }

    @Test("a failed write leaves the previous forecast untouched")
    func failedWriteRollsBack() throws {
        struct Boom: Error {}
        let temporary = try TemporaryStore()
        defer { temporary.remove() }
        let query = WeatherQuery(city: "Wroclaw")
        let (first, _) = try WeatherFixtures.forecast("weather-wroclaw-metric-cnt3.json", query)
        let (second, _) = try WeatherFixtures.forecast("weather-strasbourg-metric-fr-cnt40.json", query)
        try temporary.store.write { try provider.persist(first, for: query, in: PersistContext($0, fetchedAt: Self.fetched)) }
        #expect(throws: Boom.self) {
            try temporary.store.write { tx in
                try provider.persist(second, for: query, in: PersistContext(tx, fetchedAt: Self.fetched))
                throw Boom()
            }
        }
        let stored = try temporary.store.read { try provider.load(query, from: $0) }
        #expect(stored?.value == first)
    }

    @Test("the tables are the provider's own, named weather_*")
    func tableNames() throws {
        let temporary = try TemporaryStore()
        defer { temporary.remove() }
        let names = try temporary.store.read { tx in
            try tx.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'weather%' ORDER BY name")
                .compactMap { $0[0].string }
        }
        #expect(names == [
            "weather_air", "weather_air_samples", "weather_air_versions", "weather_current", "weather_current_versions",
            "weather_entries", "weather_entry_versions", "weather_forecasts", "weather_places",
        ])
        #expect(try temporary.store.schemaVersion(owner: "weather") == 6)
    }
}
