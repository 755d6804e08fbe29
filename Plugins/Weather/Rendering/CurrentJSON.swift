import APICore

/// The `--now --format json` element of one place: the place and city block as
/// in the forecast, then the observation's fields at the top level, so that
/// each element is one item for `--fields` and `--template`.
///
/// ```json
/// {"query": "Sydney", "place_name": "Sydney, AU", "place": {…}, "city": {"id": 2147714, …},
///  "units": "metric", "time": "2020-07-17T10:25:06Z", "local_time": "2020-07-17T20:25:06+10:00",
///  "temp": 12.3, …, "rain_1h": 0.25, "snow_1h": null}
/// ```
enum CurrentJSON {
    static func object(_ answer: Forecast) -> JSONValue {
        .object(WeatherJSONHead.members(answer) + members(answer.current ?? CurrentConditions(), offset: answer.city.timezoneOffset ?? 0))
    }

    /// The observation's own fields, its times on the clock `offset` seconds from UTC (a record's observations too).
    static func members(_ current: CurrentConditions, offset: Int) -> [JSONValue.Member] {
        let main = current.condition
        return [
            .init("time", JSONValue(current.time.map { Timestamp.format(unix: $0) })),
            .init("local_time", JSONValue(current.time.map { LocalTime(unix: $0, offset: offset).iso8601 })),
            .init("temp", JSONValue(current.temperature)),
            .init("feels_like", JSONValue(current.feelsLike)),
            .init("temp_min", JSONValue(current.temperatureMin)),
            .init("temp_max", JSONValue(current.temperatureMax)),
            .init("pressure", JSONValue(current.pressure)),
            .init("humidity", JSONValue(current.humidity)),
            .init("weather_id", JSONValue(main?.id)),
            .init("main", JSONValue(main?.main)),
            .init("description", JSONValue(main?.description)),
            .init("icon", JSONValue(main?.icon)),
            .init("conditions", .array(current.conditions.map(condition))),
            .init("clouds", JSONValue(current.clouds)),
            .init("wind_speed", JSONValue(current.windSpeed)),
            .init("wind_deg", JSONValue(current.windDirection)),
            .init("wind_gust", JSONValue(current.windGust)),
            .init("visibility", JSONValue(current.visibility)),
            .init("rain_1h", JSONValue(current.rain)),
            .init("snow_1h", JSONValue(current.snow)),
        ]
    }

    /// `{"id": 500, "main": "Rain", "description": "light rain", "icon": "10n"}`.
    static func condition(_ condition: Condition) -> JSONValue {
        [
            "id": JSONValue(condition.id), "main": JSONValue(condition.main),
            "description": JSONValue(condition.description), "icon": JSONValue(condition.icon),
        ]
    }
}
