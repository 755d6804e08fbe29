import APICore

/// The `--now` CSV: one row per place, every value as the API sent it, the query and place first.
enum CurrentRows {
    static let columns = [
        "query", "place_name", "place.country", "time", "local_time", "temp", "feels_like", "temp_min", "temp_max",
        "pressure", "humidity", "weather_id", "main", "description", "icon", "clouds", "wind_speed", "wind_deg",
        "wind_gust", "visibility", "rain_1h", "snow_1h", "city.sunrise", "city.sunset", "units",
    ]

    static func table(_ answers: [Forecast]) -> Table {
        ForecastRows.csvTable(columns: columns, rows: answers.map { row($0, $0.current ?? CurrentConditions()) })
    }

    /// One observation of `answer`'s place as a row of ``columns`` (a record's observations too).
    static func row(_ answer: Forecast, _ current: CurrentConditions) -> [String] {
        let text = ForecastRows.text
        let offset = answer.city.timezoneOffset ?? 0
        let main = current.condition
        return [
            answer.requested, answer.placeName, answer.place?.country ?? answer.city.country ?? "",
            current.time.map { Timestamp.format(unix: $0) } ?? "",
            current.time.map { LocalTime(unix: $0, offset: offset).iso8601 } ?? "",
            text(current.temperature), text(current.feelsLike), text(current.temperatureMin),
            text(current.temperatureMax), text(current.pressure), text(current.humidity),
            main?.id.map(String.init) ?? "", main?.main ?? "", main?.description ?? "", main?.icon ?? "",
            text(current.clouds), text(current.windSpeed), text(current.windDirection), text(current.windGust),
            text(current.visibility), text(current.rain), text(current.snow),
            answer.city.sunrise.map { Timestamp.format(unix: $0) } ?? "",
            answer.city.sunset.map { Timestamp.format(unix: $0) } ?? "", answer.units.rawValue,
        ]
    }
}
