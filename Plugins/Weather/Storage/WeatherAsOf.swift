import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `--offline --as-of TIME` for the weather (docs/design/0263-as-of.md): the forecast as
/// known then — each step from the time on, as its latest version fetched by then said —
/// and the current conditions last observed by then; air quality as last fetched by then.
enum WeatherAsOf {
    static func load(_ query: WeatherQuery, at time: Date, from transaction: any StoreTransaction) throws -> Stored<Forecast>? {
        switch query.report {
        case .forecast, .current:
            return try UnitConversion.load(query) { query in
                query.report == .current
                    ? try current(query, at: time, from: transaction) : try forecast(query, at: time, from: transaction)
            }
        case .air: return try air(query, at: time, from: transaction)
        case .record, .verify: return nil
        }
    }

    /// A step's values from its version's content, in ``ForecastStore/selectEntries``' order.
    static let stepValues = (["dt"] + ForecastStore.entryColumns.names + ForecastStore.conditionColumns)
        .map { "json_extract(v.content, '$.\($0)')" }.joined(separator: ", ")

    /// The steps of a place, units and language (`?1`-`?3`) from `?5` on, each as its latest
    /// version fetched by `?4` said, in time order, then when that version was fetched.
    static let stepsAsOf = """
        SELECT \(stepValues), v.fetched_at FROM weather_entry_versions v
        WHERE v.city_key = ?1 AND v.units = ?2 AND v.lang = ?3 AND v.fetched_at <= ?4 AND v.dt >= ?5
            AND v.num = (SELECT MAX(w.num) FROM weather_entry_versions w WHERE w.city_key = v.city_key
                AND w.units = v.units AND w.lang = v.lang AND w.dt = v.dt AND w.fetched_at <= ?4)
        ORDER BY v.dt
        """

    /// How long a step stands for: the one under way at the time is shown too.
    static let step: Int64 = 3 * 3_600

    static func forecast(_ query: WeatherQuery, at time: Date, from transaction: any StoreTransaction) throws -> Stored<Forecast>? {
        guard let latest = try ForecastStore.load(query, from: transaction) else { return nil }
        let columns = ForecastStore.entryColumns
        let fetchedAtColumn = 1 + columns.columns.count + ForecastStore.conditionColumns.count
        var entries: [ForecastEntry] = []
        var newest: Date?
        let from = (Int64(saturating: time.timeIntervalSince1970, rounding: .down) ?? 0).subtractingSaturated(step - 1)
        try transaction.forEachRow(stepsAsOf, ForecastStore.key(query) + [time.sql, .integer(from)]) { row in
            guard let entry = ForecastStore.entry(row, columns: columns), let fetched = row[fetchedAtColumn].double else { return }
            entries.append(entry)
            let date = Date(timeIntervalSince1970: fetched)
            newest = max(newest ?? date, date)
        }
        guard let newest else { return nil }
        let wanted = query.count ?? ForecastStore.allSteps
        if entries.count > wanted { entries.removeLast(entries.count - wanted) }
        var forecast = latest.value
        forecast.entries = entries
        return Stored(forecast, fetchedAt: newest)
    }

    /// The current conditions' latest version fetched by `?4`, its content read into `weather_current`'s columns.
    static let currentAsOf: String = {
        let names = ForecastStore.cityColumns.names + CurrentStore.observationColumns.names
            + ForecastStore.conditionColumns + ["conditions"]
        return "SELECT " + names.map { "json_extract(content, '$.\($0)') AS \($0)" }.joined(separator: ", ")
            + ", fetched_at FROM weather_current_versions WHERE city_key = ?1 AND units = ?2 AND lang = ?3 "
            + "AND fetched_at <= ?4 ORDER BY fetched_at DESC, num DESC LIMIT 1"
    }()

    static func current(_ query: WeatherQuery, at time: Date, from transaction: any StoreTransaction) throws -> Stored<Forecast>? {
        guard let row = try transaction.queryOne(currentAsOf, ForecastStore.key(query) + [time.sql]) else { return nil }
        return CurrentStore.answer(row, for: query)
    }

    /// The air quality's latest version of `?1`-`?2` fetched by `?3`: its coordinates, when it was fetched, and its content.
    static let airAsOf = """
        SELECT json_extract(content, '$.lat'), json_extract(content, '$.lon'), fetched_at, content
        FROM weather_air_versions WHERE city_key = ?1 AND kind = ?2 AND fetched_at <= ?3
        ORDER BY fetched_at DESC, num DESC LIMIT 1
        """

    /// A version's samples, in order: time, index, then ``AirStore/componentColumns``.
    static let airSamples = "SELECT json_extract(value, '$.dt'), json_extract(value, '$.aqi'), "
        + AirStore.componentColumns.map { "json_extract(value, '$.\($0)')" }.joined(separator: ", ")
        + " FROM json_each(?1, '$.samples') ORDER BY key"

    static func air(_ query: WeatherQuery, at time: Date, from transaction: any StoreTransaction) throws -> Stored<Forecast>? {
        let key = AirStore.key(query)
        guard let row = try transaction.queryOne(airAsOf, key + [time.sql]), let fetched = row[2].double else { return nil }
        let components = AirStore.componentColumns
        let samples = try transaction.query(airSamples, [row[3]]).compactMap { sample -> AirSample? in
            guard let time = sample[0].int64 else { return nil }
            var values: [String: NumberValue] = [:]
            for (offset, name) in components.enumerated() {
                if let value = NumberValue(sql: sample[2 + offset]) { values[name] = value }
            }
            return AirSample(time: time, index: sample[1].int64, components: values)
        }
        var answer = Forecast(
            requested: query.city, city: City(), units: query.units, entries: [], place: query.resolved,
            language: query.language, layout: query.layout)
        answer.report = .air
        answer.air = AirQuality(
            latitude: NumberValue(sql: row[0]), longitude: NumberValue(sql: row[1]), samples: samples, isForecast: key[1] == .text("forecast"))
        return Stored(answer, fetchedAt: Date(timeIntervalSince1970: fetched))
    }
}
