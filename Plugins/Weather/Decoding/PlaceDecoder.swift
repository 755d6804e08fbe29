import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads a Geocoding API answer into the one ``Place`` the forecast is asked for.
///
/// `direct` answers up to five candidates, best first: the first is taken, and
/// when the others lie in another country or state, a warning names them, each
/// written the way to ask for it. `reverse` names coordinates; an empty answer
/// (the open sea) leaves them unnamed. `zip` answers one object.
enum PlaceDecoder {
    static func decode(_ body: Data, for query: WeatherQuery, warnings: inout [String]) throws -> Place {
        if let failure = errorInBody(body, for: query) { throw failure }
        switch query.place {
        case .zip:
            let place = try JSONBody.decode(GeocodingPayload.self, from: body) { reason in
                "OpenWeather's answer for the zip code \"\(query.city)\" is not a place (\(reason))"
            }.place
            guard place.isOnGlobe else {
                throw DecodeFailure("OpenWeather's answer for the zip code \"\(query.city)\" has no coordinates")
            }
            return place
        case let .coordinates(coordinates):
            let candidates = try list(body, for: query, warnings: &warnings)
            var place = candidates.first ?? Place()
            // The forecast is asked for where the user said, not where the nearest name is.
            place.latitude = .double(coordinates.latitude)
            place.longitude = .double(coordinates.longitude)
            return place
        case .name, .id:
            let candidates = try list(body, for: query, warnings: &warnings)
            guard let chosen = candidates.first else {
                throw ProviderFailure.notFound(FailureMapping.notFoundSubject(query))
            }
            if let line = Ambiguity.line(chosen: chosen, among: candidates, language: query.language) {
                warnings.append(line)
            }
            return chosen
        }
    }

    /// The candidates that have coordinates on the globe, in the geocoder's order.
    private static func list(_ body: Data, for query: WeatherQuery, warnings: inout [String]) throws -> [Place] {
        let items = try JSONBody.decode([Lossy<GeocodingPayload>].self, from: body) { reason in
            "OpenWeather's answer for the place \"\(query.city)\" is not a list of places (\(reason))"
        }
        let places = Lossy.values(items, warnings: &warnings) { number, reason in
            "skipped place \(number) for \"\(query.city)\": \(reason)"
        }.map(\.place)
        return places.filter(\.isOnGlobe)
    }

    /// An error object sent with status 200 (`{"cod":"404","message":"not found"}`), read like its status.
    private static func errorInBody(_ body: Data, for query: WeatherQuery) -> ProviderFailure? {
        guard let error = OpenWeatherErrorBody.read(body), let code = error.code.flatMap({ Int($0) }), code != 200
        else { return nil }
        return FailureMapping.lookupFailure(status: code, body: error, for: query)
    }
}
