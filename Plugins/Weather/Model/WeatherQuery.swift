import Foundation

/// One city to forecast, with the settings that shape the answer.
public struct WeatherQuery: Sendable, Hashable {
    /// Exactly as typed (`New York`, `London,GB`); sent as `q`.
    public var city: String
    public var units: Units
    /// OpenWeather language code (`fr`, `pt_br`); nil for the API's default (English).
    public var language: String?
    /// How many 3-hour steps (1…40); nil for the API's default (all 40).
    public var count: Int?

    public init(city: String, units: Units = .metric, language: String? = nil, count: Int? = nil) {
        self.city = city
        self.units = units
        self.language = language
        self.count = count
    }

    /// The store key for the city: `london,gb` for `  London , GB`, so that the
    /// same place typed differently finds the same stored forecast.
    public var cityKey: String {
        let words = city.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return words.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: ",")
    }
}
