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
            .init("dt", \.time), .init("temp", \.temperature), .init("feels_like", \.feelsLike),
            .init("temp_min", \.temperatureMin), .init("temp_max", \.temperatureMax), .init("pressure", \.pressure),
            .init("humidity", \.humidity), .init("visibility", \.visibility), .init("wind_speed", \.windSpeed),
            .init("wind_deg", \.windDirection), .init("wind_gust", \.windGust), .init("clouds", \.clouds),
            .init("rain_1h", \.rain), .init("snow_1h", \.snow),
        ])
    }

    static let insert = SQLStatement.insert(
        into: "weather_current",
        columns: ForecastStore.keyColumns + ["requested", "fetched_at"] + ForecastStore.cityColumns.names
            + observationColumns.names + ForecastStore.conditionColumns + ["conditions"])

    static func save(_ answer: Forecast, for query: WeatherQuery, fetchedAt: Date, in transaction: Transaction) throws {
        let key = ForecastStore.key(query)
        let current = answer.current ?? CurrentConditions()
        let main = current.condition
        let conditions = JSONValue.array(current.conditions.map(CurrentJSON.condition)).serialized(pretty: false)
        try transaction.execute("DELETE FROM weather_current WHERE \(ForecastStore.keyFilter)", key)
        try transaction.execute(
            insert,
            key + [query.city.sql, fetchedAt.sql] + ForecastStore.cityColumns.values(of: answer.city)
                + observationColumns.values(of: current)
                + [main?.id.sql ?? .null, main?.main.sql ?? .null, main?.description.sql ?? .null, main?.icon.sql ?? .null]
                + [.text(conditions)])
    }

    static func load(_ query: WeatherQuery, from transaction: Transaction) throws -> Stored<Forecast>? {
        guard let row = try transaction.queryOne(
            "SELECT * FROM weather_current WHERE \(ForecastStore.keyFilter)", ForecastStore.key(query)),
            let fetchedAt = row.get("fetched_at", as: Date.self)
        else { return nil }
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
