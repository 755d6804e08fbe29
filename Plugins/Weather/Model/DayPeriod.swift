import APICore

/// A quarter of a local day, as wttr.in shows a day: night (00–06), morning
/// (06–12), afternoon (12–18) and evening (18–24), each summed up from the
/// 3-hour steps that start in it, as ``DaySummary`` sums up a day.
struct DayPeriod: Sendable, Hashable {
    enum Part: Int, Sendable, CaseIterable {
        case night, morning, afternoon, evening

        var name: String {
            switch self {
            case .night: "night"
            case .morning: "morning"
            case .afternoon: "afternoon"
            case .evening: "evening"
            }
        }
    }

    var part: Part
    /// The steps' summary: low and high, condition, precipitation, chance, wind.
    var summary: DaySummary

    /// One local day and its periods, in order.
    struct Day: Sendable, Hashable {
        var day: LocalTime
        /// The whole day's summary (its low and high).
        var summary: DaySummary
        var periods: [DayPeriod]
    }

    /// The entries by local day (`offset` seconds east of UTC), each day by period.
    static func days(_ entries: [ForecastEntry], offset: Int) -> [Day] {
        var days: [Day] = []
        var dayEntries: [[ForecastEntry]] = []
        for entry in entries {
            let time = LocalTime(unix: entry.time, offset: offset)
            if let last = days.last, last.day.date == time.date {
                dayEntries[dayEntries.count - 1].append(entry)
            } else {
                days.append(Day(day: time, summary: DaySummary(day: time, entries: [entry]), periods: []))
                dayEntries.append([entry])
            }
        }
        for index in days.indices {
            let entries = dayEntries[index]
            days[index].summary = DaySummary(day: days[index].day, entries: entries)
            for part in Part.allCases {
                let inPart = entries.filter { LocalTime(unix: $0.time, offset: offset).hour / 6 == part.rawValue }
                guard let first = inPart.first else { continue }
                var summary = DaySummary(day: LocalTime(unix: first.time, offset: offset), entries: inPart)
                // A day's summary shows the sun; a period whose steps are all at night shows the moon.
                let night = inPart.allSatisfy { $0.condition?.icon?.hasSuffix("n") == true }
                if night, let icon = summary.condition?.icon, icon.count == 3 {
                    summary.condition?.icon = String(icon.dropLast()) + "n"
                }
                days[index].periods.append(DayPeriod(part: part, summary: summary))
            }
        }
        return days
    }
}
