import APICore

/// The `--daily` terminal table: one row per local day of the place, under the
/// same title, chart and sun line as the step view.
enum DailyTable {
    /// Precipitation and its chance only appear when some day has them; on a
    /// narrow terminal the chance goes first; numbers are never cut.
    static func table(_ forecast: Forecast, offset: Int, unicode: Bool) -> Table {
        let days = DaySummary.days(forecast.entries, offset: offset)
        let units = forecast.units
        let hasAmount = days.contains { $0.precipitation != nil }
        let hasChance = days.contains { $0.precipitationProbability != nil }
        var columns: [Table.Column] = [
            // A day label is never cut.
            Table.Column("DAY", role: .measure),
            Table.Column("MIN", role: .measure, alignment: .right),
            Table.Column("MAX", role: .measure, alignment: .right),
            Table.Column("SKY"), Table.Column("WEATHER", role: .flexible),
        ]
        if hasAmount { columns.append(Table.Column("PRECIP", role: .measure, alignment: .right)) }
        if hasChance { columns.append(Table.Column("POP", role: .measure, alignment: .right, dropRank: 1)) }
        columns.append(Table.Column("WIND", role: .measure, alignment: .right))
        // A first or last day the forecast covers only in part says so (`from 16:00`), last in
        // the row: on a narrow terminal it gives way before the measurements do.
        let hasPartial = days.contains { $0.partialNote != nil }
        if hasPartial { columns.append(Table.Column("PART", role: .text)) }
        let rows = days.map { day -> [String] in
            var row = [
                day.day.weekdayName + " " + day.day.date,
                MeasureText.temperature(day.temperatureMin, units: units, unicode: unicode),
                MeasureText.temperature(day.temperatureMax, units: units, unicode: unicode),
                WeatherSymbols.symbol(forIcon: day.condition?.icon, unicode: unicode),
                day.condition?.description ?? day.condition?.main ?? "",
            ]
            if hasAmount { row.append(day.precipitation.map(MeasureText.millimetres) ?? "") }
            if hasChance { row.append(MeasureText.probability(day.precipitationProbability)) }
            row.append(MeasureText.wind(speed: day.windSpeed, direction: day.windDirection, units: units))
            if hasPartial { row.append(day.partialNote ?? "") }
            return row
        }
        return Table(columns: columns, rows: rows)
    }
}
