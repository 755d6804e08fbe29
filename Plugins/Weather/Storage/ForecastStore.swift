import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads and writes the latest forecast per (city, units, lang, cnt): every value
/// the forecast request sends. `cnt` is 0 when `--cnt` was not given (all 40 steps).
///
/// Offline, a request is answered by the newest stored forecast of its place, units
/// and language that holds at least the steps it asks for: its own, or a longer one
/// cut to its `--cnt` (the API's first N steps are the first N of a longer answer).
///
/// A new forecast replaces the old one whole inside the caller's transaction, so
/// a reader sees the complete old or the complete new set, never a mix. It is
/// written as upserts by position, each rewriting its row only when a value
/// changed, and the old steps past the new last one deleted: a forecast fetched
/// again within its 3-hour step mostly repeats itself.
enum ForecastStore {
    /// The key columns' values for `query`: the normalised city, units, and `""` for no language
    /// (the current conditions' whole key; a forecast's adds its `cnt`, ``answerKey(_:)``).
    static func key(_ query: WeatherQuery) -> [SQLValue] {
        [.text(query.cityKey), .text(query.units.rawValue), .text(query.language ?? "")]
    }

    /// A forecast's key: ``key(_:)`` and `--cnt`, 0 when not given.
    static func answerKey(_ query: WeatherQuery) -> [SQLValue] {
        key(query) + [.integer(Int64(query.count ?? 0))]
    }

    /// How many steps a forecast has when `--cnt` is not given.
    static let allSteps = 40

    /// `weather_forecasts`: the key, then what the city block said.
    static var cityColumns: RecordColumns<City> {
        RecordColumns([
            .init("city_id", get: { $0.id }, set: { $0.id = $1 }),
            .init("city_name", get: { $0.name }, set: { $0.name = $1 }),
            .init("country", get: { $0.country }, set: { $0.country = $1 }),
            .init("lat", get: { $0.latitude }, set: { $0.latitude = $1 }),
            .init("lon", get: { $0.longitude }, set: { $0.longitude = $1 }),
            .init("timezone", get: { $0.timezoneOffset }, set: { $0.timezoneOffset = $1 }),
            .init("sunrise", get: { $0.sunrise }, set: { $0.sunrise = $1 }),
            .init("sunset", get: { $0.sunset }, set: { $0.sunset = $1 }),
            .init("population", get: { $0.population }, set: { $0.population = $1 }),
        ])
    }

    /// `weather_entries`: the key, the position and `dt`, then these, then the condition.
    static var entryColumns: RecordColumns<ForecastEntry> {
        RecordColumns([
            .init("dt_txt", get: { $0.timeText }, set: { $0.timeText = $1 }),
            .init("temp", get: { $0.temperature }, set: { $0.temperature = $1 }),
            .init("feels_like", get: { $0.feelsLike }, set: { $0.feelsLike = $1 }),
            .init("temp_min", get: { $0.temperatureMin }, set: { $0.temperatureMin = $1 }),
            .init("temp_max", get: { $0.temperatureMax }, set: { $0.temperatureMax = $1 }),
            .init("pressure", get: { $0.pressure }, set: { $0.pressure = $1 }),
            .init("sea_level", get: { $0.seaLevel }, set: { $0.seaLevel = $1 }),
            .init("grnd_level", get: { $0.groundLevel }, set: { $0.groundLevel = $1 }),
            .init("humidity", get: { $0.humidity }, set: { $0.humidity = $1 }),
            .init("temp_kf", get: { $0.temperatureKf }, set: { $0.temperatureKf = $1 }),
            .init("clouds", get: { $0.clouds }, set: { $0.clouds = $1 }),
            .init("wind_speed", get: { $0.windSpeed }, set: { $0.windSpeed = $1 }),
            .init("wind_deg", get: { $0.windDirection }, set: { $0.windDirection = $1 }),
            .init("wind_gust", get: { $0.windGust }, set: { $0.windGust = $1 }),
            .init("visibility", get: { $0.visibility }, set: { $0.visibility = $1 }),
            .init("pop", get: { $0.precipitationProbability }, set: { $0.precipitationProbability = $1 }),
            .init("rain_3h", get: { $0.rain }, set: { $0.rain = $1 }),
            .init("snow_3h", get: { $0.snow }, set: { $0.snow = $1 }),
        ])
    }

    static let keyColumns = ["city_key", "units", "lang"]
    // `joined(with:)`: both texts are built on every `--offline` start.
    static let keyFilter = keyColumns.map { $0 + " = ?" }.joined(with: " AND ")
    static let answerColumns = keyColumns + ["cnt"]
    static let answerFilter = keyFilter + " AND cnt = ?"
    static let conditionColumns = ["weather_id", "weather_main", "description", "icon"]

