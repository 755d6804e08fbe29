import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The wire shape of `GET /data/2.5/air_pollution` and `/air_pollution/forecast`:
/// `{"coord": {"lon", "lat"}, "list": [{"main": {"aqi"}, "components": {"co", "no", …}, "dt"}]}`.
///
/// Only `list[].dt` is required: a sample with no time cannot be placed.
struct AirPayload: Decodable {
    var code: String?
    var message: String?
    var latitude: NumberValue?
    var longitude: NumberValue?
    var list: [Lossy<AirSample>]?

    private enum Keys: String, CodingKey { case cod, message, coord, list }
    private enum CoordinateKeys: String, CodingKey { case lat, lon }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        code = container.text(.cod)
        message = container.text(.message)
        let coordinates = container.object(.coord, keyedBy: CoordinateKeys.self)
        latitude = coordinates?.number(.lat)
        longitude = coordinates?.number(.lon)
        list = container.lenient([Lossy<AirSample>].self, .list)
    }
}

extension AirSample: Decodable {
    private enum Keys: String, CodingKey { case dt, main, components }
    private enum MainKeys: String, CodingKey { case aqi }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        self.init(time: try container.decode(FlexibleInteger.self, forKey: .dt).value)
        index = container.object(.main, keyedBy: MainKeys.self)?.integer(.aqi)
        if let parts = container.object(.components, keyedBy: AnyKey.self) {
            for key in parts.allKeys {
                if let value = parts.number(key) { components[key.stringValue] = value }
            }
        }
    }
}

/// Turns an air pollution body into a ``Forecast`` of kind ``ReportKind/air``;
/// samples that cannot be read are skipped with a warning.
enum AirDecoder {
    static func decode(_ body: Data, for query: WeatherQuery, warnings: inout [String]) throws -> Forecast {
        let payload = try JSONBody.decode(AirPayload.self, from: body) { reason in
            "OpenWeather's air quality answer for \"\(query.city)\" is not air pollution JSON (\(reason))"
        }
        guard let list = payload.list else {
            if let failure = FailureMapping.embeddedFailure(code: payload.code, message: payload.message, for: query) {
                throw failure
            }
            throw DecodeFailure("OpenWeather's air quality answer for \"\(query.city)\" has no list")
        }
        let samples = Lossy.values(list, warnings: &warnings) { number, reason in
            "skipped air quality sample \(number) for \"\(query.city)\": \(reason)"
        }
        if samples.isEmpty && !list.isEmpty {
            throw DecodeFailure("none of the \(list.count) air quality samples for \"\(query.city)\" could be read")
        }
        var answer = Forecast(
            requested: query.city, city: City(), units: query.units, entries: [], place: query.resolved,
            language: query.language, layout: query.layout)
        answer.report = .air
        answer.air = AirQuality(
            latitude: payload.latitude, longitude: payload.longitude, samples: samples,
            isForecast: query.layout.daily || query.layout.hours != nil)
        return answer
    }
}
