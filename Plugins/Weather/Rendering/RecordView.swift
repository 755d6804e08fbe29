import APICore

/// `--past` on a terminal: the place, the period and how many observations it holds, the
/// forecast's temperature and precipitation charts drawn over the observations (one column
/// each, or several when they do not fit), then one row per observation under a heading for
/// each local day, with what `--now` shows of it.
///
///     Paris, FR
///     past 7d · 42 observations · local time, UTC+01:00
///     temp  ▃▄▆▇▆▄▂▁▂▄▆█▇▅▃▂▁▂▄▆▇▆▄▃   2…14°C
///     rain    ▁▃█▂             ▁▁      max 1.2 mm
///           Mon     Tue     Wed
///
///     Mon 2026-11-30
///     TIME   TEMP   FEELS  SKY  WEATHER     PRECIP       WIND        HUMID
///     07:10  3.1°C  0.2°C  ☁    overcast                 SW 4.1 m/s  87%
enum RecordView {
    static func view(_ answer: Forecast, on terminal: Terminal) -> TerminalView {
        let observations = answer.record?.observations ?? []
        let offset = answer.city.timezoneOffset ?? 0
        let width = terminal.wide ? Int.max / 4 : max(1, terminal.width)
        let unicode = terminal.unicode
        var facts = [answer.record?.period.map { "past " + $0 } ?? "the whole record"]
        facts.append(observations.count == 1 ? "1 observation" : "\(observations.count) observations")
        facts.append(ForecastView.sun(answer, offset: offset).last ?? "")
        var header: [HeaderLine] = [.title(answer.title), .facts(facts.filter { !$0.isEmpty })]
        for line in WeatherChart.lines(RecordData.chartSteps(answer), offset: offset, width: width, unicode: unicode) {
            header.append(.styled(line))
        }
        return TerminalView(header: header, table: table(answer, offset: offset, unicode: unicode), emptyNote: "no observations")
    }

    /// The columns of the forecast's steps table, the chance of precipitation aside (an
    /// observation has none); the precipitation is the hour's before the observation.
    static func table(_ answer: Forecast, offset: Int, unicode: Bool) -> Table {
        let observations = answer.record?.observations ?? []
        let units = answer.units
        let hasFeelsLike = observations.contains { $0.feelsLike != nil }
        let hasAmount = observations.contains { $0.rain != nil || $0.snow != nil }
        var columns: [Table.Column] = [Table.Column("TIME", role: .measure), Table.Column("TEMP", role: .measure, alignment: .right)]
        if hasFeelsLike { columns.append(Table.Column("FEELS", role: .measure, alignment: .right, dropRank: 1)) }
        columns += [
            Table.Column("SKY", role: .measure), Table.Column("WEATHER", role: .flexible),
            Table.Column("WIND", role: .measure, alignment: .right, dropRank: 2),
            Table.Column("HUMID", role: .measure, alignment: .right, dropRank: 0),
        ]
        if hasAmount { columns.append(Table.Column("LAST HOUR", role: .measure, dropRank: 3)) }
        var sections: [Table.Section] = []
        for observation in observations {
            guard let unix = observation.time else { continue }
            let time = LocalTime(unix: unix, offset: offset)
            var row = [time.clock, MeasureText.temperature(observation.temperature, units: units, unicode: unicode)]
            var styles: [ANSIStyle?] = [nil, WeatherColors.temperature(observation.temperature?.doubleValue, units: units)]
            if hasFeelsLike {
                row.append(MeasureText.temperature(observation.feelsLike, units: units, unicode: unicode))
                styles.append(WeatherColors.temperature(observation.feelsLike?.doubleValue, units: units))
            }
            row += [
                WeatherSymbols.symbol(forIcon: observation.condition?.icon, unicode: unicode),
                observation.condition?.description ?? observation.condition?.main ?? "",
                MeasureText.wind(speed: observation.windSpeed, direction: observation.windDirection, units: units),
                MeasureText.percent(observation.humidity),
            ]
            styles += [nil, nil, WeatherColors.wind(observation.windSpeed?.doubleValue, units: units), nil]
            if hasAmount {
                row.append(MeasureText.precipitation(rain: observation.rain, snow: observation.snow, units: units))
                styles.append(WeatherColors.precipitation((observation.rain?.doubleValue ?? 0) + (observation.snow?.doubleValue ?? 0)))
            }
            let heading = time.weekdayName + " " + time.date
            if sections.last?.heading != heading { sections.append(Table.Section(heading, rows: [])) }
            sections[sections.count - 1].rows.append(row)
            sections[sections.count - 1].styles.append(styles)
        }
        return Table(columns: columns, sections: sections)
    }
}
