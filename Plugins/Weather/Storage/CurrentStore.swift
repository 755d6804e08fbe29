import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads and writes the latest current conditions per (place, units, lang) in
/// `weather_current`, one row replaced whole inside the caller's transaction.
/// The main condition has its own columns; every condition the API named is
/// kept, in order, as JSON in `conditions`.
enum CurrentStore {
    static var observationColumns: RecordColumns<CurrentConditions> {
        RecordColumns([
            .init("dt", get: { $0.time }, set: { $0.time = $1 }),
            .init("temp", get: { $0.temperature }, set: { $0.temperature = $1 }),
            .init("feels_like", get: { $0.feelsLike }, set: { $0.feelsLike = $1 }),
            .init("temp_min", get: { $0.temperatureMin }, set: { $0.temperatureMin = $1 }),
            .init("temp_max", get: { $0.temperatureMax }, set: { $0.temperatureMax = $1 }),
            .init("pressure", get: { $0.pressure }, set: { $0.pressure = $1 }),
            .init("humidity", get: { $0.humidity }, set: { $0.humidity = $1 }),
            .init("visibility", get: { $0.visibility }, set: { $0.visibility = $1 }),
            .init("wind_speed", get: { $0.windSpeed }, set: { $0.windSpeed = $1 }),
            .init("wind_deg", get: { $0.windDirection }, set: { $0.windDirection = $1 }),
            .init("wind_gust", get: { $0.windGust }, set: { $0.windGust = $1 }),
            .init("clouds", get: { $0.clouds }, set: { $0.clouds = $1 }),
            .init("rain_1h", get: { $0.rain }, set: { $0.rain = $1 }),
            .init("snow_1h", get: { $0.snow }, set: { $0.snow = $1 }),
        ])
    }

    static let insert = SQLStatement.insert(
        into: "weather_current",
        columns: ForecastStore.keyColumns + ["requested", "fetched_at"] + ForecastStore.cityColumns.names
            + observationColumns.names + ForecastStore.conditionColumns + ["conditions"])

    static func save(_ answer: Forecast, for query: WeatherQuery, fetchedAt: Date, in transaction: any StoreTransaction) throws {
        let key = ForecastStore.key(query)
        let current = answer.current ?? CurrentConditions()
        let main = current.condition
        let conditions = JSONValue.array(current.conditions.map(CurrentJSON.condition)).serialized(pretty: false)
        try transaction.execute("DELETE FROM weather_current WHERE \(ForecastStore.keyFilter)", key)
        let content = ForecastStore.cityColumns.values(of: answer.city) + observationColumns.values(of: current)
            + [main?.id.sql ?? .null, main?.main.sql ?? .null, main?.description.sql ?? .null, main?.icon.sql ?? .null]
            + [.text(conditions)]
        try transaction.execute(insert, key + [query.city.sql, fetchedAt.sql] + content)
        try WeatherVersions.addCurrent(key: key, hash: VersionHash.of(content), in: transaction)
    }

    /// The key's columns, then those a version's hash is made of, in the order ``save(_:for:fetchedAt:in:)`` binds them.
    static var hashedColumns: [String] {
        ForecastStore.keyColumns + ForecastStore.cityColumns.names + observationColumns.names
            + ForecastStore.conditionColumns + ["conditions"]
    }

    static func load(_ query: WeatherQuery, from transaction: any StoreTransaction) throws -> Stored<Forecast>? {
        guard let row = try transaction.queryOne(
            "SELECT * FROM weather_current WHERE \(ForecastStore.keyFilter)", ForecastStore.key(query))
        else { return nil }
        return answer(row, for: query)
    }

    /// The current conditions a row of `weather_current` (or a version read into its columns) holds.
    static func answer(_ row: Row, for query: WeatherQuery) -> Stored<Forecast>? {
        guard let fetchedAt = row.get("fetched_at", as: Date.self) else { return nil }
        var city = City()
        ForecastStore.cityColumns.read(row, into: &city)
        var current = CurrentConditions()
        observationColumns.read(row, into: &current)
        if let text = row.get("conditions", as: String.self),
            let decoded = try? JSONDecoder().decode([StoredCondition].self, from: Data(text.utf8)) {
            current.conditions = decoded.map(\.condition)
        }
        var answer = Forecast(
            requested: row.get("requested") ?? query.city, city: city, units: query.units, entries: [],
            place: query.resolved, language: query.language, layout: query.layout)
        answer.report = .current
        answer.current = current
        return Stored(answer, fetchedAt: fetchedAt)
    }

    /// One element of the `conditions` column: `{"id": 500, "main": "Rain", "description": "light rain", "icon": "10n"}`.
    private struct StoredCondition: Decodable {
        var id: Int64?
        var main: String?
        var description: String?
        var icon: String?

        var condition: Condition { Condition(id: id, main: main, description: description, icon: icon) }
    }
}
