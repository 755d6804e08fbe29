import APICore
import APIStore
import Foundation
import Testing
@testable import Weather

/// Forecast steps, current conditions and air quality keep a version per content a
/// fetch brought (weather migration 6): on the real answers, fetched again unchanged,
/// then with a forecast value and an observation edited.
@Suite("Weather versions")
struct WeatherVersionsTests {
    let provider = WeatherProvider()
    static let fetched = Date(timeIntervalSince1970: 1_700_000_000)

    /// A real body with `edit` applied to its JSON object.
    static func edited(_ body: Data, _ edit: (inout [String: Any]) throws -> Void) throws -> Data {
        var object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        try edit(&object)
        return try JSONSerialization.data(withJSONObject: object)
    }

    func persist(_ body: Data, _ query: WeatherQuery, at time: Date, in store: Store) throws {
        var warnings: [String] = []
        let answer = try provider.decode(body, for: query, warnings: &warnings)
        try store.write { try provider.persist(answer, for: query, in: PersistContext($0, fetchedAt: time)) }
    }

    func count(_ table: String, in store: Store) throws -> Int? {
        try store.read { try $0.queryOne("SELECT COUNT(*) FROM \(table)")?[0].int }
    }

    @Test("a forecast fetched again unchanged adds nothing; one step's temperature revised adds that step's version")
    func forecastStep() throws {
        let temporary = try TemporaryStore()
        defer { temporary.remove() }
        let query = WeatherQuery(city: "Strasbourg", units: .metric, language: "fr")
        let body = try WeatherFixtures.data("weather-strasbourg-metric-fr-cnt40.json")
        let revised = try Self.edited(body) { object in
            var list = try #require(object["list"] as? [[String: Any]])
            var main = try #require(list[5]["main"] as? [String: Any])
            main["temp"] = 21.5
            list[5]["main"] = main
            object["list"] = list
        }
        try persist(body, query, at: Self.fetched, in: temporary.store)
        #expect(try count("weather_entry_versions", in: temporary.store) == 40)
        try persist(body, query, at: Self.fetched.addingTimeInterval(600), in: temporary.store)
        #expect(try count("weather_entry_versions", in: temporary.store) == 40, "the same forecast adds nothing")
        try persist(revised, query, at: Self.fetched.addingTimeInterval(1_200), in: temporary.store)
        #expect(try count("weather_entry_versions", in: temporary.store) == 41)
        let (forecast, _) = try WeatherFixtures.forecast("weather-strasbourg-metric-fr-cnt40.json", query)
        let item = "forecast/strasbourg/metric/fr/\(forecast.entries[5].time)"
        let versions = try temporary.store.read { tx in
            try tx.query("SELECT content, query FROM weather_versions WHERE item = ? ORDER BY fetched_at", [.text(item)])
        }
        let temps = versions.compactMap { $0[0].string }.compactMap { try? JSONValue.parse(Data($0.utf8))["temp"] }
        #expect(temps.count == 2 && temps.last == .double(21.5), "\(temps)")
        #expect(versions.first?[1].string == "forecast/strasbourg/metric/fr/0")
    }

    @Test("each new observation from --now is a version; the same one again is not")
    func currentObservations() throws {
        let temporary = try TemporaryStore()
        defer { temporary.remove() }
        var query = WeatherQuery(city: "Sydney", units: .metric)
        query.report = .current
        let body = try Data(contentsOf: WeatherFixtures.root.deletingLastPathComponent()
            .appendingPathComponent("current/current-sydney-2020-metric-rain1h-ramola1808.json"))
        let later = try Self.edited(body) { object in
            object["dt"] = ((object["dt"] as? Int) ?? 0) + 600
            var main = try #require(object["main"] as? [String: Any])
            main["temp"] = 17.25
            object["main"] = main
        }
        try persist(body, query, at: Self.fetched, in: temporary.store)
        try persist(body, query, at: Self.fetched.addingTimeInterval(60), in: temporary.store)
        #expect(try count("weather_current_versions", in: temporary.store) == 1)
        try persist(later, query, at: Self.fetched.addingTimeInterval(600), in: temporary.store)
        let rows = try temporary.store.read { tx in
            try tx.query("SELECT dt, json_extract(content, '$.temp') FROM weather_current_versions ORDER BY num")
        }
        #expect(rows.count == 2)
        #expect(rows.last?[1] == .real(17.25))
    }

    @Test("air quality fetched again unchanged adds nothing")
    func air() throws {
        let temporary = try TemporaryStore()
        defer { temporary.remove() }
        var query = WeatherQuery(city: "London")
        query.report = .air
        let body = try Data(contentsOf: WeatherFixtures.root.deletingLastPathComponent()
            .appendingPathComponent("air/air-pollution-london-2021-pyowm.json"))
        try persist(body, query, at: Self.fetched, in: temporary.store)
        try persist(body, query, at: Self.fetched.addingTimeInterval(60), in: temporary.store)
        #expect(try count("weather_air_versions", in: temporary.store) == 1)
        let stored = try temporary.store.read { try $0.queryOne("SELECT content FROM weather_versions WHERE item = 'air/london/now'") }
        #expect(stored?[0].string?.contains("\"samples\":[{\"dt\":") == true, "\(String(describing: stored))")
    }

