import APICore

/// The `--daily` terminal table: one row per local day of the place, under the
/// same title, charts and sun line as the other views.
enum DailyTable {
    /// Precipitation and its chance only appear when some day has them. The column plan,
    /// for a narrow terminal: the day, its low and high and its sky always show; the year
    /// goes first (`Wed 05 Oct`), then the partial-day note, the wind, the condition's
    /// words and the chance, and the amount last. Numbers are never cut.
    static func table(_ forecast: Forecast, offset: Int, unicode: Bool, width: Int = .max) -> Table {
        let days = DaySummary.days(forecast.entries, offset: offset)
        let units = forecast.units
        let hasAmount = days.contains { $0.precipitation != nil }
        let hasChance = days.contains { $0.precipitationProbability != nil }
        var columns: [Table.Column] = [
            // A day label is never cut.
            Table.Column("DAY", role: .measure),
            Table.Column("MIN", role: .measure, alignment: .right),
            Table.Column("MAX", role: .measure, alignment: .right),
            Table.Column("SKY", role: .measure), Table.Column("WEATHER", role: .flexible, dropRank: 2),
        ]
        if hasAmount { columns.append(Table.Column("PRECIP", role: .measure, alignment: .right, dropRank: 4)) }
        if hasChance { columns.append(Table.Column("POP", role: .measure, alignment: .right, dropRank: 3)) }
        columns.append(Table.Column("WIND", role: .measure, alignment: .right, dropRank: 1))
        // A first or last day the forecast covers only in part says so (`from 16:00`), last in
        // the row: on a narrow terminal it gives way before the measurements do.
        let hasPartial = days.contains { $0.partialNote != nil }
        if hasPartial { columns.append(Table.Column("PART", role: .measure, dropRank: 0)) }
        func rows(withYear: Bool) -> [[String]] {
            days.map { day -> [String] in
                var row = [
                    withYear ? day.day.weekdayName + " " + day.day.date : ColumnPlan.shortDay(day.day),
                    MeasureText.temperature(day.temperatureMin, units: units, unicode: unicode),
                    MeasureText.temperature(day.temperatureMax, units: units, unicode: unicode),
                    WeatherSymbols.symbol(forIcon: day.condition?.icon, unicode: unicode),
                    day.condition?.description ?? day.condition?.main ?? "",
                ]
                if hasAmount { row.append(day.precipitation.map { MeasureText.amount($0, units: units) } ?? "") }
                if hasChance { row.append(MeasureText.probability(day.precipitationProbability)) }
                row.append(MeasureText.wind(speed: day.windSpeed, direction: day.windDirection, units: units))
                if hasPartial { row.append(day.partialNote ?? "") }
                return row
            }
        }
        let full = rows(withYear: true)
        var table = Table(columns: columns, rows: ColumnPlan.fits(columns, rows: full, width: width) ? full : rows(withYear: false))
        if !table.sections.isEmpty {
            table.sections[0].styles = days.map { day in
                var row: [ANSIStyle?] = [
                    nil, WeatherColors.temperature(day.temperatureMin?.doubleValue, units: units),
                    WeatherColors.temperature(day.temperatureMax?.doubleValue, units: units), nil, nil,
                ]
                if hasAmount { row.append(WeatherColors.precipitation(day.precipitation)) }
                if hasChance { row.append(WeatherColors.chance(day.precipitationProbability?.doubleValue)) }
                row.append(WeatherColors.wind(day.windSpeed?.doubleValue, units: units))
                return row
            }
        }
        return table
    }
}
