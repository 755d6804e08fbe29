import APICore

/// The `--now` terminal view of one place, as data: its title, when it was
/// observed (on the place's clock) with sunrise and sunset, then one line per
/// measurement, so that nothing is cut on a narrow terminal.
///
///     Sydney, AU
///     observed Fri 20:25 · sunrise 06:57 · sunset 17:05 · local time, UTC+10:00
///
///     NOW
///     temperature  12.3°C, feels like 7.4°C
///     weather      ☂  light rain, light intensity drizzle
enum CurrentView {
    static func view(_ answer: Forecast, unicode: Bool) -> TerminalView {
        let current = answer.current ?? CurrentConditions()
        let offset = answer.city.timezoneOffset ?? 0
        var facts: [String] = []
        if let time = current.time {
            let local = LocalTime(unix: time, offset: offset)
            facts.append("observed " + local.weekdayName + " " + local.clock)
        }
        facts += ForecastView.sun(answer, offset: offset)
        var header: [HeaderLine] = [.title(answer.title), .facts(facts)]
        if let from = answer.convertedFrom { header.append(.facts(["converted from stored \(from.rawValue) values"])) }
        return TerminalView(
            header: header, table: Table(columns: [Table.Column("NOW"), Table.Column("", role: .flexible)], rows: rows(answer, unicode: unicode)),
            emptyNote: "no current conditions in the answer")
    }

    /// `measurement, value` pairs, leaving out what the answer did not give.
    static func rows(_ answer: Forecast, unicode: Bool) -> [[String]] {
        guard let current = answer.current else { return [] }
        let units = answer.units
        var rows: [[String]] = []
        func add(_ name: String, _ value: String) { if !value.isEmpty { rows.append([name, value]) } }
        var temperature = MeasureText.temperature(current.temperature, units: units, unicode: unicode)
        if current.feelsLike != nil {
            temperature += ", feels like " + MeasureText.temperature(current.feelsLike, units: units, unicode: unicode)
        }
        add("temperature", temperature)
        let words = current.conditions.compactMap { $0.description ?? $0.main }.joined(separator: ", ")
        if !words.isEmpty {
            add("weather", WeatherSymbols.symbol(forIcon: current.condition?.icon, unicode: unicode) + "  " + words)
        }
        var wind = MeasureText.wind(speed: current.windSpeed, direction: current.windDirection, units: units)
        if let gust = current.windGust, !wind.isEmpty {
            wind += ", gusts " + MeasureText.decimal(gust.doubleValue) + " " + units.windSpeedUnit
        }
        add("wind", wind)
        add("humidity", MeasureText.percent(current.humidity))
        add("pressure", current.pressure.map { MeasureText.decimal($0.doubleValue, digits: 0) + " hPa" } ?? "")
        add("visibility", current.visibility.map { MeasureText.distance(metres: $0.doubleValue, units: units) } ?? "")
        add("clouds", MeasureText.percent(current.clouds))
        add("last hour", MeasureText.precipitation(rain: current.rain, snow: current.snow, units: units))
        return rows
    }
}
