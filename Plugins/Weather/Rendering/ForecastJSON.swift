import APICore

/// The `--format json` document: an array with one object per city.
///
/// ```json
/// [{"query": "Paris", "city": {"id": 2988507, "name": "Paris", …},
///   "units": "metric", "forecasts": [{"time": "2019-06-02T09:00:00Z", …}]}]
/// ```
/// Keys are snake_case, times ISO 8601 (`time` in UTC, `local_time` with the
/// city's offset), numbers exactly as the API sent them, null when absent.
enum ForecastJSON {
    static func document(_ forecasts: [Forecast]) -> JSONValue {
        .array(forecasts.map(object))
    }

    static func object(_ forecast: Forecast) -> JSONValue {
        let city = forecast.city
        let offset = city.timezoneOffset ?? 0
        return [
            "query": .string(forecast.requested),
            "city": [
                "id": integer(city.id),
                "name": JSONValue(city.name),
                "country": JSONValue(city.country),
                "lat": number(city.latitude),
                "lon": number(city.longitude),
                "timezone": JSONValue(city.timezoneOffset),
                "sunrise": JSONValue(city.sunrise.map(CityTime.utcISO8601)),
                "sunset": JSONValue(city.sunset.map(CityTime.utcISO8601)),
                "population": integer(city.population),
            ],
            "units": .string(forecast.units.rawValue),
            "forecasts": .array(forecast.entries.map { entry(($0), offset: offset) }),
        ]
    }

    static func entry(_ entry: ForecastEntry, offset: Int) -> JSONValue {
        let condition = entry.condition
        return [
            "time": .string(CityTime.utcISO8601(entry.time)),
            "local_time": .string(CityTime(unix: entry.time, offset: offset).iso8601),
            "temp": number(entry.temperature),
            "feels_like": number(entry.feelsLike),
            "temp_min": number(entry.temperatureMin),
            "temp_max": number(entry.temperatureMax),
            "pressure": number(entry.pressure),
            "humidity": number(entry.humidity),
            "weather_id": integer(condition?.id),
            "main": JSONValue(condition?.main),
            "description": JSONValue(condition?.description),
            "icon": JSONValue(condition?.icon),
            "clouds": number(entry.clouds),
            "wind_speed": number(entry.windSpeed),
            "wind_deg": number(entry.windDirection),
            "wind_gust": number(entry.windGust),
            "visibility": number(entry.visibility),
            "pop": number(entry.precipitationProbability),
            "rain_3h": number(entry.rain),
            "snow_3h": number(entry.snow),
        ]
    }

    static func number(_ value: NumberValue?) -> JSONValue {
        switch value {
        case let .int(number)?: .int(number)
        case let .double(number)?: .double(number)
        case nil: .null
        }
    }

    static func integer(_ value: Int64?) -> JSONValue {
        value.map(JSONValue.int) ?? .null
    }
}