    @Test("migration 6 makes what is stored each item's first version, hashed as a fetch hashes it")
    func migration() throws {
        let temporary = try TemporaryStore()
        defer { temporary.remove() }
        let query = WeatherQuery(city: "Strasbourg", units: .metric, language: "fr")
        let body = try WeatherFixtures.data("weather-strasbourg-metric-fr-cnt40.json")
        var now = WeatherQuery(city: "Sydney", units: .metric)
        now.report = .current
        let current = try Data(contentsOf: WeatherFixtures.root.deletingLastPathComponent()
            .appendingPathComponent("current/current-sydney-2020-metric-rain1h-ramola1808.json"))
        var airQuery = WeatherQuery(city: "London")
        airQuery.report = .air
        let air = try Data(contentsOf: WeatherFixtures.root.deletingLastPathComponent()
            .appendingPathComponent("air/air-pollution-london-2021-pyowm.json"))
        try persist(body, query, at: Self.fetched, in: temporary.store)
        try persist(current, now, at: Self.fetched, in: temporary.store)
        try persist(air, airQuery, at: Self.fetched, in: temporary.store)
        // The store as migration 5 left it: the same tables, no versions.
        try temporary.store.write { tx in
            try tx.executeScript("""
                DROP VIEW weather_versions; DROP TABLE weather_entry_versions; DROP TABLE weather_current_versions;
                DROP TABLE weather_air_versions; DELETE FROM apicli_migrations WHERE owner = 'weather' AND version = 6;
                """)
        }
        try temporary.store.migrate(owner: "weather", provider.migrations)
        let counts = try ["weather_entry_versions", "weather_current_versions", "weather_air_versions"]
            .map { try count($0, in: temporary.store) }
        #expect(counts == [40, 1, 1])
        try persist(body, query, at: Self.fetched.addingTimeInterval(60), in: temporary.store)
        try persist(current, now, at: Self.fetched.addingTimeInterval(60), in: temporary.store)
        try persist(air, airQuery, at: Self.fetched.addingTimeInterval(60), in: temporary.store)
        let after = try ["weather_entry_versions", "weather_current_versions", "weather_air_versions"]
            .map { try count($0, in: temporary.store) }
        #expect(after == [40, 1, 1], "the migrated hashes are those a fetch computes")
    }

    @Test("as of a time: the forecast as known then, the step revised later as it was before")
    func forecastAsOf() throws {
        let temporary = try TemporaryStore()
        defer { temporary.remove() }
        let query = WeatherQuery(city: "Strasbourg", units: .metric, language: "fr")
        let body = try WeatherFixtures.data("weather-strasbourg-metric-fr-cnt40.json")
        let revised = try Self.edited(body) { object in
            var list = try #require(object["list"] as? [[String: Any]])
            var main = try #require(list[5]["main"] as? [String: Any])
            main["temp"] = 21.5
            list[5]["main"] = main
            object["list"] = list
        }
        let (forecast, _) = try WeatherFixtures.forecast("weather-strasbourg-metric-fr-cnt40.json", query)
        let first = Date(timeIntervalSince1970: TimeInterval(forecast.entries[0].time - 3_600))
        let second = first.addingTimeInterval(1_800)
        try persist(body, query, at: first, in: temporary.store)
        try persist(revised, query, at: second, in: temporary.store)
        func asOf(_ time: Date) throws -> Stored<Forecast>? {
            try temporary.store.read { try WeatherAsOf.load(query, at: time, from: $0) }
        }
        let before = try #require(try asOf(first.addingTimeInterval(60)))
        #expect(before.value.entries == forecast.entries, "the whole forecast as first fetched")
        #expect(before.fetchedAt == first)
        let after = try #require(try asOf(second))
        #expect(after.value.entries[5].temperature == .double(21.5))
        #expect(after.value.entries.count == 40)
        #expect(after.fetchedAt == second)
        #expect(try asOf(first.addingTimeInterval(-60)) == nil, "nothing was stored yet")
    }

    @Test("air quality as of a time: as fetched by then, an edited index after it, nothing before the first")
    func airAsOf() throws {
        let temporary = try TemporaryStore()
        defer { temporary.remove() }
        var query = WeatherQuery(city: "London")
        query.report = .air
        let body = try Data(contentsOf: WeatherFixtures.root.deletingLastPathComponent()
            .appendingPathComponent("air/air-pollution-london-2021-pyowm.json"))
        let edited = try Self.edited(body) { object in
            var list = try #require(object["list"] as? [[String: Any]])
            list[0]["main"] = ["aqi": 5]
            object["list"] = list
        }
        var warnings: [String] = []
        let first = try provider.decode(body, for: query, warnings: &warnings)
        try persist(body, query, at: Self.fetched, in: temporary.store)
        try persist(edited, query, at: Self.fetched.addingTimeInterval(3_600), in: temporary.store)
        func asOf(_ time: Date) throws -> Stored<Forecast>? {
            try temporary.store.read { try WeatherAsOf.load(query, at: time, from: $0) }
        }
        let before = try #require(try asOf(Self.fetched.addingTimeInterval(60)))
        #expect(before.value.air == first.air, "the samples and coordinates as first fetched")
        #expect(before.fetchedAt == Self.fetched)
        let after = try #require(try asOf(Self.fetched.addingTimeInterval(7_200)))
        #expect(after.value.air?.samples.first?.index == 5)
        #expect(after.value.air?.samples.first?.components == first.air?.samples.first?.components)
        #expect(try asOf(Self.fetched.addingTimeInterval(-60)) == nil, "nothing was stored yet")
    }
}
