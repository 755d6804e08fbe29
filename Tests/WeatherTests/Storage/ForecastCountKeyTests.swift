import APICore
import APIStore
import Foundation
import Testing
@testable import Weather

/// `--cnt` is part of a stored forecast's key: a forecast of a few steps neither replaces
/// nor stands for the whole one, and a shorter request is answered from a longer forecast
/// cut to its steps; a store written before keeps every forecast, each under the count of
/// steps it holds.
@Suite("A forecast kept per --cnt")
struct ForecastCountKeyTests {
    static let early = Date(timeIntervalSince1970: 1_700_000_000)
    static let late = Date(timeIntervalSince1970: 1_700_000_600)
    let provider = WeatherProvider()

    func load(_ query: WeatherQuery, from store: Store) throws -> Stored<Forecast>? {
        try store.read { try provider.load(query, from: $0) }
    }

    @Test("the whole forecast and one of 3 steps are both kept; each is read for its own request")
    func bothKept() throws {
        let temporary = try TemporaryStore()
        defer { temporary.remove() }
        let whole = WeatherQuery(city: "Strasbourg")
        let three = WeatherQuery(city: "Strasbourg", count: 3)
        let (long, _) = try WeatherFixtures.forecast("weather-strasbourg-metric-fr-cnt40.json", whole)
        let (short, _) = try WeatherFixtures.forecast("weather-wroclaw-metric-cnt3.json", three)
        try temporary.store.write { try provider.persist(long, for: whole, in: PersistContext($0, fetchedAt: Self.early)) }
        try temporary.store.write { try provider.persist(short, for: three, in: PersistContext($0, fetchedAt: Self.late)) }
        #expect(try temporary.store.read { try $0.queryOne("SELECT COUNT(*) FROM weather_forecasts")?[0].int } == 2)
        #expect(try load(whole, from: temporary.store)?.value.entries == long.entries, "not the 3 steps fetched since")
        #expect(try load(three, from: temporary.store)?.value.entries == short.entries)
        // 5 steps: more than the newest holds, so the first 5 of the whole forecast.
        let five = try load(WeatherQuery(city: "Strasbourg", count: 5), from: temporary.store)
        #expect(five?.value.entries == Array(long.entries.prefix(5)))
        #expect(five?.fetchedAt == Self.early)
    }

    @Test("a request is answered by the newest forecast that holds its steps, cut to them")
    func newestThatHolds() throws {
        let temporary = try TemporaryStore()
        defer { temporary.remove() }
        let three = WeatherQuery(city: "Strasbourg", count: 3)
        let (short, _) = try WeatherFixtures.forecast("weather-wroclaw-metric-cnt3.json", three)
        let (long, _) = try WeatherFixtures.forecast("weather-strasbourg-metric-fr-cnt40.json", WeatherQuery(city: "Strasbourg"))
        try temporary.store.write { try provider.persist(short, for: three, in: PersistContext($0, fetchedAt: Self.early)) }
        try temporary.store.write {
            try provider.persist(long, for: WeatherQuery(city: "Strasbourg"), in: PersistContext($0, fetchedAt: Self.late))
        }
        let stored = try load(three, from: temporary.store)
        #expect(stored?.value.entries == Array(long.entries.prefix(3)))
        #expect(stored?.fetchedAt == Self.late)
        #expect(try load(WeatherQuery(city: "Wroclaw"), from: temporary.store) == nil)
    }

    @Test("a store written before: every forecast kept, one of fewer than 40 steps read only for as many")
    func olderStore() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("weather-cnt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try Store(path: directory.appendingPathComponent("apicli.sqlite3").path)
        try store.migrate(owner: "weather", Array(WeatherSchema.migrations.prefix(3)))
        // As the older layout stored them: Paris whole (40 steps), Wroclaw from a --cnt 3.
        try store.write { tx in
            for (city, steps) in [("paris", 40), ("wroclaw", 3)] {
                try tx.execute(
                    "INSERT INTO weather_forecasts (city_key, units, lang, requested, fetched_at, city_name) VALUES (?, 'metric', '', ?, ?, ?)",
                    [.text(city), .text(city), Self.early.sql, .text(city.capitalized)])
                for position in 0..<steps {
                    try tx.execute(
                        "INSERT INTO weather_entries (city_key, units, lang, position, dt, temp) VALUES (?, 'metric', '', ?, ?, ?)",
                        [.text(city), position.sql, .integer(1_700_000_000 + Int64(position) * 10_800), .integer(Int64(position))])
                }
            }
        }
        try store.migrate(owner: "weather", WeatherSchema.migrations)
        let rows = try store.read { tx in
            try tx.query("SELECT city_key, cnt, (SELECT COUNT(*) FROM weather_entries e WHERE e.city_key = f.city_key AND e.cnt = f.cnt) FROM weather_forecasts f ORDER BY 1")
                .map { [$0[0].string ?? "", String($0[1].int ?? -1), String($0[2].int ?? -1)] }
        }
        #expect(rows == [["paris", "0", "40"], ["wroclaw", "3", "3"]])
        #expect(try load(WeatherQuery(city: "Paris"), from: store)?.value.entries.count == 40)
        #expect(try load(WeatherQuery(city: "Wroclaw"), from: store) == nil, "3 steps are not the whole forecast")
        #expect(try load(WeatherQuery(city: "Wroclaw", count: 3), from: store)?.value.entries.count == 3)
        #expect(try load(WeatherQuery(city: "Wroclaw", count: 2), from: store)?.value.entries.count == 2)
        // The steps still belong to their forecast: deleting it deletes them.
        try store.write { tx in try tx.execute("DELETE FROM weather_forecasts WHERE city_key = 'paris'") }
        #expect(try store.read { try $0.queryOne("SELECT COUNT(*) FROM weather_entries")?[0].int } == 3)
    }
}
