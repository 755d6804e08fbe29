import APICore

/// The table view of forecasts, wttr.in-style: per city a title, a temperature
/// sparkline with its extremes, sunrise and sunset, then one row per 3-hour
/// step under a heading for each local day.
///
/// Everything is derived from the forecast alone (never the current time), so
/// the same data renders the same text.
enum ForecastView {
    static func render(_ forecasts: [Forecast], terminal: Terminal) -> String {
        forecasts.map { render($0, terminal: terminal) }.joined(separator: "\n")
    }

    static func render(_ forecast: Forecast, terminal: Terminal) -> String {
        let offset = forecast.city.timezoneOffset ?? 0
        var out = TerminalSanitizer.clean(forecast.title) + "\n"
        out += summary(forecast, offset: offset, terminal: terminal)
        guard !forecast.entries.isEmpty else { return out + "no forecast steps in the answer\n" }
        out += "\n"
        let times = forecast.entries.map { LocalTime(unix: $0.time, offset: offset) }
        let table = rows(forecast, times: times, unicode: terminal.unicode)
        let lines = TableRenderer.render(table, terminal: terminal).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init).filter { !$0.isEmpty }
        // The renderer prints header line(s) then exactly one line per row; day
        // headings go before each day's first row. Should that ever change, the
        // table is printed as it came, without headings.
        let headerCount = lines.count - table.rows.count
        guard headerCount >= 0 else { return out + lines.joined(separator: "\n") + "\n" }
        out += lines[0..<headerCount].map { $0 + "\n" }.joined()
        var previousDay: String?
        for (index, line) in lines[headerCount...].enumerated() {
            let day = times[index].date
            if day != previousDay {
                out += times[index].weekdayName + " " + day + "\n"
                previousDay = day
            }
            out += line + "\n"
        }
        return out
    }

    /// The sparkline line and the sun line.
    private static func summary(_ forecast: Forecast, offset: Int, terminal: Terminal) -> String {
        let unicode = terminal.unicode
        let separator = unicode ? " · " : " | "
        var out = ""
        let temperatures = forecast.entries.map { $0.temperature?.doubleValue ?? .nan }
        let sparkline = Sparkline(temperatures)
        if sparkline.range != nil {
            let coldest = extreme(forecast, by: <)
            let warmest = extreme(forecast, by: >)
            let labels = label("min", coldest, forecast: forecast, offset: offset, unicode: unicode) + separator
                + label("max", warmest, forecast: forecast, offset: offset, unicode: unicode)
            let prefix = "temperature  "
            // The chart gives up width first, so the line fits the terminal with its labels.
            let chartWidth = max(8, terminal.width - prefix.count - 2 - labels.count)
            out += prefix + sparkline.text(for: terminal, maxWidth: chartWidth) + "  " + labels + "\n"
        }
        var sun: [String] = []
        if let sunrise = forecast.city.sunrise { sun.append("sunrise " + LocalTime(unix: sunrise, offset: offset).clock) }
        if let sunset = forecast.city.sunset { sun.append("sunset " + LocalTime(unix: sunset, offset: offset).clock) }
        let zone = forecast.city.timezoneOffset.map { offset in
            "local time, UTC" + (offset == 0 ? "" : LocalTime(unix: 0, offset: offset).offsetText)
        } ?? "times in UTC (no time zone given)"
        out += (sun + [zone]).joined(separator: separator) + "\n"
        return out
    }

    /// The first entry holding the lowest (`<`) or highest (`>`) temperature.
    private static func extreme(_ forecast: Forecast, by isBetter: (Double, Double) -> Bool) -> ForecastEntry? {
        var best: (entry: ForecastEntry, value: Double)?
        for entry in forecast.entries {
            guard let value = entry.temperature?.doubleValue, value.isFinite else { continue }
            if best.map({ isBetter(value, $0.value) }) ?? true { best = (entry, value) }
        }
        return best?.entry
    }

    /// `min 1.1°C Tue 03:00`.
    private static func label(
        _ name: String, _ entry: ForecastEntry?, forecast: Forecast, offset: Int, unicode: Bool
    ) -> String {
        guard let entry else { return name + " ?" }
        let time = LocalTime(unix: entry.time, offset: offset)
        let value = MeasureText.temperature(entry.temperature, units: forecast.units, unicode: unicode)
        return name + " " + value + " " + time.weekdayName + " " + time.clock
    }

    /// One row per step. Feels-like, chance and amount of precipitation only
    /// appear when some step of this forecast carries them (older answers never do).
    private static func rows(_ forecast: Forecast, times: [LocalTime], unicode: Bool) -> Table {
        let entries = forecast.entries
        let units = forecast.units
        let hasFeelsLike = entries.contains { $0.feelsLike != nil }
        let hasChance = entries.contains { $0.precipitationProbability != nil }
        let hasAmount = entries.contains { $0.rain != nil || $0.snow != nil }
        var columns: [Table.Column] = [
            Table.Column("TIME"), Table.Column("TEMP", alignment: .right),
        ]
        if hasFeelsLike { columns.append(Table.Column("FEELS", alignment: .right)) }
        columns += [
            Table.Column("SKY"), Table.Column("WEATHER", flexible: true), Table.Column("WIND", alignment: .right),
            Table.Column("HUMID", alignment: .right),
        ]
        if hasChance { columns.append(Table.Column("POP", alignment: .right)) }
        if hasAmount { columns.append(Table.Column("PRECIP", flexible: true)) }
        let rows = zip(entries, times).map { entry, time -> [String] in
            var row = [time.clock, MeasureText.temperature(entry.temperature, units: units, unicode: unicode)]
            if hasFeelsLike { row.append(MeasureText.temperature(entry.feelsLike, units: units, unicode: unicode)) }
            row += [
                WeatherSymbols.symbol(forIcon: entry.condition?.icon, unicode: unicode),
                entry.condition?.description ?? entry.condition?.main ?? "",
                MeasureText.wind(speed: entry.windSpeed, direction: entry.windDirection, units: units),
                MeasureText.percent(entry.humidity),
            ]
            if hasChance { row.append(MeasureText.probability(entry.precipitationProbability)) }
            if hasAmount { row.append(MeasureText.precipitation(rain: entry.rain, snow: entry.snow)) }
            return row
        }
        return Table(columns: columns, rows: rows)
    }
}
