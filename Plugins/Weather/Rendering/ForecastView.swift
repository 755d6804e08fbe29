import APICore

/// The terminal view of one forecast, wttr.in-style, as data: a title, a
/// temperature chart with its extremes, sunrise and sunset, then one row per
/// 3-hour step under a heading for each local day. The host draws and fits it.
///
/// Everything is derived from the forecast alone (never the current time), so
/// the same data gives the same view.
enum ForecastView {
    static func view(_ whole: Forecast, unicode: Bool) -> TerminalView {
        var forecast = whole
        forecast.entries = whole.shownEntries
        let offset = forecast.city.timezoneOffset ?? 0
        var header: [HeaderLine] = [.title(forecast.title)]
        let temperatures = forecast.entries.map { $0.temperature?.doubleValue ?? .nan }
        let notes = [
            label("min", extreme(forecast, by: <), forecast: forecast, offset: offset, unicode: unicode),
            label("max", extreme(forecast, by: >), forecast: forecast, offset: offset, unicode: unicode),
        ]
        header.append(.chart("temperature", values: temperatures, notes: notes))
        header.append(.facts(sun(forecast, offset: offset)))
        if let from = forecast.convertedFrom { header.append(.facts(["converted from stored \(from.rawValue) values"])) }
        if forecast.layout.daily {
            return TerminalView(
                header: header, table: DailyTable.table(forecast, offset: offset, unicode: unicode),
                emptyNote: emptyNote(forecast))
        }
        return TerminalView(
            header: header, table: table(forecast, offset: offset, unicode: unicode), emptyNote: emptyNote(forecast))
    }

    /// `--daily` on a terminal: the same title and sun line, the temperature and
    /// precipitation charts with their day marks (fitted to `terminal`), then a row a day.
    static func dailyView(_ whole: Forecast, on terminal: Terminal) -> TerminalView {
        var forecast = whole
        forecast.entries = whole.shownEntries
        let offset = forecast.city.timezoneOffset ?? 0
        let width = terminal.wide ? Int.max / 4 : max(1, terminal.width)
        var header: [HeaderLine] = [.title(forecast.title)]
        let sun = sun(forecast, offset: offset).enumerated().map { ($0.element, $0.offset) }
        let sunFacts = FittedLine.facts(sun, width: width)
        if !sunFacts.isEmpty { header.append(.facts(sunFacts)) }
        if let from = forecast.convertedFrom { header.append(.facts(["converted from stored \(from.rawValue) values"])) }
        for line in WeatherChart.lines(forecast, offset: offset, width: width, unicode: terminal.unicode) {
            header.append(.styled(line))
        }
        return TerminalView(
            header: header, table: DailyTable.table(forecast, offset: offset, unicode: terminal.unicode, width: width),
            emptyNote: emptyNote(forecast))
    }

    /// Why there is nothing to show: the answer had no steps, or every stored one is past.
    static func emptyNote(_ forecast: Forecast) -> String {
        guard forecast.pastLeftOut > 0 else { return "no forecast steps in the answer" }
        return "every stored step is past (\(forecast.pastLeftOut) left out); run it again without --offline to refresh"
    }

    /// `sunrise 05:48`, `sunset 20:12`, and which clock the times are on.
    static func sun(_ forecast: Forecast, offset: Int) -> [String] {
        var facts: [String] = []
        if let sunrise = forecast.city.sunrise { facts.append("sunrise " + LocalTime(unix: sunrise, offset: offset).clock) }
        if let sunset = forecast.city.sunset { facts.append("sunset " + LocalTime(unix: sunset, offset: offset).clock) }
        facts.append(forecast.city.timezoneOffset.map { offset in
            "local time, UTC" + (offset == 0 ? "" : LocalTime(unix: 0, offset: offset).offsetText)
        } ?? "times in UTC (no time zone given)")
        return facts
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

    /// One row per step, in a section per local day. Feels-like, chance and amount of
    /// precipitation only appear when some step of this forecast carries them (older
    /// answers never do). The column plan, for a narrow terminal: the time, temperature
    /// and sky always show, the condition's words shrink; humidity goes first, then
    /// feels-like, then the wind, then the amount of precipitation in words, the chance last.
    /// Numbers are never cut.
    private static func table(_ forecast: Forecast, offset: Int, unicode: Bool) -> Table {
        let entries = forecast.entries
        let units = forecast.units
        let hasFeelsLike = entries.contains { $0.feelsLike != nil }
        let hasChance = entries.contains { $0.precipitationProbability != nil }
        let hasAmount = entries.contains { $0.rain != nil || $0.snow != nil }
        var columns: [Table.Column] = [
            // A time is never cut: `12…` is no time at all.
            Table.Column("TIME", role: .measure), Table.Column("TEMP", role: .measure, alignment: .right),
        ]
        if hasFeelsLike { columns.append(Table.Column("FEELS", role: .measure, alignment: .right, dropRank: 1)) }
        columns += [
            Table.Column("SKY", role: .measure), Table.Column("WEATHER", role: .flexible),
            Table.Column("WIND", role: .measure, alignment: .right, dropRank: 2),
            Table.Column("HUMID", role: .measure, alignment: .right, dropRank: 0),
        ]
        if hasChance { columns.append(Table.Column("POP", role: .measure, alignment: .right, dropRank: 4)) }
        if hasAmount { columns.append(Table.Column("PRECIP", role: .measure, dropRank: 3)) }
        var sections: [Table.Section] = []
        for entry in entries {
            let time = LocalTime(unix: entry.time, offset: offset)
            // Appended to one array made to size: a literal joined to the row grew it twice per step.
            var row: [String] = []
            row.reserveCapacity(columns.count)
            row.append(time.clock)
            row.append(MeasureText.temperature(entry.temperature, units: units, unicode: unicode))
            if hasFeelsLike { row.append(MeasureText.temperature(entry.feelsLike, units: units, unicode: unicode)) }
            row.append(WeatherSymbols.symbol(forIcon: entry.condition?.icon, unicode: unicode))
            row.append(entry.condition?.description ?? entry.condition?.main ?? "")
            row.append(MeasureText.wind(speed: entry.windSpeed, direction: entry.windDirection, units: units))
            row.append(MeasureText.percent(entry.humidity))
            if hasChance { row.append(MeasureText.probability(entry.precipitationProbability)) }
            if hasAmount { row.append(MeasureText.precipitation(rain: entry.rain, snow: entry.snow, units: units)) }
            var styles: [ANSIStyle?] = [nil, WeatherColors.temperature(entry.temperature?.doubleValue, units: units)]
            if hasFeelsLike { styles.append(WeatherColors.temperature(entry.feelsLike?.doubleValue, units: units)) }
            styles += [nil, nil, WeatherColors.wind(entry.windSpeed?.doubleValue, units: units), nil]
            if hasChance { styles.append(WeatherColors.chance(entry.precipitationProbability?.doubleValue)) }
            if hasAmount {
                styles.append(WeatherColors.precipitation((entry.rain?.doubleValue ?? 0) + (entry.snow?.doubleValue ?? 0)))
            }
            let heading = time.weekdayName + " " + time.date
            if sections.last?.heading != heading { sections.append(Table.Section(heading, rows: [])) }
            sections[sections.count - 1].rows.append(row)
            sections[sections.count - 1].styles.append(styles)
        }
        return Table(columns: columns, sections: sections)
    }
}
