import APICore

/// The default terminal view of a place, one screen at 80×24 as wttr.in's is:
/// the conditions now, temperature and precipitation charts with day marks, then
/// the next days by period (night, morning, afternoon, evening).
///
///     Hemel Hempstead, GB
///     now 12.3°C · ☀ clear sky · feels 10.1°C · NW 4.1 m/s · humidity 68% · observed 13:48
///     sunrise 07:08 · sunset 18:31 · local time, UTC+01:00
///     temp  ▇▄▂▇▇▄▄██▃▁▅▆▂▂▆▇▅▅▅…   7…18°C
///     rain  █▃                       max 0.7 mm
///           Wed   Thu     Fri
///
///     PERIOD     TEMP  SKY  WEATHER     RAIN  POP  WIND
///     Thu 06 Oct · 7…17°C
///     night    11…8°C  ☾   clear sky          0%  W 7.1 m/s
///
/// Every header line fits the terminal by leaving facts out, never by cutting one;
/// the table's columns give way by priority (``table(_:offset:unicode:)``). Without
/// current conditions (their request failed) the view is the forecast's alone.
enum GlanceView {
    /// How many days the table shows at most, and how many of its lines.
    static let dayLimit = 3
    static let tableLineLimit = 15

    static func view(_ whole: Forecast, on terminal: Terminal) -> TerminalView {
        let forecast = whole
        let unicode = terminal.unicode
        let width = terminal.wide ? Int.max / 4 : max(1, terminal.width)
        let offset = forecast.city.timezoneOffset ?? forecast.currentCity?.timezoneOffset ?? 0
        var header: [HeaderLine] = [.title(forecast.title)]
        let now = nowFacts(forecast, offset: offset, unicode: unicode)
        let nowFacts = FittedLine.facts(now, width: width)
        if !nowFacts.isEmpty { header.append(.facts(nowFacts)) }
        let sun = ForecastView.sun(forecast, offset: offset).enumerated().map { ($0.element, $0.offset) }
        let sunFacts = FittedLine.facts(sun, width: width)
        if !sunFacts.isEmpty { header.append(.facts(sunFacts)) }
        if let from = forecast.convertedFrom { header.append(.facts(["converted from stored \(from.rawValue) values"])) }
        for line in WeatherChart.lines(forecast, offset: offset, width: width, unicode: unicode) {
            header.append(.styled(line))
        }
        return TerminalView(
            header: header, table: table(forecast, offset: offset, width: width, unicode: unicode),
            emptyNote: ForecastView.emptyNote(forecast))
    }

    /// `now 12.3°C`, the condition, feels-like, wind, humidity and when it was observed,
    /// each with its priority (the temperature and condition last to go).
    static func nowFacts(_ forecast: Forecast, offset: Int, unicode: Bool) -> [(text: String, priority: Int)] {
        guard let current = forecast.current else { return [] }
        let units = forecast.units
        var facts: [(text: String, priority: Int)] = []
        let temperature = MeasureText.temperature(current.temperature, units: units, unicode: unicode)
        facts.append(("now " + (temperature.isEmpty ? "?" : temperature), 0))
        if let condition = current.condition {
            let words = condition.description ?? condition.main ?? ""
            facts.append((WeatherSymbols.symbol(forIcon: condition.icon, unicode: unicode) + " " + words, 1))
        }
        if current.feelsLike != nil {
            facts.append(("feels " + MeasureText.temperature(current.feelsLike, units: units, unicode: unicode), 4))
        }
        facts.append((MeasureText.wind(speed: current.windSpeed, direction: current.windDirection, units: units), 2))
        if current.humidity != nil { facts.append(("humidity " + MeasureText.percent(current.humidity), 5)) }
        if let time = current.time {
            let local = LocalTime(unix: time, offset: offset)
            facts.append(("observed " + local.weekdayName + " " + local.clock, 3))
        }
        return facts
    }

    /// The next days by period, a section per day headed by its low and high.
    ///
    /// Column priorities: the period, temperature and sky symbol always show; the wind
    /// gives way first, then the condition's words, then the chance of precipitation,
    /// and the amount last. The words shrink before anything gives way.
    static func table(_ forecast: Forecast, offset: Int, width: Int, unicode: Bool) -> Table {
        let units = forecast.units
        var days = DayPeriod.days(forecast.entries, offset: offset)
        var lines = 0
        var shown: [DayPeriod.Day] = []
        for day in days.prefix(dayLimit + 1) where shown.count < dayLimit {
            guard lines + 1 + day.periods.count <= tableLineLimit else { break }
            shown.append(day)
            lines += 1 + day.periods.count
        }
        days = shown
        let periods = days.flatMap(\.periods)
        let hasAmount = periods.contains { $0.summary.precipitation != nil }
        let hasChance = periods.contains { $0.summary.precipitationProbability != nil }
        var columns: [Table.Column] = [
            Table.Column("PERIOD", role: .measure), Table.Column("TEMP", role: .measure, alignment: .right),
            Table.Column("SKY", role: .measure), Table.Column("WEATHER", role: .flexible, dropRank: 1),
        ]
        if hasAmount { columns.append(Table.Column("RAIN", role: .measure, alignment: .right, dropRank: 3)) }
        if hasChance { columns.append(Table.Column("POP", role: .measure, alignment: .right, dropRank: 2)) }
        columns.append(Table.Column("WIND", role: .measure, alignment: .right, dropRank: 0))
        let sections = days.map { day -> Table.Section in
            let styles = day.periods.map { period -> [ANSIStyle?] in
                let summary = period.summary
                var row: [ANSIStyle?] = [nil, WeatherColors.temperature(summary.temperatureMax?.doubleValue, units: units), nil, nil]
                if hasAmount { row.append(WeatherColors.precipitation(summary.precipitation)) }
                if hasChance { row.append(WeatherColors.chance(summary.precipitationProbability?.doubleValue)) }
                row.append(WeatherColors.wind(summary.windSpeed?.doubleValue, units: units))
                return row
            }
            let rows = day.periods.map { period -> [String] in
                let summary = period.summary
                var row = [
                    period.part.name, GlanceText.range(summary, units: units, unicode: unicode),
                    WeatherSymbols.symbol(forIcon: summary.condition?.icon, unicode: unicode),
                    summary.condition?.description ?? summary.condition?.main ?? "",
                ]
                if hasAmount { row.append(summary.precipitation.map { MeasureText.amount($0, units: units) } ?? "") }
                if hasChance { row.append(MeasureText.probability(summary.precipitationProbability)) }
                row.append(MeasureText.wind(speed: summary.windSpeed, direction: summary.windDirection, units: units))
                return row
            }
            var section = Table.Section(heading(day, units: units, width: width, unicode: unicode), rows: rows)
            section.styles = styles
            return section
        }
        return Table(columns: columns, sections: sections)
    }

    /// `Thu 06 Oct · low 7.3°C · high 17.1°C`, shorter where that does not fit (never cut).
    static func heading(_ day: DayPeriod.Day, units: Units, width: Int, unicode: Bool) -> String {
        let date = ColumnPlan.shortDay(day.day)
        let separator = unicode ? " · " : " | "
        let low = MeasureText.temperature(day.summary.temperatureMin, units: units, unicode: unicode)
        let high = MeasureText.temperature(day.summary.temperatureMax, units: units, unicode: unicode)
        guard !low.isEmpty, !high.isEmpty else { return date }
        return FittedLine.first(
            [date + separator + "low " + low + separator + "high " + high,
             date + separator + GlanceText.range(day.summary, units: units, unicode: unicode), date],
            fitting: width)
    }
}
