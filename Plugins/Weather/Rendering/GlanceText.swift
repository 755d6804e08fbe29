import APICore

/// The glance's short forms of measurements: whole degrees, as wttr.in shows them.
enum GlanceText {
    /// `7…9°C`, `8°C` when both round alike, `280…283 K`; ASCII `7..9 C`.
    static func range(low: Double, high: Double, units: Units, unicode: Bool) -> String {
        let suffix = unicode ? units.temperatureSuffix : units.asciiTemperatureSuffix
        let from = MeasureText.decimal(low, digits: 0)
        let to = MeasureText.decimal(high, digits: 0)
        return (from == to ? from : from + (unicode ? "…" : "..") + to) + suffix
    }

    /// A summary's range, or empty when it has no temperature.
    static func range(_ summary: DaySummary, units: Units, unicode: Bool) -> String {
        guard let low = summary.temperatureMin?.doubleValue, let high = summary.temperatureMax?.doubleValue,
            low.isFinite, high.isFinite
        else { return "" }
        return range(low: low, high: high, units: units, unicode: unicode)
    }
}
