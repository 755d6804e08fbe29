import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Turns a forecast body into a ``Forecast``: read from its bytes (``ForecastBytes``)
/// when it has the plain shape, else in one `JSONDecoder` pass, entries that cannot
/// be read skipped with a warning.
enum ForecastDecoder {
    static func decode(_ body: Data, for query: WeatherQuery, warnings: inout [String]) throws -> Forecast {
        if let (city, entries) = ForecastBytes.read(body), !entries.isEmpty {
            return Forecast(
                requested: query.city, city: city, units: query.units, entries: entries,
                place: query.resolved, language: query.language, layout: query.layout)
        }
        let payload = try JSONBody.decode(ForecastPayload.self, from: body) { reason in
            "OpenWeather's answer for \"\(query.city)\" is not forecast JSON (\(reason))"
        }
        guard let list = payload.list else {
            // A 200 carrying an error body: read it like the status it names.
            if let failure = FailureMapping.embeddedFailure(code: payload.cod, message: payload.message, for: query) {
                throw failure
            }
            throw DecodeFailure("OpenWeather's answer for \"\(query.city)\" has no forecast list")
        }
        let entries = Lossy.values(list, warnings: &warnings) { number, reason in
            "skipped forecast entry \(number) for \"\(query.city)\": \(reason)"
        }
        if entries.isEmpty && !list.isEmpty {
            throw DecodeFailure("none of the \(list.count) forecast entries for \"\(query.city)\" could be read")
        }
        return Forecast(
            requested: query.city, city: payload.city ?? City(), units: query.units, entries: entries,
            place: query.resolved, language: query.language, layout: query.layout)
    }
}
