import APICore
import Foundation

/// OpenWeather's 5-day/3-hour forecast: `apicli weather Paris London,GB`.
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

    /// One query per city argument, in the order given, sharing the options.
    public func queries(from command: ParsedCommand) throws -> [WeatherQuery] {
        let cities = command.arguments.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        guard !cities.isEmpty else {
            throw UsageError("name a city: apicli weather Paris (or \"New York\", London,GB)")
        }
        if cities.contains(where: \.isEmpty) {
            throw UsageError("a city name cannot be empty: apicli weather Paris")
        }
        let units = try command.choice("units", as: Units.self) ?? .metric
        let count = try command.int("cnt", in: 1...40)
        let language = try Self.language(command.value("lang"))
        return cities.map { WeatherQuery(city: $0, units: units, language: language, count: count) }
    }

    public func request(for query: WeatherQuery, page: Int) -> Endpoint {
        var endpoint = Endpoint(path: "/data/2.5/forecast", query: [QueryItem("q", query.city)])
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
