import APICore

/// One local day of a forecast, summed up for `--daily`: the day's range of
/// temperatures, its dominant condition, how much falls and how likely, and
/// the strongest wind.
public struct DaySummary: Sendable, Hashable {
    /// The day on the place's clock.
    public var day: LocalTime
    /// How many 3-hour steps of the forecast fall on it (8 for a whole day).
    public var steps: Int
    public var temperatureMin: NumberValue?
    public var temperatureMax: NumberValue?
    /// The day's most significant condition, with a day icon: when some step brings
    /// thunder, snow, rain or drizzle, the most frequent condition of the highest of
    /// those groups; else the condition of most steps (the first of them on a tie).
    public var condition: Condition?
    /// `15:00` when the forecast starts after the day began (the first day), else nil.
    public var partialFrom: String?
    /// `12:00`, the last step's time, when the forecast ends before the day does (the last day), else nil.
    public var partialUntil: String?
    /// Rain and snow over the steps, mm, to 0.01 mm; nil when no step gave an amount.
    public var precipitation: Double?
    /// The highest chance of precipitation of the steps, 0…1.
    public var precipitationProbability: NumberValue?
    public var windSpeed: NumberValue?
    /// Where the strongest wind comes from, degrees.
    public var windDirection: NumberValue?

    /// The entries grouped by local day (`offset` seconds east of UTC), in order.
    public static func days(_ entries: [ForecastEntry], offset: Int) -> [DaySummary] {
        var groups: [(day: LocalTime, entries: [ForecastEntry])] = []
        for entry in entries {
            let time = LocalTime(unix: entry.time, offset: offset)
            if let last = groups.last, last.day.date == time.date {
                groups[groups.count - 1].entries.append(entry)
            } else {
                groups.append((time, [entry]))
            }
        }
        var days = groups.map { DaySummary(day: $0.day, entries: $0.entries) }
        // Steps start every 3 hours: a whole day's first starts before 03:00 and its last at 21:00 or later.
        if let first = groups.first?.entries.first, secondsIntoDay(first.time, offset: offset) >= 3 * 3600 {
            days[0].partialFrom = LocalTime(unix: first.time, offset: offset).clock
        }
        if let last = groups.last?.entries.last, secondsIntoDay(last.time, offset: offset) < 21 * 3600 {
            days[days.count - 1].partialUntil = LocalTime(unix: last.time, offset: offset).clock
        }
        return days
    }

    /// Seconds since local midnight.
    static func secondsIntoDay(_ time: Int64, offset: Int) -> Int {
        let local = LocalTime(unix: time, offset: offset)
        return local.hour * 3600 + local.minute * 60 + local.second
    }

    /// `from 15:00`, `until 12:00`, or nil for a whole day: what the DAY cell adds.
    public var partialNote: String? {
        let parts = [partialFrom.map { "from " + $0 }, partialUntil.map { "until " + $0 }].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    init(day: LocalTime, entries: [ForecastEntry]) {
        self.day = day
        steps = entries.count
        // The steps' own temperatures, as the chart and its min/max notes read them: a step's
        // `temp_min`/`temp_max` are a spread across the area at that moment, not the day's range.
        temperatureMin = Self.extreme(entries.map { $0.temperature ?? $0.temperatureMin }, by: <)
        temperatureMax = Self.extreme(entries.map { $0.temperature ?? $0.temperatureMax }, by: >)
        condition = Self.significant(entries.compactMap(\.condition))
        let amounts = entries.flatMap { [$0.rain, $0.snow] }.compactMap { $0?.doubleValue }.filter(\.isFinite)
        precipitation = amounts.isEmpty ? nil : Self.hundredths(amounts.reduce(0, +))
        precipitationProbability = Self.extreme(entries.map(\.precipitationProbability), by: >)
        windSpeed = Self.extreme(entries.map(\.windSpeed), by: >)
        windDirection = entries.first { $0.windSpeed != nil && $0.windSpeed == windSpeed }?.windDirection
    }

    /// `sum` to 0.01 mm; nil when it overflowed (amounts near 1e308), as large sums
    /// already are to the hundredth.
    static func hundredths(_ sum: Double) -> Double? {
        guard let sum = sum.finite else { return nil }
        return abs(sum) < 1e13 ? (sum * 100).rounded() / 100 : sum
    }

    /// The lowest (`<`) or highest (`>`) finite value, as the API sent it; nil when there is none.
    private static func extreme(_ values: [NumberValue?], by isBetter: (Double, Double) -> Bool) -> NumberValue? {
        values.compactMap { $0 }.filter(\.doubleValue.isFinite).reduce(nil) { best, value in
            best.map { isBetter(value.doubleValue, $0.doubleValue) ? value : $0 } ?? value
        }
    }

    /// How much a condition group matters for a day, by OpenWeather's condition codes:
    /// thunderstorm (2xx) over snow (6xx), rain (5xx) and drizzle (3xx); those four
    /// bring precipitation. Nil for the others (atmosphere, clouds, clear).
    static func precipitationRank(_ condition: Condition) -> Int? {
        guard let id = condition.id else { return nil }
        switch id / 100 {
        case 2: return 4
        case 6: return 3
        case 5: return 2
        case 3: return 1
        default: return nil
        }
    }

    /// The dominant condition among those of the highest precipitation group, when any
    /// step has one; else the dominant condition of all steps.
    private static func significant(_ conditions: [Condition]) -> Condition? {
        let ranked = conditions.compactMap { condition in precipitationRank(condition).map { ($0, condition) } }
        guard let top = ranked.map(\.0).max() else { return dominant(conditions) }
        return dominant(ranked.filter { $0.0 == top }.map(\.1))
    }

    /// The condition most steps share (by description, else group), the first on a tie,
    /// with its icon turned to the day's (`10n` → `10d`): a day's symbol is never the moon.
    private static func dominant(_ conditions: [Condition]) -> Condition? {
        var counts: [String: Int] = [:]
        var order: [String] = []
        var first: [String: Condition] = [:]
        for condition in conditions {
            let key = condition.description ?? condition.main ?? condition.icon ?? ""
            if counts[key] == nil { order.append(key); first[key] = condition }
            counts[key, default: 0] += 1
        }
        let most = counts.values.max() ?? 0
        guard let best = order.first(where: { counts[$0] == most }), var condition = first[best] else { return nil }
        if let icon = condition.icon, icon.count == 3, icon.hasSuffix("n") {
            condition.icon = String(icon.dropLast()) + "d"
        }
        return condition
    }
}
