import APICore

/// The `--air --format json` element of one place:
///
/// ```json
/// {"query": "London", "place_name": "London, GB", "place": {…}, "coord": {"lat": 51.5074, "lon": -0.1278},
///  "air": [{"time": "2021-01-25T18:00:00Z", "local_time": "2021-01-25T18:00:00+00:00", "aqi": 1,
///           "quality": "Good", "pm2_5": 3.15, "pm10": 3.81, "o3": 30.76, "no2": 35.99, "so2": 8.11,
///           "co": 250.34, "nh3": 0.74, "no": 0.19}]}
/// ```
/// Components are in µg/m³, as sent. The air answer gives no time zone, so
/// times are UTC. Under `--daily`, `days` replaces `air`: per UTC day the worst
/// index and the highest value of each component.
enum AirJSON {
    static func object(_ answer: Forecast) -> JSONValue {
        let air = answer.air ?? AirQuality()
        var members = WeatherJSONHead.members(answer, city: false)
        members.append(.init("coord", ["lat": JSONValue(air.latitude), "lon": JSONValue(air.longitude)]))
        if answer.layout.daily {
            members.append(.init("days", .array(AirDay.days(AirView.shown(answer), offset: AirView.offset(answer) ?? 0).map(day))))
        } else {
            let offset = AirView.offset(answer) ?? 0
            members.append(.init("air", .array(AirView.shown(answer).map { sample($0, offset: offset) })))
        }
        return .object(members)
    }

    static func sample(_ sample: AirSample, offset: Int = 0) -> JSONValue {
        var members: [JSONValue.Member] = [
            .init("time", .string(Timestamp.format(unix: sample.time))),
            .init("local_time", .string(LocalTime(unix: sample.time, offset: offset).iso8601)),
            .init("aqi", JSONValue(sample.index)),
            .init("quality", JSONValue(AirSample.quality(sample.index))),
        ]
        for (key, _) in AirSample.componentKeys { members.append(.init(key, JSONValue(sample.components[key]))) }
        return .object(members)
    }

    static func day(_ day: AirDay) -> JSONValue {
        var members: [JSONValue.Member] = [
            .init("date", .string(day.date)),
            .init("hours", .int(Int64(day.hours))),
            .init("aqi", JSONValue(day.index)),
            .init("quality", JSONValue(AirSample.quality(day.index))),
        ]
        for (key, _) in AirSample.componentKeys { members.append(.init(key, JSONValue(day.highest[key]))) }
        return .object(members)
    }
}
