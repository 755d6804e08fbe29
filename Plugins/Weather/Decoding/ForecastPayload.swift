import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The wire shape of `GET /data/2.5/forecast`, read in one `JSONDecoder` pass.
///
/// Only `list[].dt` is required: a forecast step with no time cannot be placed.
/// Every other field is read leniently (missing, null, `{}` or an unexpected
/// type all become nil), because real answers from 2013 to 2022 differ.
struct ForecastPayload: Decodable {
    var cod: String?
    var message: String?
    var city: City?
    var list: [Lossy<ForecastEntry>]?

    private enum Keys: String, CodingKey {
        case cod, message, city, list
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        cod = container.text(.cod)
        message = container.text(.message)
        city = container.lenient(CityPayload.self, .city)?.city
        list = container.lenient([Lossy<ForecastEntry>].self, .list)
    }
}

/// `city`: `{id, name, coord{lat, lon}, country, population, timezone, sunrise, sunset}`.
struct CityPayload: Decodable {
    let city: City

    private enum Keys: String, CodingKey {
        case id, name, coord, country, population, timezone, sunrise, sunset
    }

    private enum CoordinateKeys: String, CodingKey {
        case lat, lon
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let coordinates = container.object(.coord, keyedBy: CoordinateKeys.self)
        city = City(
            id: container.integer(.id),
            name: container.text(.name),
            country: container.text(.country),
            latitude: coordinates?.number(.lat),
            longitude: coordinates?.number(.lon),
            timezoneOffset: container.integer(.timezone),
            sunrise: container.integer(.sunrise),
            sunset: container.integer(.sunset),
            population: container.integer(.population))
    }
}

extension ForecastEntry: Decodable {
    private enum Keys: String, CodingKey {
        case dt, dt_txt, main, weather, clouds, wind, visibility, pop, rain, snow
    }

    private enum MainKeys: String, CodingKey {
        case temp, feels_like, temp_min, temp_max, pressure, sea_level, grnd_level, humidity, temp_kf
    }

    private enum CloudKeys: String, CodingKey {
        case all
    }

    private enum WindKeys: String, CodingKey {
        case speed, deg, gust
    }

    private enum VolumeKeys: String, CodingKey {
        case threeHours = "3h"
    }

    private enum ConditionKeys: String, CodingKey {
        case id, main, description, icon
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        self.init(time: try container.decode(FlexibleInteger.self, forKey: .dt).value)
        timeText = container.text(.dt_txt)
        if let main = container.object(.main, keyedBy: MainKeys.self) {
            temperature = main.number(.temp)
            feelsLike = main.number(.feels_like)
            temperatureMin = main.number(.temp_min)
            temperatureMax = main.number(.temp_max)
            pressure = main.number(.pressure)
            seaLevel = main.number(.sea_level)
            groundLevel = main.number(.grnd_level)
            humidity = main.number(.humidity)
            temperatureKf = main.number(.temp_kf)
        }
        if var conditions = try? container.nestedUnkeyedContainer(forKey: .weather), !conditions.isAtEnd,
            let first = try? conditions.nestedContainer(keyedBy: ConditionKeys.self) {
            let read = Condition(
                id: first.integer(.id), main: first.text(.main),
                description: first.text(.description), icon: first.text(.icon))
            condition = read == Condition() ? nil : read
        }
        clouds = container.object(.clouds, keyedBy: CloudKeys.self)?.number(.all)
        if let wind = container.object(.wind, keyedBy: WindKeys.self) {
            windSpeed = wind.number(.speed)
            windDirection = wind.number(.deg)
            windGust = wind.number(.gust)
        }
        visibility = container.number(.visibility)
        precipitationProbability = container.number(.pop)
        // `rain` is `{"3h": 0.3}`, `{"3h": 0}`, `{}` or absent; all but the first two mean "none given".
        rain = container.object(.rain, keyedBy: VolumeKeys.self)?.number(.threeHours)
        snow = container.object(.snow, keyedBy: VolumeKeys.self)?.number(.threeHours)
    }
}
