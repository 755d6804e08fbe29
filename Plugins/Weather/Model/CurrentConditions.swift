import APICore

/// The weather at a place now, as `GET /data/2.5/weather` reports it: one
/// observation, with the place's city block (name, country, time zone, sun)
/// kept in the answer's ``Forecast/city``.
///
/// Every value is optional because real answers drop them (no `feels_like`
/// before 2019, no `timezone` in 2017, `gust`, `rain` and `snow` only when
/// there are some).
public struct CurrentConditions: Sendable, Hashable {
    /// When it was observed, Unix seconds (`dt`).
    public var time: Int64?
    public var temperature: NumberValue?
    public var feelsLike: NumberValue?
    public var temperatureMin: NumberValue?
    public var temperatureMax: NumberValue?
    /// hPa.
    public var pressure: NumberValue?
    /// Percent.
    public var humidity: NumberValue?
    /// Every condition the API named (`light rain`, then `light intensity drizzle`), the main one first.
    public var conditions: [Condition]
    /// Metres (OpenWeather caps it at 10 km).
    public var visibility: NumberValue?
    public var windSpeed: NumberValue?
    /// Degrees the wind comes from.
    public var windDirection: NumberValue?
    public var windGust: NumberValue?
    /// Cloud cover, percent.
    public var clouds: NumberValue?
    /// Rain over the last hour, mm.
    public var rain: NumberValue?
    /// Snow over the last hour, mm.
    public var snow: NumberValue?

    public init(time: Int64? = nil, conditions: [Condition] = []) {
        self.time = time
        self.conditions = conditions
    }

    /// The main condition.
    public var condition: Condition? { conditions.first }
}
