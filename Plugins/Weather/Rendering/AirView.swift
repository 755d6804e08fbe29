import APICore

/// The `--air` terminal view of one place, as data: the title, the index over
/// the hours shown as a chart (hourly answers), then one row per hour (or per
/// day with `--daily`) with the index in OpenWeather's words and the main
/// components in µg/m³. The air answer has no time zone: times are on the place's
/// clock when apicli has stored its offset (from its forecast or current conditions),
/// else UTC, which the view says.
enum AirView {
    /// The samples shown: all of them, or those in the first `--hours` hours.
    static func shown(_ answer: Forecast) -> [AirSample] {
        let samples = answer.air?.samples ?? []
        guard let hours = answer.layout.hours, let first = samples.first else { return samples }
        let end = first.time.addingSaturated(Int64(hours).multipliedSaturated(by: 3600))
        return samples.filter { $0.time < end }
    }

    /// The place's offset from UTC, from what apicli stored of it (the air answer has none).
    static func offset(_ answer: Forecast) -> Int? {
        answer.place?.timezoneOffset ?? answer.city.timezoneOffset
    }

    static func view(_ answer: Forecast, unicode: Bool) -> TerminalView {
        let samples = shown(answer)
        let known = offset(answer)
        let offset = known ?? 0
        var header: [HeaderLine] = [.title(answer.title)]
        if samples.count > 1 {
            let worst = samples.compactMap(\.index).max()
            header.append(.chart(
                "air quality index", values: samples.map { $0.index.map(Double.init) ?? .nan },
                notes: [worst.map { "worst \($0) " + (AirSample.quality($0) ?? "") } ?? "worst ?"]))
        }
        let clock = known.map { "local time, UTC" + ($0 == 0 ? "" : LocalTime(unix: 0, offset: $0).offsetText) }
            ?? "times in UTC (no time zone known for this place)"
        header.append(.facts([unicode ? "µg/m³" : "ug/m3", clock]))
        let labels = AirSample.componentKeys.map { unicode ? $0.label : ascii($0.label) }
        var columns = [Table.Column(answer.layout.daily ? "DAY" : "TIME", role: .measure), Table.Column("AQI", role: .measure, alignment: .right), Table.Column("QUALITY", role: .measure)]
        for (position, label) in labels.enumerated() {
            // PM2.5 and PM10 stay longest; the gases go from the right on a narrow terminal.
            columns.append(Table.Column(label, role: .measure, alignment: .right, dropRank: position < 2 ? nil : 10 - position))
        }
        let table: Table
        if answer.layout.daily {
            let rows = AirDay.days(samples, offset: offset).map { day -> [String] in
                [day.date, day.index.map(String.init) ?? "", AirSample.quality(day.index) ?? ""]
                    + AirSample.componentKeys.map { number(day.highest[$0.key]) }
            }
            var daily = Table(columns: columns, rows: rows)
            if !daily.sections.isEmpty {
                daily.sections[0].styles = AirDay.days(samples, offset: offset).map { day in
                    let style = WeatherColors.airQuality(day.index.flatMap { Int(exactly: $0) })
                    return [nil, style, style]
                }
            }
            table = daily
        } else {
            var sections: [Table.Section] = []
            for sample in samples {
                let time = LocalTime(unix: sample.time, offset: offset)
                let row = [time.clock, sample.index.map(String.init) ?? "", AirSample.quality(sample.index) ?? ""]
                    + AirSample.componentKeys.map { number(sample.components[$0.key]) }
                let heading = time.weekdayName + " " + time.date
                if sections.last?.heading != heading { sections.append(Table.Section(heading, rows: [])) }
                sections[sections.count - 1].rows.append(row)
                let style = WeatherColors.airQuality(sample.index.flatMap { Int(exactly: $0) })
                sections[sections.count - 1].styles.append([nil, style, style])
            }
            table = Table(columns: columns, sections: sections)
        }
        return TerminalView(header: header, table: table, emptyNote: emptyNote(answer))
    }

    static func emptyNote(_ answer: Forecast) -> String {
        guard answer.pastLeftOut > 0 else { return "no air quality samples in the answer" }
        return "every stored hour is past (\(answer.pastLeftOut) left out); run it again without --offline to refresh"
    }

    private static func number(_ value: NumberValue?) -> String {
        value.map { MeasureText.decimal($0.doubleValue) } ?? ""
    }

    /// `O3` for `O₃` where subscripts cannot show.
    private static func ascii(_ label: String) -> String {
        String(label.map { character in
            guard let digit = "₀₁₂₃₄₅₆₇₈₉".firstIndex(of: character) else { return character }
            return Character(String("₀₁₂₃₄₅₆₇₈₉".distance(from: "₀₁₂₃₄₅₆₇₈₉".startIndex, to: digit)))
        })
    }
}
