import APICore

/// The `--format json` document: an array with one object per city.
///
/// ```json
/// [{"query": "Paris", "city": {"id": 2988507, "name": "Paris", …},
///   "units": "metric", "forecasts": [{"time": "2019-06-02T09:00:00Z", …}]}]
/// ```
/// Keys are snake_case, times ISO 8601 (`time` in UTC, `local_time` with the
/// city's offset), numbers exactly as the API sent them, null when absent.
/// `place_name` is the place as the table's title names it; `place` is what the
/// geocoder chose (null for a city id); `forecasts` holds the steps shown
/// (`--hours`); under `--daily`, a `days` array takes its place.
enum ForecastJSON {
    static func document(_ forecasts: [Forecast]) -> JSONValue {
        .array(forecasts.map(object))
    }

    static func object(_ forecast: Forecast) -> JSONValue {
        let offset = forecast.city.timezoneOffset ?? 0
        var members = WeatherJSONHead.members(forecast)
        if forecast.layout.daily {
            let days = DaySummary.days(forecast.shownEntries, offset: offset)
            members.append(.init("days", .array(days.map(day))))
        } else {
            members.append(.init("forecasts", .array(forecast.shownEntries.map { entry($0, offset: offset) })))
        }
        return .object(members)
    }

    /// The city block: `{"id": 501183, "name": "Ростов", "country": "RU", …}`, times ISO 8601 UTC.
    static func city(_ city: City) -> JSONValue {
        [
            "id": JSONValue(city.id),
            "name": JSONValue(city.name),
            "country": JSONValue(city.country),
            "lat": JSONValue(city.latitude),
            "lon": JSONValue(city.longitude),
            "timezone": JSONValue(city.timezoneOffset),
            "sunrise": JSONValue(city.sunrise.map { Timestamp.format(unix: $0) }),
            "sunset": JSONValue(city.sunset.map { Timestamp.format(unix: $0) }),
            "population": JSONValue(city.population),
        ]
    }

    /// The chosen place: `{"name": "London", "local_name": "Londres", "country": "GB", "state": "England", "lat": …, "lon": …}`.
    static func place(_ place: Place, language: String?) -> JSONValue {
        [
            "name": JSONValue(place.name),
            "local_name": JSONValue(place.name(in: language)),
            "country": JSONValue(place.country),
            "state": JSONValue(place.state),
            "lat": JSONValue(place.latitude),
            "lon": JSONValue(place.longitude),
        ]
    }

    /// One `--daily` row: `{"date": "2022-10-05", "temp_min": 285.7, …}`, amounts in mm, `pop` 0…1.
    static func day(_ day: DaySummary) -> JSONValue {
        [
            "date": .string(day.day.date),
            "steps": .int(Int64(day.steps)),
            "from": JSONValue(day.partialFrom),
            "until": JSONValue(day.partialUntil),
            "temp_min": JSONValue(day.temperatureMin),
            "temp_max": JSONValue(day.temperatureMax),
            "weather_id": JSONValue(day.condition?.id),
            "main": JSONValue(day.condition?.main),
            "description": JSONValue(day.condition?.description),
            "icon": JSONValue(day.condition?.icon),
            "precipitation": JSONValue(day.precipitation.map(NumberValue.double)),
            "pop": JSONValue(day.precipitationProbability),
            "wind_speed": JSONValue(day.windSpeed),
            "wind_deg": JSONValue(day.windDirection),
        ]
    }

    static func entry(_ entry: ForecastEntry, offset: Int) -> JSONValue {
        let condition = entry.condition
        return [
            "time": .string(Timestamp.format(unix: entry.time)),
            "local_time": .string(LocalTime(unix: entry.time, offset: offset).iso8601),
            "temp": JSONValue(entry.temperature),
            "feels_like": JSONValue(entry.feelsLike),
            "temp_min": JSONValue(entry.temperatureMin),
            "temp_max": JSONValue(entry.temperatureMax),
            "pressure": JSONValue(entry.pressure),
            "humidity": JSONValue(entry.humidity),
            "weather_id": JSONValue(condition?.id),
            "main": JSONValue(condition?.main),
            "description": JSONValue(condition?.description),
            "icon": JSONValue(condition?.icon),
            "clouds": JSONValue(entry.clouds),
            "wind_speed": JSONValue(entry.windSpeed),
            "wind_deg": JSONValue(entry.windDirection),
            "wind_gust": JSONValue(entry.windGust),
            "visibility": JSONValue(entry.visibility),
            "pop": JSONValue(entry.precipitationProbability),
            "rain_3h": JSONValue(entry.rain),
            "snow_3h": JSONValue(entry.snow),
        ]
    }
}
