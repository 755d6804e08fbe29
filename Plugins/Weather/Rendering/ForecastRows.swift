import APICore

/// The flat table for CSV (and the generic table path): one row per forecast
/// step, the query and the place (named as the table's title names it) first,
/// so rows from several places can be told apart; every value as the API sent it.
/// Each column is named as `--fields` and JSON name it (`place.country` is the
/// place's country, or the forecast city's when no place was looked up).
enum ForecastRows {
    static let columns = [
        "query", "place_name", "place.country", "time", "local_time", "temp", "feels_like", "temp_min", "temp_max", "pressure",
        "humidity", "weather_id", "main", "description", "icon", "clouds", "wind_speed", "wind_deg", "wind_gust",
        "visibility", "pop", "rain_3h", "snow_3h", "units",
    ]

    static func table(_ forecasts: [Forecast]) -> Table {
        if forecasts.first?.layout.daily == true { return DailyRows.table(forecasts) }
        var rows: [[String]] = []
        for forecast in forecasts {
            let offset = forecast.city.timezoneOffset ?? 0
            let country = forecast.place?.country ?? forecast.city.country ?? ""
            for entry in forecast.shownEntries {
                let condition = entry.condition
                rows.append([
                    forecast.requested, forecast.placeName, country,
                    Timestamp.format(unix: entry.time), LocalTime(unix: entry.time, offset: offset).iso8601,
                    text(entry.temperature), text(entry.feelsLike), text(entry.temperatureMin),
                    text(entry.temperatureMax), text(entry.pressure), text(entry.humidity),
                    condition?.id.map(String.init) ?? "", condition?.main ?? "", condition?.description ?? "",
                    condition?.icon ?? "", text(entry.clouds), text(entry.windSpeed), text(entry.windDirection),
                    text(entry.windGust), text(entry.visibility), text(entry.precipitationProbability),
                    text(entry.rain), text(entry.snow), forecast.units.rawValue,
                ])
            }
        }
        return csvTable(columns: columns, rows: rows)
    }

    /// Columns named as the JSON fields: text left, numbers right, the description the one that shrinks.
    static func csvTable(columns: [String], rows: [[String]]) -> Table {
        let textColumns: Set<String> = [
            "query", "place_name", "place.country", "time", "local_time", "date", "main", "description", "icon", "units",
            "quality", "city.sunrise", "city.sunset", "from", "until",
        ]
        return Table(
            columns: columns.map { name in
                Table.Column(name, role: name == "description" ? .flexible : .text, alignment: textColumns.contains(name) ? .left : .right)
            },
            rows: rows)
    }

    static func text(_ value: NumberValue?) -> String { value?.text ?? "" }
}
