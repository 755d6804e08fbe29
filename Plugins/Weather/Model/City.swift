import APICore

/// The `city` block of a forecast: where it is and when the sun rises there.
///
/// Every field is optional because real answers drop them: the 2013 shape has
/// no `timezone`, the 2019 one no `sunrise`/`sunset`.
public struct City: Sendable, Hashable {
    public var id: Int64?
    public var name: String?
    /// ISO 3166 country code (`FR`).
    public var country: String?
    public var latitude: NumberValue?
    public var longitude: NumberValue?
    /// Seconds east of UTC; nil when the API did not say (times are then shown in UTC).
    public var timezoneOffset: Int?
    /// Unix seconds.
    public var sunrise: Int64?
    /// Unix seconds.
    public var sunset: Int64?
    public var population: Int64?

    public init(
        id: Int64? = nil, name: String? = nil, country: String? = nil,
        latitude: NumberValue? = nil, longitude: NumberValue? = nil, timezoneOffset: Int? = nil,
        sunrise: Int64? = nil, sunset: Int64? = nil, population: Int64? = nil
    ) {
        self.id = id
        self.name = name
        self.country = country
        self.latitude = latitude
        self.longitude = longitude
        self.timezoneOffset = timezoneOffset
        self.sunrise = sunrise
        self.sunset = sunset
        self.population = population
    }
}
