import APICore

/// The `--daily` CSV: one row per local day of each place, values as computed
/// from the API's (temperatures, chance and wind exactly as sent).
enum DailyRows {
    static let columns = [
        "query", "place_name", "place.country", "date", "steps", "from", "until", "temp_min", "temp_max", "weather_id", "main", "description", "icon",
        "precipitation", "pop", "wind_speed", "wind_deg", "units",
    ]

    static func table(_ forecasts: [Forecast]) -> Table {
        var rows: [[String]] = []
        for forecast in forecasts {
            // The same place columns as the step CSV.
            let country = forecast.place?.country ?? forecast.city.country ?? ""
            for day in DaySummary.days(forecast.shownEntries, offset: forecast.city.timezoneOffset ?? 0) {
                let condition = day.condition
                rows.append([
                    forecast.requested, forecast.placeName, country, day.day.date, String(day.steps),
                    day.partialFrom ?? "", day.partialUntil ?? "",
                    ForecastRows.text(day.temperatureMin), ForecastRows.text(day.temperatureMax),
                    condition?.id.map(String.init) ?? "", condition?.main ?? "", condition?.description ?? "",
                    condition?.icon ?? "", day.precipitation.map { NumberValue.double($0).text } ?? "",
                    ForecastRows.text(day.precipitationProbability), ForecastRows.text(day.windSpeed),
                    ForecastRows.text(day.windDirection), forecast.units.rawValue,
                ])
            }
        }
        return ForecastRows.csvTable(columns: columns, rows: rows)
    }
}
