import APICore
import Foundation

/// Reads and writes the latest forecast per (city, units, lang).
///
/// A new forecast replaces the old one whole (delete, then insert) inside the
/// caller's transaction, so a reader sees the complete old or the complete new
/// set, never a mix.
enum ForecastStore {
    /// The key columns' values for `query`: the normalised city, units, and `""` for no language.
    static func key(_ query: WeatherQuery) -> [SQLValue] {
        [.text(query.cityKey), .text(query.units.rawValue), .text(query.language ?? "")]
    }

    static let insertForecast = SQLStatement.insert(
        into: "weather_forecasts",
        columns: [
            "city_key", "units", "lang", "requested", "fetched_at", "city_id", "city_name", "country", "lat", "lon",
            "timezone", "sunrise", "sunset", "population",
        ])

    static let insertEntry = SQLStatement.insert(
        into: "weather_entries",
        columns: [
            "city_key", "units", "lang", "position", "dt", "dt_txt", "temp", "feels_like", "temp_min", "temp_max",
            "pressure", "sea_level", "grnd_level", "humidity", "temp_kf", "weather_id", "weather_main", "description",
            "icon", "clouds", "wind_speed", "wind_deg", "wind_gust", "visibility", "pop", "rain_3h", "snow_3h",
        ])

    static func save(_ forecast: Forecast, for query: WeatherQuery, fetchedAt: Date, in transaction: Transaction) throws {
        let key = key(query)
        let keyFilter = "city_key = ? AND units = ? AND lang = ?"
        try transaction.execute("DELETE FROM weather_entries WHERE \(keyFilter)", key)
        try transaction.execute("DELETE FROM weather_forecasts WHERE \(keyFilter)", key)
        let city = forecast.city
        try transaction.execute(
            insertForecast,
            key + [
                query.city.sql, fetchedAt.sql, city.id.sql, city.name.sql, city.country.sql,
                city.latitude.sql, city.longitude.sql, city.timezoneOffset.sql, city.sunrise.sql, city.sunset.sql,
                city.population.sql,
            ])
        for (position, entry) in forecast.entries.enumerated() {
            let condition = entry.condition
            try transaction.execute(
                insertEntry,
                key + [
                    position.sql, entry.time.sql, entry.timeText.sql, entry.temperature.sql, entry.feelsLike.sql,
                    entry.temperatureMin.sql, entry.temperatureMax.sql, entry.pressure.sql, entry.seaLevel.sql,
                    entry.groundLevel.sql, entry.humidity.sql, entry.temperatureKf.sql, condition?.id.sql ?? .null,
                    condition?.main.sql ?? .null, condition?.description.sql ?? .null, condition?.icon.sql ?? .null,
                    entry.clouds.sql, entry.windSpeed.sql, entry.windDirection.sql, entry.windGust.sql,
                    entry.visibility.sql, entry.precipitationProbability.sql, entry.rain.sql, entry.snow.sql,
                ])
        }
    }

    static func load(_ query: WeatherQuery, from transaction: Transaction) throws -> Stored<Forecast>? {
        let key = key(query)
        let keyFilter = "city_key = ? AND units = ? AND lang = ?"
        guard let row = try transaction.queryOne("SELECT * FROM weather_forecasts WHERE \(keyFilter)", key),
            let fetchedAt = row.get("fetched_at", as: Date.self)
        else { return nil }
        let city = City(
            id: row.get("city_id"), name: row.get("city_name"), country: row.get("country"),
            latitude: row.get("lat"), longitude: row.get("lon"),
            timezoneOffset: row.get("timezone"), sunrise: row.get("sunrise"), sunset: row.get("sunset"),
            population: row.get("population"))
        var entries = try transaction.query(
            "SELECT * FROM weather_entries WHERE \(keyFilter) ORDER BY position", key
        ).compactMap(entry)
        if let count = query.count, entries.count > count {
            entries.removeLast(entries.count - count)
        }
        let forecast = Forecast(
            requested: row.get("requested") ?? query.city, city: city, units: query.units, entries: entries)
        return Stored(forecast, fetchedAt: fetchedAt)
    }

    private static func entry(_ row: Row) -> ForecastEntry? {
        guard let time = row.get("dt", as: Int64.self) else { return nil }
        var entry = ForecastEntry(time: time)
        entry.timeText = row.get("dt_txt")
        entry.temperature = row.get("temp")
        entry.feelsLike = row.get("feels_like")
        entry.temperatureMin = row.get("temp_min")
        entry.temperatureMax = row.get("temp_max")
        entry.pressure = row.get("pressure")
        entry.seaLevel = row.get("sea_level")
        entry.groundLevel = row.get("grnd_level")
        entry.humidity = row.get("humidity")
        entry.temperatureKf = row.get("temp_kf")
        let condition = Condition(
            id: row.get("weather_id"), main: row.get("weather_main"), description: row.get("description"),
            icon: row.get("icon"))
        entry.condition = condition == Condition() ? nil : condition
        entry.clouds = row.get("clouds")
        entry.windSpeed = row.get("wind_speed")
        entry.windDirection = row.get("wind_deg")
        entry.windGust = row.get("wind_gust")
        entry.visibility = row.get("visibility")
        entry.precipitationProbability = row.get("pop")
        entry.rain = row.get("rain_3h")
        entry.snow = row.get("snow_3h")
        return entry
    }
}
