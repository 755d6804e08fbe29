/// A one-line chart of a series: `▁▂▄▆█▆▃`, or `_.-~=+*#`-style ASCII where the
/// terminal cannot show block elements (`LANG=C`).
///
/// Pure and deterministic, so it snapshot-tests cleanly and any provider can
/// put a trend above its table:
///
/// ```swift
/// Sparkline([3, 5, 9, 4]).text(unicode: true)   // "▁▃█▂"
/// ```
///
/// Values are scaled between the series' own minimum and maximum; a flat series
/// sits in the middle. Non-finite values (NaN, ±∞) are gaps shown as a space.
public struct Sparkline: Sendable, Hashable {
    /// The eight levels, lowest first.
    public static let unicodeLevels: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    /// The ASCII stand-ins, lowest first, for terminals without UTF-8.
    public static let asciiLevels: [Character] = ["_", ".", "-", "~", "=", "+", "*", "#"]

    public var values: [Double]

    public init(_ values: [Double]) {
        self.values = values
    }

    /// The smallest and largest finite values; nil when there are none.
    public var range: ClosedRange<Double>? {
        let finite = values.filter(\.isFinite)
        guard let low = finite.min(), let high = finite.max() else { return nil }
        return low...high
    }

    /// One character per value (after ``resampled(toAtMost:)`` when given a width).
    public func text(unicode: Bool, maxWidth: Int? = nil) -> String {
        let series = maxWidth.map { resampled(toAtMost: $0).values } ?? values
        let levels = unicode ? Self.unicodeLevels : Self.asciiLevels
        guard let range = Sparkline(series).range else {
            return String(repeating: " ", count: series.count)
        }
        // Halved first: the span of -1e308...1e308 overflows a Double, the halves' never does.
        let low = range.lowerBound / 2
        let span = range.upperBound / 2 - low
        let top = Double(levels.count - 1)
        let middle = levels[levels.count / 2 - 1]
        return String(series.map { value -> Character in
            guard value.isFinite else { return " " }
            guard span > 0 else { return middle }
            guard let level = Int(saturating: (value / 2 - low) / span * top, rounding: .toNearestOrAwayFromZero)
            else { return middle }
            return levels[min(max(level, 0), levels.count - 1)]
        })
    }

    /// The chart for `terminal`: block elements when it is UTF-8, ASCII otherwise.
    public func text(for terminal: Terminal, maxWidth: Int? = nil) -> String {
        text(unicode: terminal.unicode, maxWidth: maxWidth)
    }

    /// At most `width` points, each the mean of an equal share of the series, so
    /// a long series still fits a narrow terminal. Gaps are ignored in a mean;
    /// a share of gaps stays a gap.
    public func resampled(toAtMost width: Int) -> Sparkline {
        guard width > 0 else { return Sparkline([]) }
        guard values.count > width else { return self }
        let points = (0..<width).map { bucket -> Double in
            let start = bucket * values.count / width
            let end = (bucket + 1) * values.count / width
            let finite = values[start..<end].filter(\.isFinite)
            guard !finite.isEmpty else { return .nan }
            let mean = finite.reduce(0, +) / Double(finite.count)
            // Values near 1e308 sum to infinity: then each is divided before the sum.
            return mean.isFinite ? mean : finite.reduce(0) { $0 + $1 / Double(finite.count) }
        }
        return Sparkline(points)
    }
}
