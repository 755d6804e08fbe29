/// A number exactly as OpenWeather sent it: `1017` stays an integer and
/// `1006.74` a double, so `--format json` and the store give back what the API
/// said rather than `1017.0`.
public enum NumberValue: Sendable, Hashable {
    case int(Int64)
    case double(Double)

    /// The value for arithmetic (sparklines, rounding for display).
    public var doubleValue: Double {
        switch self {
        case let .int(value): Double(value)
        case let .double(value): value
        }
    }

    /// The shortest text that reads back as the same number (`3.312`, `0`).
    public var text: String {
        switch self {
        case let .int(value): String(value)
        case let .double(value): String(describing: value)
        }
    }
}
