import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The wire shape of `GET /data/2.5/weather`, read leniently in one pass:
/// `{coord, weather[], main{temp, feels_like…}, visibility, wind{speed, deg, gust},
/// clouds{all}, rain{1h}, snow{1h}, dt, sys{country, sunrise, sunset}, timezone, id, name, cod}`.
///
/// Every field may be missing or of another type (older answers have no
/// `timezone` or `feels_like`); a value that cannot be read is nil.
struct CurrentPayload: Decodable {
    var code: String?
    var message: String?
    var city = City()
    var conditions = CurrentConditions()
    /// Whether the body looked like an observation at all (it has `main` or `dt`).
    var isObservation = false

    private enum Keys: String, CodingKey {
        case cod, message, coord, weather, main, visibility, wind, clouds, rain, snow, dt, sys, timezone, id, name
    }

    private enum CoordinateKeys: String, CodingKey { case lat, lon }
    private enum MainKeys: String, CodingKey { case temp, feels_like, temp_min, temp_max, pressure, humidity }
    private enum WindKeys: String, CodingKey { case speed, deg, gust }
    private enum CloudKeys: String, CodingKey { case all }
    private enum HourKeys: String, CodingKey { case oneHour = "1h" }
    private enum SystemKeys: String, CodingKey { case country, sunrise, sunset }
    private enum ConditionKeys: String, CodingKey { case id, main, description, icon }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        code = container.text(.cod)
        message = container.text(.message)
        let coordinates = container.object(.coord, keyedBy: CoordinateKeys.self)
        let system = container.object(.sys, keyedBy: SystemKeys.self)
        city = City(
            id: container.integer(.id), name: container.text(.name), country: system?.text(.country),
            latitude: coordinates?.number(.lat), longitude: coordinates?.number(.lon),
            timezoneOffset: container.integer(.timezone), sunrise: system?.integer(.sunrise),
            sunset: system?.integer(.sunset))
        var current = CurrentConditions(time: container.integer(.dt))
        if let main = container.object(.main, keyedBy: MainKeys.self) {
            current.temperature = main.number(.temp)
            current.feelsLike = main.number(.feels_like)
            current.temperatureMin = main.number(.temp_min)
            current.temperatureMax = main.number(.temp_max)
            current.pressure = main.number(.pressure)
            current.humidity = main.number(.humidity)
            isObservation = true
        }
        if var list = try? container.nestedUnkeyedContainer(forKey: .weather) {
            while !list.isAtEnd {
                guard let entry = try? list.nestedContainer(keyedBy: ConditionKeys.self) else {
                    _ = try? list.decode(JSONValue.self)
                    continue
                }
                let condition = Condition(
                    id: entry.integer(.id), main: entry.text(.main), description: entry.text(.description),
                    icon: entry.text(.icon))
                if condition != Condition() { current.conditions.append(condition) }
            }
        }
        current.visibility = container.number(.visibility)
        if let wind = container.object(.wind, keyedBy: WindKeys.self) {
            current.windSpeed = wind.number(.speed)
            current.windDirection = wind.number(.deg)
            current.windGust = wind.number(.gust)
        }
        current.clouds = container.object(.clouds, keyedBy: CloudKeys.self)?.number(.all)
        current.rain = container.object(.rain, keyedBy: HourKeys.self)?.number(.oneHour)
        current.snow = container.object(.snow, keyedBy: HourKeys.self)?.number(.oneHour)
        isObservation = isObservation || current.time != nil
        conditions = current
    }
}

/// Turns a `/data/2.5/weather` body into a ``Forecast`` of kind ``ReportKind/current``.
enum CurrentDecoder {
    static func decode(_ body: Data, for query: WeatherQuery) throws -> Forecast {
        let payload = try JSONBody.decode(CurrentPayload.self, from: body) { reason in
            "OpenWeather's answer for \"\(query.city)\" is not current-weather JSON (\(reason))"
        }
        guard payload.isObservation else {
            if let failure = FailureMapping.embeddedFailure(code: payload.code, message: payload.message, for: query) {
                throw failure
            }
            throw DecodeFailure("OpenWeather's answer for \"\(query.city)\" has no current conditions (no main or dt)")
        }
        var answer = Forecast(
            requested: query.city, city: payload.city, units: query.units, entries: [], place: query.resolved,
            language: query.language, layout: query.layout)
        answer.report = .current
        answer.current = payload.conditions
        return answer
    }
}
