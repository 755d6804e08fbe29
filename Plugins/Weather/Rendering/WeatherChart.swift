import APICore

/// Temperature and precipitation as one-line charts over a forecast's steps,
/// with a line of day marks under them, drawn in block elements (`▁▂▃▄▅▆▇█`) or,
/// where the locale is not UTF-8, in ASCII (`_.-~=+*#`).
///
///     temp  ▃▄▆▇▆▄▂▁▂▄▆█▇▅▃▂▁▂▄▆▇▆▄▃   2…14°C
///     rain    ▁▃█▂             ▁▁      max 1.2 mm
///           Thu     Fri     Sat
///
/// Each column is one step, or several (their mean for temperature, their most for
/// precipitation) when the steps do not fit; every line fits `width`, the note
/// leaving first. Precipitation is scaled from zero, so a dry step is blank.
enum WeatherChart {
    static let unicodeLevels: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    static let asciiLevels: [Character] = ["_", ".", "-", "~", "=", "+", "*", "#"]
    /// `temp  `: every chart's label takes this many columns.
    static let labelWidth = 6

    /// How many steps each column of a chart `width` wide holds, with a note `noteWidth` wide.
    static func stepsPerColumn(steps: Int, width: Int, noteWidth: Int) -> Int {
        let room = max(1, width - labelWidth - (noteWidth > 0 ? noteWidth + 2 : 0))
        return max(1, (steps + room - 1) / room)
    }

    /// The temperature line, the precipitation line and the day marks, each at most `width` wide,
    /// each column of a chart in the colour of its value; empty when no step has a temperature.
    static func lines(_ forecast: Forecast, offset: Int, width: Int, unicode: Bool) -> [[StyledText]] {
        let entries = forecast.entries
        let temperatures = entries.map { $0.temperature?.doubleValue ?? .nan }
        let finite = temperatures.filter(\.isFinite)
        guard let low = finite.min(), let high = finite.max() else { return [] }
        let units = forecast.units
        let range = GlanceText.range(low: low, high: high, units: units, unicode: unicode)
        let amounts = entries.map { entry -> Double in
            let total = (entry.rain?.doubleValue ?? 0) + (entry.snow?.doubleValue ?? 0)
            return total.isFinite ? total : 0
        }
        let wettest = amounts.max() ?? 0
        let rainNote = wettest > 0 ? "max " + MeasureText.amount(wettest, units: units) : "none"
        // One scale for both charts, so their columns line up with the day marks.
        let noteWidth = max(DisplayWidth.of(range), DisplayWidth.of(rainNote))
        var perColumn = stepsPerColumn(steps: entries.count, width: width, noteWidth: noteWidth)
        var withNotes = true
        if labelWidth + 8 + noteWidth + 2 > width {
            withNotes = false
            perColumn = stepsPerColumn(steps: entries.count, width: width, noteWidth: 0)
        }
        let levels = unicode ? unicodeLevels : asciiLevels
        let temperatureColumns = buckets(temperatures, size: perColumn) { values in
            let known = values.filter(\.isFinite)
            return known.isEmpty ? .nan : known.reduce(0, +) / Double(known.count)
        }
        let temperatureChart = temperatureColumns.map { value -> StyledText in
            guard value.isFinite else { return StyledText(" ") }
            let level = high > low
                ? min(levels.count - 1, max(0, Int(saturating: (value - low) / (high - low) * 7, rounding: .toNearestOrAwayFromZero) ?? 3)) : 3
            return StyledText(String(levels[level]), style: WeatherColors.temperature(value, units: units))
        }
        let rainColumns = buckets(amounts, size: perColumn) { $0.max() ?? 0 }
        let rainChart = rainColumns.map { value -> StyledText in
            guard wettest > 0, value > 0 else { return StyledText(" ") }
            let level = min(levels.count - 1, max(0, (Int(saturating: value / wettest * 8, rounding: .up) ?? 1) - 1))
            return StyledText(String(levels[level]), style: WeatherColors.precipitation(value))
        }
        let chartWidth = temperatureColumns.count
        func line(_ label: String, _ chart: [StyledText], _ note: String) -> [StyledText] {
            let padded = StyledText(label + String(repeating: " ", count: max(1, labelWidth - label.count)))
            var pieces = joined([padded] + chart)
            if withNotes { pieces.append(StyledText("  " + note)) }
            // Lines never end in spaces: a dry spell at the end of the rain chart leaves none.
            while let last = pieces.last, last.text.last == " " {
                pieces[pieces.count - 1].text = last.text.trimmingTrailing()
                if pieces[pieces.count - 1].text.isEmpty { pieces.removeLast() }
            }
            return pieces
        }
        return [
            line("temp", temperatureChart, range), line("rain", rainChart, rainNote),
            [StyledText(dayMarks(entries, offset: offset, perColumn: perColumn, columns: chartWidth))],
        ]
    }

    /// Neighbouring pieces of one style as one piece, so a coloured run is one escape sequence.
    static func joined(_ pieces: [StyledText]) -> [StyledText] {
        var out: [StyledText] = []
        for piece in pieces {
            if let last = out.last, last.style == piece.style {
                out[out.count - 1].text += piece.text
            } else {
                out.append(piece)
            }
        }
        return out
    }

    /// The weekday of each local day at the column of its first step, as long as the room
    /// before the next day's mark allows (`Thu`, else `Th`, else `T`); a day without room goes unmarked.
    static func dayMarks(_ entries: [ForecastEntry], offset: Int, perColumn: Int, columns: Int) -> String {
        var starts: [(column: Int, name: String)] = []
        for (index, entry) in entries.enumerated() {
            let time = LocalTime(unix: entry.time, offset: offset)
            if index == 0 || LocalTime(unix: entries[index - 1].time, offset: offset).date != time.date {
                starts.append((index / perColumn, time.weekdayName))
            }
        }
        var marks = [Character](repeating: " ", count: columns)
        for (position, start) in starts.enumerated() {
            let end = position + 1 < starts.count ? starts[position + 1].column - 1 : columns
            let room = end - start.column
            guard room >= 1 else { continue }
            let name = Array(start.name.prefix(room))
            for (step, character) in name.enumerated() { marks[start.column + step] = character }
        }
        return (String(repeating: " ", count: labelWidth) + String(marks)).trimmingTrailing()
    }

    /// `values` in consecutive groups of `size`, each made one by `combine`.
    static func buckets(_ values: [Double], size: Int, combine: ([Double]) -> Double) -> [Double] {
        stride(from: 0, to: values.count, by: max(1, size)).map { start in
            combine(Array(values[start..<min(values.count, start + max(1, size))]))
        }
    }
}

extension String {
    /// Without the spaces it ends with.
    func trimmingTrailing() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
