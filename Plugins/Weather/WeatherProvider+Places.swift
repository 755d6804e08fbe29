import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Places, not guesses: a name, a zip code or coordinates are looked up in
/// OpenWeather's Geocoding API first (the host runs the request, and keeps the
/// answer in `weather_places` for 30 days), then the forecast is asked for by
/// latitude and longitude. A city id needs no lookup.
extension WeatherProvider {
    /// Places do not move.
    public var lookupLifetime: Duration { .seconds(30 * 86_400) }

    public func lookupRequest(for query: WeatherQuery) -> Endpoint? {
        switch query.place {
        case let .name(name):
            Endpoint(path: "/geo/1.0/direct", query: [QueryItem("q", name), QueryItem("limit", "5")])
        case let .zip(code):
            Endpoint(path: "/geo/1.0/zip", query: [QueryItem("zip", code)])
        case let .coordinates(coordinates):
            Endpoint(path: "/geo/1.0/reverse", query: [
                QueryItem("lat", coordinates.latitudeText), QueryItem("lon", coordinates.longitudeText),
                QueryItem("limit", "1"),
            ])
        case .id:
            nil
        }
    }

    public func decodeLookup(_ body: Data, for query: WeatherQuery, warnings: inout [String]) throws -> Place {
        try PlaceDecoder.decode(body, for: query, warnings: &warnings)
    }

    public func lookupFailure(status: Int, body: Data, for query: WeatherQuery) -> ProviderFailure? {
        FailureMapping.lookupFailure(status: status, body: OpenWeatherErrorBody.read(body), for: query)
    }

    public func persistLookup(_ place: Place, for query: WeatherQuery, in context: PersistContext) throws {
        try PlaceStore.save(place, for: query.place, fetchedAt: context.fetchedAt, in: context.transaction)
    }

    public func loadLookup(for query: WeatherQuery, from transaction: any StoreTransaction) throws -> Stored<Place>? {
        guard var stored = try PlaceStore.load(query.place, from: transaction) else { return nil }
        stored.value.timezoneOffset = try PlaceStore.storedOffset(for: query, in: transaction)
        return stored
    }

    public func resolve(_ query: WeatherQuery, with place: Place) -> WeatherQuery {
        var resolved = query
        resolved.resolved = place
        return resolved
    }
}

/// A stored forecast ages: offline, the steps (and air quality hours) already
/// past are left out, and an answer left empty says so. Current conditions
/// do not age away: they are shown with their age.
extension WeatherProvider {
    public var timedItemName: (one: String, many: String) { ("step", "steps") }

    public func dropping(before now: Date, from forecast: Forecast) -> (response: Forecast, dropped: Int) {
        let cutoff = now.timeIntervalSince1970
        var current = forecast
        switch forecast.report {
        case .forecast:
            current.entries = forecast.entries.filter { Double($0.time) >= cutoff }
            current.pastLeftOut = forecast.entries.count - current.entries.count
        case .air:
            // An hourly sample covers the hour that starts at its time.
            guard var air = forecast.air, air.isForecast else { return (forecast, 0) }
            air.samples = air.samples.filter { Double($0.time) + 3600 > cutoff }
            current.pastLeftOut = (forecast.air?.samples.count ?? 0) - air.samples.count
            current.air = air
        case .current, .record, .verify:
            return (forecast, 0)
        }
        return (current, current.pastLeftOut)
    }
}
