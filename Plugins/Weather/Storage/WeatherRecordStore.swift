import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The weather record read back (docs/design/0265-the-weather-record.md): the observations
/// `weather_current_versions` kept for a place, in any units and language, each converted to
/// the units asked for, and the forecast steps' versions `--verify` pairs them with.
///
/// One observation (its `dt`) fetched in two units or languages is one observation: the one
/// in the units and language asked for is kept, else the last written.
enum WeatherRecordStore {
    /// The observations of `?1` observed from `?2` to `?3` (Unix seconds), then the asked units
    /// `?4` and language `?5` first, then the last written.
    static let observationsRead: String = {
        let names = ForecastStore.cityColumns.names + CurrentStore.observationColumns.names
            + ForecastStore.conditionColumns + ["conditions"]
        return "SELECT " + names.map { "json_extract(content, '$.\($0)') AS \($0)" }.joined(separator: ", ")
            + ", fetched_at, units FROM weather_current_versions WHERE city_key = ?1 AND dt >= ?2 AND dt <= ?3 "
            + "ORDER BY dt, units = ?4 DESC, lang = ?5 DESC, num DESC"
    }()

    /// The record of `query`'s place from `from` (nil: since it began) to `to`, oldest first;
    /// nil when it holds no observation then.
    static func record(_ query: WeatherQuery, from: Int64?, to: Int64, in transaction: any StoreTransaction) throws -> Forecast? {
        var observations: [CurrentConditions] = []
        var newest: Forecast?
        let arguments: [SQLValue] = [
            .text(query.cityKey), .integer(from ?? Int64.min), .integer(to), .text(query.units.rawValue), .text(query.language ?? ""),
        ]
        for row in try transaction.query(observationsRead, arguments) {
            guard let text = row.get("units", as: String.self), let units = Units(rawValue: text) else { continue }
            var stored = query
            stored.units = units
            guard let read = CurrentStore.answer(row, for: stored)?.value else { continue }
            let answer = UnitConversion.convert(read, to: query.units)
            guard let current = answer.current, let time = current.time, observations.last?.time != time else { continue }
            observations.append(current)
            newest = answer
        }
        guard var answer = newest else { return nil }
        answer.report = query.report
        answer.current = nil
        answer.requested = query.city
        answer.layout = query.layout
        answer.convertedFrom = nil
        answer.record = WeatherRecord(observations: observations, from: from, to: to, period: query.period?.text)
        return answer
    }

    /// Every version of the place's forecast steps from `?2` to `?3`: its time, when it was
    /// fetched, its temperature and chance of precipitation, and its units; the asked units `?4`
    /// first for one step fetched at one time.
    static let stepVersions = """
        SELECT dt, fetched_at, json_extract(content, '$.temp'), json_extract(content, '$.pop'), units
        FROM weather_entry_versions WHERE city_key = ?1 AND dt >= ?2 AND dt <= ?3
        ORDER BY dt, fetched_at, units = ?4 DESC, num DESC
        """

    /// The forecasts stored for the steps from `from` to `to`, their temperatures in `query`'s units.
    static func forecasts(_ query: WeatherQuery, from: Int64, to: Int64, in transaction: any StoreTransaction) throws -> [StepForecast] {
        var forecasts: [StepForecast] = []
        let arguments: [SQLValue] = [.text(query.cityKey), .integer(from), .integer(to), .text(query.units.rawValue)]
        try transaction.forEachRow(stepVersions, arguments) { row in
            guard let time = row[0].int64, let fetched = row[1].double,
                let text = row[4].string, let units = Units(rawValue: text) else { return }
            if let last = forecasts.last, last.time == time, last.fetchedAt == fetched { return }
            let temperature = row[2].double.map { UnitConversion.temperature($0, from: units, to: query.units) }
            forecasts.append(StepForecast(time: time, fetchedAt: fetched, temperature: temperature, chance: row[3].double))
        }
        return forecasts
    }

    /// `--past` and `--verify`, as of `now` (the host's clock, or `--as-of`).
    static func read(_ query: WeatherQuery, now: Date, in transaction: any StoreTransaction) throws -> Forecast? {
        let to = Int64(saturating: now.timeIntervalSince1970, rounding: .down) ?? 0
        let from = query.period.map { to.subtractingSaturated(Int64(saturating: $0.seconds, rounding: .up) ?? 0) }
        guard var answer = try record(query, from: from, to: to, in: transaction) else { return nil }
        guard query.report == .verify else { return answer }
        let observations = answer.record?.observations ?? []
        let times = observations.compactMap(\.time)
        guard let first = times.min(), let last = times.max() else { return nil }
        let steps = try forecasts(
            query, from: first.subtractingSaturated(Verification.window), to: last.addingSaturated(Verification.window), in: transaction)
        var verification = Verification.pairing(observations, with: steps, from: from, to: to)
        verification.period = query.period?.text
        guard !verification.leads.isEmpty else { return nil }
        answer.verification = verification
        answer.record = nil
        return answer
    }
}
