import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// OpenWeather's 5-day/3-hour forecast: `apicli weather Paris London,GB`.
///
/// Places are resolved through the Geocoding API first (`WeatherProvider+Places.swift`).
///
/// Only the API's own facts live here: one query per city, the request, the
/// tolerant decoder, the tables, and the forecast view. The host sends the
/// requests (concurrently, within the rate limit, with the key), runs the
/// transactions, falls back to the store and prints the output.
public struct WeatherProvider: Provider {
    public typealias Query = WeatherQuery
    public typealias Response = Forecast

    public init() {}

    public var descriptor: ProviderDescriptor { Self.descriptor }

    public var migrations: [Migration] { WeatherSchema.migrations }

    /// One query per place, in the order given (arguments, then `--zip`, then
    /// `--id`), sharing the options; the default place when none is named.
    public func queries(from command: ParsedCommand) throws -> [WeatherQuery] {
        let units = try command.choice("units", as: Units.self) ?? .metric
        let count = try command.int("cnt", in: 1...40)
        let language = try Self.language(command.value("lang"))
        let layout = ForecastLayout(daily: command.flag("daily"), hours: try command.int("hours", in: 1...120))
        return try PlaceArguments.places(from: command).map { text, place in
            WeatherQuery(city: text, units: units, language: language, count: count, place: place, layout: layout)
        }
    }

    /// The forecast by coordinates once the place is resolved (or given), by id
    /// for `--id`. A name or zip code is only sent as it is by a host that runs
    /// no lookups (OpenWeather's deprecated built-in geocoding).
    public func request(for query: WeatherQuery, page: Int) -> Endpoint {
        var endpoint = Endpoint(path: "/data/2.5/forecast")
        if let place = query.resolved, let latitude = place.latitude, let longitude = place.longitude {
            endpoint.query = [QueryItem("lat", latitude.text), QueryItem("lon", longitude.text)]
        } else {
            switch query.place {
            case let .coordinates(coordinates):
                endpoint.query = [QueryItem("lat", coordinates.latitudeText), QueryItem("lon", coordinates.longitudeText)]
            case let .id(id): endpoint.query = [QueryItem("id", String(id))]
            case let .zip(code): endpoint.query = [QueryItem("zip", code)]
            case let .name(name): endpoint.query = [QueryItem("q", name)]
            }
        }
        endpoint.add("cnt", query.count.map(String.init))
        endpoint.add("lang", query.language)
        endpoint.add("units", query.units.rawValue)
        return endpoint
    }

    public func decode(_ body: Data, for query: WeatherQuery, warnings: inout [String]) throws -> Forecast {
        try ForecastDecoder.decode(body, for: query, warnings: &warnings)
    }

    public func failure(status: Int, body: Data, for query: WeatherQuery) -> ProviderFailure? {
        FailureMapping.failure(status: status, body: OpenWeatherErrorBody.read(body), for: query)
    }

    public func persist(_ response: Forecast, for query: WeatherQuery, in context: PersistContext) throws {
        try ForecastStore.save(response, for: query, fetchedAt: context.fetchedAt, in: context.transaction)
    }

    public func load(_ query: WeatherQuery, from transaction: Transaction) throws -> Stored<Forecast>? {
        try ForecastStore.load(query, from: transaction)
    }

    public func label(for query: WeatherQuery) -> String { query.city }

    public func json(_ results: [Forecast]) -> any Sequence<JSONValue> { results.map(ForecastJSON.object) }

    /// Every value as the API sent it, one row per step: the CSV.
    public func table(_ results: [Forecast]) -> Table { ForecastRows.table(results) }

    /// Per city: a title, a temperature chart and the sun line, then the steps by local day.
    public func view(_ results: [Forecast], on terminal: Terminal) -> [TerminalView] {
        results.map { ForecastView.view($0, unicode: terminal.unicode) }
    }

    /// `--lang` lowercased (`pt_BR` → `pt_br`); letters, `_` and `-` only, so
    /// a typo is a usage error rather than an odd request.
    static func language(_ text: String?) throws -> String? {
        guard let text else { return nil }
        let code = text.lowercased()
        let valid = !code.isEmpty && code.count <= 8
            && code.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || $0 == "_" || $0 == "-" }
        guard valid else {
            throw UsageError("--lang takes an OpenWeather language code such as en, fr or pt_br, not '\(text)'")
        }
        return code
    }
}
