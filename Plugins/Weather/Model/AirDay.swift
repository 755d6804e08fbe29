import APICore

/// One local day (UTC when the place's offset is unknown) of an hourly air quality answer, for `--air --daily`: the worst
/// index of its hours and the highest concentration of each component.
struct AirDay: Sendable, Hashable {
    var date: String
    var hours: Int
    var index: Int64?
    var highest: [String: NumberValue]

    static func days(_ samples: [AirSample], offset: Int = 0) -> [AirDay] {
        var days: [AirDay] = []
        for sample in samples {
            let date = LocalTime(unix: sample.time, offset: offset).date
            if days.last?.date != date { days.append(AirDay(date: date, hours: 0, index: nil, highest: [:])) }
            var day = days[days.count - 1]
            day.hours += 1
            if let index = sample.index { day.index = max(day.index ?? index, index) }
            for (key, value) in sample.components where value.doubleValue.isFinite {
                if let best = day.highest[key], best.doubleValue >= value.doubleValue { continue }
                day.highest[key] = value
            }
            days[days.count - 1] = day
        }
        return days
    }
}
