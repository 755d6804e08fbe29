/// OpenWeather's unit systems (`--units`), and the symbols each one implies.
///
/// The API converts temperatures and wind speeds itself; apicli only labels them.
public enum Units: String, Sendable, Hashable, CaseIterable {
    /// Celsius and metres per second (apicli's default).
    case metric
    /// Fahrenheit and miles per hour.
    case imperial
    /// Kelvin and metres per second (the API's own default).
    case standard

    /// `°C`, `°F` or ` K` — Kelvin is a unit, not a degree, so it takes a space.
    public var temperatureSuffix: String {
        switch self {
        case .metric: "°C"
        case .imperial: "°F"
        case .standard: " K"
        }
    }

    /// The temperature suffix for terminals that cannot show `°`.
    public var asciiTemperatureSuffix: String {
        switch self {
        case .metric: " C"
        case .imperial: " F"
        case .standard: " K"
        }
    }

    /// `m/s` or `mph`.
    public var windSpeedUnit: String {
        self == .imperial ? "mph" : "m/s"
    }
}
