import APICore

/// `--chart`: the whole forecast as two tall charts, temperature (8 rows) over
/// precipitation (4 rows), the lowest and highest values on the left, the days
/// marked under them, then a row a day as `--daily` has it.
///
///     291 K ▁▂            ▃█▅
///           ███▅       ▂▇█████▆
///     280 K ████▇▄▃▂▃▅▇████████▇▅
///     1.8mm              ▂
///           █▁       ▁▃  █▆
///           Thu     Fri     Sat
enum ChartView {
    static let temperatureRows = 8
    static let rainRows = 4

    static func view(_ whole: Forecast, on terminal: Terminal) -> TerminalView {
        var forecast = whole
        forecast.entries = whole.shownEntries
        let offset = forecast.city.timezoneOffset ?? 0
        let width = terminal.wide ? Int.max / 4 : max(1, terminal.width)
        let unicode = terminal.unicode
        var header: [HeaderLine] = [.title(forecast.title)]
        let sun = ForecastView.sun(forecast, offset: offset).enumerated().map { ($0.element, $0.offset) }
        let sunFacts = FittedLine.facts(sun, width: width)
        if !sunFacts.isEmpty { header.append(.facts(sunFacts)) }
        header += lines(forecast, offset: offset, width: width, unicode: unicode).map(HeaderLine.styled)
        return TerminalView(
            header: header, table: DailyTable.table(forecast, offset: offset, unicode: unicode, width: width),
            emptyNote: ForecastView.emptyNote(forecast))
    }

    /// The charts' lines, each at most `width` wide; empty when no step has a temperature.
    static func lines(_ forecast: Forecast, offset: Int, width: Int, unicode: Bool) -> [[StyledText]] {
        let entries = forecast.entries
        let temperatures = entries.map { $0.temperature?.doubleValue ?? .nan }
        let finite = temperatures.filter(\.isFinite)
        guard let low = finite.min(), let high = finite.max() else { return [] }
        let units = forecast.units
        let amounts = entries.map { entry -> Double in
            let total = (entry.rain?.doubleValue ?? 0) + (entry.snow?.doubleValue ?? 0)
            return total.isFinite ? total : 0
        }
        let wettest = amounts.max() ?? 0
        let labels = [
            MeasureText.temperature(.double(high), units: units, unicode: unicode).replacingAll(".0", with: ""),
            MeasureText.temperature(.double(low), units: units, unicode: unicode).replacingAll(".0", with: ""),
            wettest > 0 ? MeasureText.amount(wettest, units: units).replacingAll(" ", with: "") : "",
        ]
        let labelWidth = (labels.map(DisplayWidth.of).max() ?? 0) + 1
        guard width > labelWidth + 4 else { return [] }
        let perColumn = WeatherChart.stepsPerColumn(steps: entries.count, width: width - labelWidth + WeatherChart.labelWidth, noteWidth: 0)
        let temperatureColumns = WeatherChart.buckets(temperatures, size: perColumn) { values in
            let known = values.filter(\.isFinite)
            return known.isEmpty ? .nan : known.reduce(0, +) / Double(known.count)
        }
        let rainColumns = WeatherChart.buckets(amounts, size: perColumn) { $0.max() ?? 0 }
        func label(_ text: String) -> StyledText {
            StyledText(text + String(repeating: " ", count: max(0, labelWidth - DisplayWidth.of(text))))
        }
        var lines: [[StyledText]] = []
        for row in 0..<temperatureRows {
            let bottom = (temperatureRows - 1 - row) * 8
            let cells = temperatureColumns.map { value -> StyledText in
                guard value.isFinite else { return StyledText(" ") }
                let scaled = Int(saturating: (value - low) / (high - low) * Double(temperatureRows * 8 - 1), rounding: .toNearestOrAwayFromZero)
                let filled = high > low ? min(temperatureRows * 8, max(0, scaled ?? 0) + 1) : 4
                return StyledText(cell(filled - bottom, unicode: unicode), style: WeatherColors.temperature(value, units: units))
            }
            let text = row == 0 ? labels[0] : row == temperatureRows - 1 ? labels[1] : ""
            lines.append(trimmed(WeatherChart.joined([label(text)] + cells)))
        }
        if wettest > 0 {
            for row in 0..<rainRows {
                let bottom = (rainRows - 1 - row) * 8
                let cells = rainColumns.map { value -> StyledText in
                    guard value > 0 else { return StyledText(" ") }
                    let filled = min(rainRows * 8, max(1, Int(saturating: value / wettest * Double(rainRows * 8), rounding: .up) ?? 1))
                    return StyledText(cell(filled - bottom, unicode: unicode), style: WeatherColors.precipitation(value))
                }
                lines.append(trimmed(WeatherChart.joined([label(row == 0 ? labels[2] : "")] + cells)))
            }
        }
        let marks = WeatherChart.dayMarks(entries, offset: offset, perColumn: perColumn, columns: temperatureColumns.count)
        lines.append([StyledText(String(repeating: " ", count: labelWidth) + marks.dropFirst(WeatherChart.labelWidth))])
        return lines.filter { !$0.isEmpty }
    }

    /// One character of a bar `eighths` eighths tall within its row: blank, a block element, or full.
    static func cell(_ eighths: Int, unicode: Bool) -> String {
        guard eighths > 0 else { return " " }
        guard eighths < 8 else { return unicode ? "█" : "#" }
        return unicode ? String(WeatherChart.unicodeLevels[eighths - 1]) : eighths >= 4 ? "+" : "."
    }

    /// The pieces without the spaces the line ends with.
    static func trimmed(_ pieces: [StyledText]) -> [StyledText] {
        var pieces = pieces
        while let last = pieces.last, last.text.last == " " {
            pieces[pieces.count - 1].text = last.text.trimmingTrailing()
            if pieces[pieces.count - 1].text.isEmpty { pieces.removeLast() }
        }
        return pieces
    }
}
