import APICore

/// What OpenWeather's unsuccessful answers mean for a user.
///
/// Only the statuses whose meaning is specific to this API are mapped; 429 and
/// 5xx are left to the host's generic handling (retry, rate limit, fallback).
enum FailureMapping {
    static func failure(status: Int, body: OpenWeatherErrorBody?, for query: WeatherQuery) -> ProviderFailure? {
        switch status {
        case 404:
            return .notFound("no city named \"\(query.city)\"")
        case 401:
            // The body may say "Invalid API key"; the key itself is never quoted.
            return ProviderFailure(
                "OpenWeather rejected the API key (401); check OPENWEATHER_API_KEY or `apicli config set weather.api-key`",
                exitCode: .permissionDenied)
        case 400:
            let reason = TerminalSanitizer.quote(body?.message).map { ": " + $0 } ?? ""
            return ProviderFailure(
                "OpenWeather could not use the city \"\(query.city)\"\(reason); give a city name such as Paris or London,GB",
                exitCode: .usage)
        default:
            return nil
        }
    }
}
