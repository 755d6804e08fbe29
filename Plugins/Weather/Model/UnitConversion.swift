import APICore

/// Offline answers in the units asked for: a forecast or current conditions
/// stored in other units are converted (temperatures through kelvin, wind
/// speeds through metres per second) and marked with ``Forecast/convertedFrom``,
/// so every view says so. OpenWeather converts online; this is only for what
/// is already stored.
enum UnitConversion {
    /// The answer stored for `query`, else one stored in other units, converted.
    static func load(_ query: WeatherQuery, read: (WeatherQuery) throws -> Stored<Forecast>?) throws -> Stored<Forecast>? {
        if let stored = try read(query) { return stored }
        for other in Units.allCases where other != query.units {
            var asked = query
            asked.units = other
            guard var stored = try read(asked) else { continue }
            stored.value = convert(stored.value, to: query.units)
            return stored
        }
        return nil
    }

    /// `answer`'s temperatures and wind speeds in `units`.
    static func convert(_ answer: Forecast, to units: Units) -> Forecast {
        let from = answer.units
        guard from != units else { return answer }
        let temperature = { (value: NumberValue?) in value.map { NumberValue.double(round(kelvinTo(units, kelvin(from, $0.doubleValue)))) } }
        let speed = { (value: NumberValue?) in value.map { NumberValue.double(round(speedTo(units, metresPerSecond(from, $0.doubleValue)))) } }
        var converted = answer
        converted.units = units
        converted.convertedFrom = from
        converted.entries = answer.entries.map { entry in
            var entry = entry
            entry.temperature = temperature(entry.temperature)
            entry.feelsLike = temperature(entry.feelsLike)
            entry.temperatureMin = temperature(entry.temperatureMin)
            entry.temperatureMax = temperature(entry.temperatureMax)
            entry.windSpeed = speed(entry.windSpeed)
            entry.windGust = speed(entry.windGust)
            return entry
        }
        if var current = answer.current {
            current.temperature = temperature(current.temperature)
            current.feelsLike = temperature(current.feelsLike)
            current.temperatureMin = temperature(current.temperatureMin)
            current.temperatureMax = temperature(current.temperatureMax)
            current.windSpeed = speed(current.windSpeed)
            current.windGust = speed(current.windGust)
            converted.current = current
        }
        return converted
    }

    /// A temperature in `from` units in `units`, to the hundredth (a stored forecast `--verify` compares).
    static func temperature(_ value: Double, from: Units, to units: Units) -> Double {
        from == units ? value : round(kelvinTo(units, kelvin(from, value)))
    }

    private static func kelvin(_ units: Units, _ value: Double) -> Double {
        switch units {
        case .metric: value + 273.15
        case .imperial: (value - 32) * 5 / 9 + 273.15
        case .standard: value
        }
    }

    private static func kelvinTo(_ units: Units, _ value: Double) -> Double {
        switch units {
        case .metric: value - 273.15
        case .imperial: (value - 273.15) * 9 / 5 + 32
        case .standard: value
        }
    }

    /// One mile an hour is 0.44704 m/s exactly.
    private static func metresPerSecond(_ units: Units, _ value: Double) -> Double {
        units == .imperial ? value * 0.44704 : value
    }

    private static func speedTo(_ units: Units, _ value: Double) -> Double {
        units == .imperial ? value / 0.44704 : value
    }

    /// To the hundredth, as OpenWeather sends them.
    private static func round(_ value: Double) -> Double {
        guard value.isFinite, abs(value) < 1e13 else { return value }
        return (value * 100).rounded() / 100
    }
}
