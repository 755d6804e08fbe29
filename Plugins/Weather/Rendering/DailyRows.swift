import APICore

/// The `--daily` CSV: one row per local day of each place, values as computed
/// from the API's (temperatures, chance and wind exactly as sent).
enum DailyRows {
    static let columns = [
        "city", "country", "date", "steps", "temp_min", "temp_max", "weather_id", "main", "description", "icon",
        "precipitation", "pop", "wind_speed", "wind_deg", "units",
    ]

    static func table(_ forecasts: [Forecast]) -> Table {
        var rows: [[String]] = []
        for forecast in forecasts {
            // The same place columns as the step CSV: the forecast's own city.
            let city = forecast.city.name ?? forecast.requested
            let country = forecast.city.country ?? ""
            for day in DaySummary.days(forecast.shownEntries, offset: forecast.city.timezoneOffset ?? 0) {
                let condition = day.condition
                rows.append([
                    city, country, day.day.date, String(day.steps),
                    ForecastRows.text(day.temperatureMin), ForecastRows.text(day.temperatureMax),
                    condition?.id.map(String.init) ?? "", condition?.main ?? "", condition?.description ?? "",
                    condition?.icon ?? "", day.precipitation.map { NumberValue.double($0).text } ?? "",
                    ForecastRows.text(day.precipitationProbability), ForecastRows.text(day.windSpeed),
                    ForecastRows.text(day.windDirection), forecast.units.rawValue,
                ])
            }
        }
        let textColumns: Set<String> = ["city", "country", "date", "main", "description", "icon", "units"]
        return Table(
            columns: columns.map { name in
                Table.Column(
                    name, role: name == "description" ? .flexible : .text,
                    alignment: textColumns.contains(name) ? .left : .right)
            },
            rows: rows)
    }
}
