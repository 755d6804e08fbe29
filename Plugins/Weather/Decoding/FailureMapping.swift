import APICore

/// What OpenWeather's unsuccessful answers mean, as classifications the host words.
///
/// Only the statuses whose meaning is specific to this API are read; other
/// statuses are left to the host's reading of the status (retry, rate limit,
/// fallback to stored results).
enum FailureMapping {
    static func failure(status: Int, body: OpenWeatherErrorBody?, for query: WeatherQuery) -> ProviderFailure? {
        let message = TerminalSanitizer.quote(body?.message)
        switch status {
        case 404:
            // Only OpenWeather's own JSON says the city is unknown; an HTML page or an
            // empty body from a wrong base URL is the host's "unexpected answer".
            guard body?.code != nil || body?.message != nil else { return nil }
            if case let .id(id) = query.place { return .notFound("city with OpenWeather id \(id)") }
            return .notFound("city named \"\(query.city)\"")
        case 401:
            // The body says "Invalid API key" even for a key not active yet; the key itself is never quoted.
            return .keyRejected(detail: message)
        case 429:
            // "Your account is temporary blocked due to exceeding of requests limitation of your
            // subscription type": waiting seconds does not help, and retrying spends more.
            guard let message, message.lowercased().containsLiteral("blocked") else { return nil }
            return .blocked(detail: message)
        case 400:
            let reason = message.map { ": " + $0 } ?? ""
            return .badRequest("could not use the city \"\(query.city)\"\(reason); give a city name such as Paris or London,GB")
        default:
            return nil
        }
    }

    /// What a Geocoding API answer means: its 404 (a zip code it does not know) is
    /// "no place"; its 400 (`wrong latitude`) a bad request; the rest as for the forecast.
    static func lookupFailure(status: Int, body: OpenWeatherErrorBody?, for query: WeatherQuery) -> ProviderFailure? {
        let isOpenWeather = body?.code != nil || body?.message != nil
        switch status {
        case 404:
            return isOpenWeather ? .notFound(notFoundSubject(query)) : nil
        case 400:
            guard isOpenWeather else { return nil }
            let reason = TerminalSanitizer.quote(body?.message).map { ": " + $0 } ?? ""
            return .badRequest("could not look up the place \"\(query.city)\"\(reason)")
        default:
            return failure(status: status, body: body, for: query)
        }
    }

    /// `place named "Atlantis"`, `place with zip code "00000,FR"`: what the geocoder did not know.
    static func notFoundSubject(_ query: WeatherQuery) -> String {
        switch query.place {
        case let .zip(code): "place with zip code \"\(code)\""
        case let .id(id): "city with OpenWeather id \(id)"
        case .name, .coordinates: "place named \"\(query.city)\""
        }
    }

    /// An answer that came with status 200 but carries an error body (`"cod": "404"`), read like
    /// the status it names; nil when its code is 200, missing, or names no failure.
    static func embeddedFailure(code: String?, message: String?, for query: WeatherQuery) -> ProviderFailure? {
        guard let status = code.flatMap({ Int($0) }), status != 200 else { return nil }
        return failure(status: status, body: OpenWeatherErrorBody(code: code, message: message), for: query)
    }
}
