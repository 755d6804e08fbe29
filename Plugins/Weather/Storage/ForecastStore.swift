import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads and writes the latest forecast per (city, units, lang).
///
/// A new forecast replaces the old one whole inside the caller's transaction, so
/// a reader sees the complete old or the complete new set, never a mix. It is
/// written as upserts by position, each rewriting its row only when a value
/// changed, and the old steps past the new last one deleted: a forecast fetched
/// again within its 3-hour step mostly repeats itself.
enum ForecastStore {
    /// The key columns' values for `query`: the normalised city, units, and `""` for no language.
    static func key(_ query: WeatherQuery) -> [SQLValue] {
        [.text(query.cityKey), .text(query.units.rawValue), .text(query.language ?? "")]
    }

    /// `weather_forecasts`: the key, then what the city block said.
    static var cityColumns: RecordColumns<City> {
        RecordColumns([
            .init("city_id", \.id), .init("city_name", \.name), .init("country", \.country), .init("lat", \.latitude),
            .init("lon", \.longitude), .init("timezone", \.timezoneOffset), .init("sunrise", \.sunrise),
            .init("sunset", \.sunset), .init("population", \.population),
        ])
    }

    /// `weather_entries`: the key, the position and `dt`, then these, then the condition.
    static var entryColumns: RecordColumns<ForecastEntry> {
        RecordColumns([
            .init("dt_txt", \.timeText), .init("temp", \.temperature), .init("feels_like", \.feelsLike),
            .init("temp_min", \.temperatureMin), .init("temp_max", \.temperatureMax), .init("pressure", \.pressure),
            .init("sea_level", \.seaLevel), .init("grnd_level", \.groundLevel), .init("humidity", \.humidity),
            .init("temp_kf", \.temperatureKf), .init("clouds", \.clouds), .init("wind_speed", \.windSpeed),
            .init("wind_deg", \.windDirection), .init("wind_gust", \.windGust), .init("visibility", \.visibility),
            .init("pop", \.precipitationProbability), .init("rain_3h", \.rain), .init("snow_3h", \.snow),
        ])
    }

    static let keyColumns = ["city_key", "units", "lang"]
    static let keyFilter = keyColumns.map { $0 + " = ?" }.joined(separator: " AND ")
    static let conditionColumns = ["weather_id", "weather_main", "description", "icon"]

    static let upsertForecast = SQLStatement.upsert(
        into: "weather_forecasts", columns: keyColumns + ["requested", "fetched_at"] + cityColumns.names,
        conflict: keyColumns)

    /// One step by its position; the row is rewritten only when one of its values changed. The
    /// columns have no affinity, so `1017` and `1017.0` compare equal but print differently:
    /// a change of type is a change.
    static let upsertEntry: String = {
        let values = ["dt"] + entryColumns.names + conditionColumns
        let changed = values.map { "weather_entries.\($0) IS NOT excluded.\($0)" }
            + values.map { "typeof(weather_entries.\($0)) <> typeof(excluded.\($0))" }
        return SQLStatement.upsert(
            into: "weather_entries", columns: keyColumns + ["position"] + values, conflict: keyColumns + ["position"])
            + " WHERE " + changed.joined(separator: " OR ")
    }()

    static func save(_ forecast: Forecast, for query: WeatherQuery, fetchedAt: Date, in transaction: Transaction) throws {
        let key = key(query)
        try transaction.execute(
            upsertForecast, key + [query.city.sql, fetchedAt.sql] + cityColumns.values(of: forecast.city))
        try transaction.execute(
            "DELETE FROM weather_entries WHERE \(keyFilter) AND position >= ?", key + [forecast.entries.count.sql])
        let entryColumns = entryColumns
        for (position, entry) in forecast.entries.enumerated() {
            let condition = entry.condition
            let conditionValues = [
                condition?.id.sql ?? .null, condition?.main.sql ?? .null, condition?.description.sql ?? .null,
                condition?.icon.sql ?? .null,
            ]
            try transaction.execute(
                upsertEntry, key + [position.sql, entry.time.sql] + entryColumns.values(of: entry) + conditionValues)
        }
    }

    static func load(_ query: WeatherQuery, from transaction: Transaction) throws -> Stored<Forecast>? {
        let key = key(query)
        guard let row = try transaction.queryOne("SELECT * FROM weather_forecasts WHERE \(keyFilter)", key),
            let fetchedAt = row.get("fetched_at", as: Date.self)
        else { return nil }
        var city = City()
        cityColumns.read(row, into: &city)
        // Built once here, not once per row: each build instantiates its 18 key paths.
        let columns = entryColumns
        var entries = try transaction.query(
            "SELECT * FROM weather_entries WHERE \(keyFilter) ORDER BY position", key
        ).compactMap { entry($0, columns: columns) }
        if let count = query.count, entries.count > count {
            entries.removeLast(entries.count - count)
        }
        let forecast = Forecast(
            requested: row.get("requested") ?? query.city, city: city, units: query.units, entries: entries,
            place: query.resolved, language: query.language, layout: query.layout)
        return Stored(forecast, fetchedAt: fetchedAt)
    }

    private static func entry(_ row: Row, columns: RecordColumns<ForecastEntry>) -> ForecastEntry? {
        guard let time = row.get("dt", as: Int64.self) else { return nil }
        var entry = ForecastEntry(time: time)
        columns.read(row, into: &entry)
        let condition = Condition(
            id: row.get("weather_id"), main: row.get("weather_main"), description: row.get("description"),
            icon: row.get("icon"))
        entry.condition = condition == Condition() ? nil : condition
        return entry
    }
}
