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
    /// The condition of most steps (the first of them on a tie), with a day icon.
    public var condition: Condition?
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
        return groups.map { DaySummary(day: $0.day, entries: $0.entries) }
    }

    init(day: LocalTime, entries: [ForecastEntry]) {
        self.day = day
        steps = entries.count
        temperatureMin = Self.extreme(entries.map { $0.temperatureMin ?? $0.temperature }, by: <)
        temperatureMax = Self.extreme(entries.map { $0.temperatureMax ?? $0.temperature }, by: >)
        condition = Self.dominant(entries.compactMap(\.condition))
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