    static let upsertForecast = SQLStatement.upsert(
        into: "weather_forecasts", columns: answerColumns + ["requested", "fetched_at"] + cityColumns.names,
        conflict: answerColumns)

    /// One step by its position; the row is rewritten only when one of its values changed. The
    /// columns have no affinity, so `1017` and `1017.0` compare equal but print differently:
    /// a change of type is a change.
    static let upsertEntry: String = {
        let values = ["dt"] + entryColumns.names + conditionColumns
        let changed = values.map { "weather_entries.\($0) IS NOT excluded.\($0)" }
            + values.map { "typeof(weather_entries.\($0)) <> typeof(excluded.\($0))" }
        return SQLStatement.upsert(
            into: "weather_entries", columns: answerColumns + ["position"] + values, conflict: answerColumns + ["position"])
            + " WHERE " + changed.joined(separator: " OR ")
    }()

    static func save(_ forecast: Forecast, for query: WeatherQuery, fetchedAt: Date, in transaction: any StoreTransaction) throws {
        let key = answerKey(query)
        try transaction.execute(
            upsertForecast, key + [query.city.sql, fetchedAt.sql] + cityColumns.values(of: forecast.city))
        try transaction.execute(
            "DELETE FROM weather_entries WHERE \(answerFilter) AND position >= ?", key + [forecast.entries.count.sql])
        let entryColumns = entryColumns
        for (position, entry) in forecast.entries.enumerated() {
            let condition = entry.condition
            let conditionValues = [
                condition?.id.sql ?? .null, condition?.main.sql ?? .null, condition?.description.sql ?? .null,
                condition?.icon.sql ?? .null,
            ]
            let values = [entry.time.sql] + entryColumns.values(of: entry) + conditionValues
            try transaction.execute(upsertEntry, key + [position.sql] + values)
            try WeatherVersions.addStep(
                key: key, position: position, dt: entry.time, hash: WeatherVersions.stepHash(values), fetchedAt: fetchedAt,
                in: transaction)
        }
    }

    static func load(_ query: WeatherQuery, from transaction: any StoreTransaction) throws -> Stored<Forecast>? {
        let key = key(query)
        let asked = SQLValue.integer(Int64(query.count ?? 0))
        let steps = SQLValue.integer(Int64(query.count ?? allSteps))
        guard let row = try transaction.queryOne(selectForecast, key + [steps, asked]),
            let fetchedAt = row.get("fetched_at", as: Date.self), let stored = row.get("cnt", as: Int64.self)
        else { return nil }
        var city = City()
        cityColumns.read(row, into: &city)
        // Built once here, not once per row, and read by position as each row is stepped to:
        // no column looked up by name, no row collected.
        let columns = entryColumns
        var entries: [ForecastEntry] = []
        try transaction.forEachRow(selectEntries, key + [.integer(stored)]) { row in
            if let entry = entry(row, columns: columns) { entries.append(entry) }
        }
        if let count = query.count, entries.count > count {
            entries.removeLast(entries.count - count)
        }
        let forecast = Forecast(
            requested: row.get("requested") ?? query.city, city: city, units: query.units, entries: entries,
            place: query.resolved, language: query.language, layout: query.layout)
        return Stored(forecast, fetchedAt: fetchedAt)
    }

    /// The newest forecast of a place, units and language (`?1`-`?3`) that holds the `?4`
    /// steps asked for (all of them, or at least as many), its own (`cnt` `?5`) first on a tie.
    static let selectForecast =
        "SELECT * FROM weather_forecasts WHERE \(keyFilter) AND (cnt = 0 OR cnt >= ?4) "
        + "ORDER BY fetched_at DESC, cnt = ?5 DESC LIMIT 1"

    /// A forecast's steps in order: `dt`, then ``entryColumns``, then ``conditionColumns``,
    /// as ``entry(_:columns:)`` reads them.
    static let selectEntries =
        "SELECT " + (["dt"] + entryColumns.names + conditionColumns).joined(with: ", ")
        + " FROM weather_entries WHERE \(answerFilter) ORDER BY position"

    /// One row of ``selectEntries``.
    static func entry(_ row: SteppedRow, columns: RecordColumns<ForecastEntry>) -> ForecastEntry? {
        guard let time = Int64(sql: row[0]) else { return nil }
        var entry = ForecastEntry(time: time)
        columns.read(row, at: 1, into: &entry)
        let at = columns.columns.count + 1
        let condition = Condition(
            id: Int64(sql: row[at]), main: String(sql: row[at + 1]), description: String(sql: row[at + 2]),
            icon: String(sql: row[at + 3]))
        entry.condition = condition == Condition() ? nil : condition
        return entry
    }
}
