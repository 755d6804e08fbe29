import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads and writes the latest air quality per place and kind (`now`, or
/// `forecast` for the hour-by-hour answer) in `weather_air` and its samples in
/// `weather_air_samples`, replaced whole inside the caller's transaction.
/// Air quality has no units or language, so neither is part of the key.
enum AirStore {
    static let componentColumns = AirSample.componentKeys.map(\.key)

    static let insertAnswer = SQLStatement.insert(
        into: "weather_air", columns: ["city_key", "kind", "requested", "fetched_at", "lat", "lon"])

    static let insertSample = SQLStatement.insert(
        into: "weather_air_samples", columns: ["city_key", "kind", "position", "dt", "aqi"] + componentColumns)

    static func key(_ query: WeatherQuery) -> [SQLValue] {
        [.text(query.cityKey), .text(query.layout.daily || query.layout.hours != nil ? "forecast" : "now")]
    }

    static let keyFilter = "city_key = ? AND kind = ?"

    static func save(_ answer: Forecast, for query: WeatherQuery, fetchedAt: Date, in transaction: any StoreTransaction) throws {
        let key = key(query)
        let air = answer.air ?? AirQuality()
        try transaction.execute("DELETE FROM weather_air_samples WHERE \(keyFilter)", key)
        try transaction.execute("DELETE FROM weather_air WHERE \(keyFilter)", key)
        try transaction.execute(
            insertAnswer, key + [query.city.sql, fetchedAt.sql, air.latitude.sql, air.longitude.sql])
        var hash = VersionHash()
        hash.values([air.latitude.sql, air.longitude.sql])
        for (position, sample) in air.samples.enumerated() {
            let values = [sample.time.sql, sample.index.sql] + componentColumns.map { sample.components[$0].sql }
            hash.values(values)
            try transaction.execute(insertSample, key + [position.sql] + values)
        }
        try WeatherVersions.addAir(key: key, hash: hash.value, in: transaction)
    }

    /// The hash of the air quality stored under `key`, as ``save(_:for:fetchedAt:in:)`` makes it.
    static func storedHash(_ key: [SQLValue], in transaction: any StoreTransaction) throws -> Int64 {
        var hash = VersionHash()
        if let row = try transaction.queryOne("SELECT lat, lon FROM weather_air WHERE \(keyFilter)", key) {
            hash.values([row[0], row[1]])
        }
        let columns = (["dt", "aqi"] + componentColumns).joined(separator: ", ")
        try transaction.forEachRow(
            "SELECT \(columns) FROM weather_air_samples WHERE \(keyFilter) ORDER BY position", key
        ) { row in
            for index in 0..<row.count { hash.value(row[index]) }
        }
        return hash.value
    }

    static func load(_ query: WeatherQuery, from transaction: any StoreTransaction) throws -> Stored<Forecast>? {
        let key = key(query)
        guard let row = try transaction.queryOne("SELECT * FROM weather_air WHERE \(keyFilter)", key),
            let fetchedAt = row.get("fetched_at", as: Date.self)
        else { return nil }
        let samples = try transaction.query(
            "SELECT * FROM weather_air_samples WHERE \(keyFilter) ORDER BY position", key
        ).compactMap { sample -> AirSample? in
            guard let time = sample.get("dt", as: Int64.self) else { return nil }
            var components: [String: NumberValue] = [:]
            for name in componentColumns {
                if let value = sample.get(name, as: NumberValue.self) { components[name] = value }
            }
            return AirSample(time: time, index: sample.get("aqi", as: Int64.self), components: components)
        }
        var answer = Forecast(
            requested: row.get("requested") ?? query.city, city: City(), units: query.units, entries: [],
            place: query.resolved, language: query.language, layout: query.layout)
        answer.report = .air
        answer.air = AirQuality(
            latitude: row.get("lat", as: NumberValue.self), longitude: row.get("lon", as: NumberValue.self),
            samples: samples, isForecast: key[1] == .text("forecast"))
        return Stored(answer, fetchedAt: fetchedAt)
    }
}
