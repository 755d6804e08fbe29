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
        let report = try Self.report(from: command)
        let period = try Self.period(from: command)
        let layout = try Self.layout(from: command, report: report, count: count)
        let places = try PlaceArguments.places(from: command)
        if report == .air, let id = places.first(where: { if case .id = $0.place { true } else { false } }) {
            throw UsageError(
                "--air is asked for by coordinates, which \(id.text) does not give; name the place "
                    + "(apicli weather Paris --air) or give its coordinates (48.85,2.35)")
        }
        return places.map { text, place in
            var query = WeatherQuery(city: text, units: units, language: language, count: count, place: place, layout: layout)
            query.report = report
            query.period = period
            return query
        }
    }

    /// `--now`, `--air` or the forecast; the options that cannot go with the view asked for are usage errors.
    static func report(from command: ParsedCommand) throws -> ReportKind {
        if let record = try recordReport(from: command) { return record }
        let now = command.flag("now")
        let air = command.flag("air")
        if now && air { throw UsageError("--now and --air are two views; ask for one at a time") }
        if now, command.flag("daily") || command.value("hours") != nil {
            throw UsageError("--now shows the conditions now; --daily and --hours are for the forecast and --air")
        }
        if now || air, command.explicit.contains("cnt") {
            throw UsageError("--cnt counts forecast steps; it does not go with --\(now ? "now" : "air")")
        }
        return now ? .current : air ? .air : .forecast
    }

    /// The forecast (`/data/2.5/forecast`), the current conditions (`/data/2.5/weather`)
    /// or air quality (`/data/2.5/air_pollution`, `/forecast` for the hours to come):
    /// by coordinates once the place is resolved (or given), by id for `--id`. A name
    /// or zip code is only sent as it is by a host that runs no lookups (OpenWeather's
    /// deprecated built-in geocoding).
    public func request(for query: WeatherQuery, page: Int) -> Endpoint {
        // The glance's second request is the current conditions, sent and cached as `--now` sends them.
        if page > 0, query.layout.glance { return request(for: Self.currentQuery(for: query), page: 0) }
        switch query.report {
        case .forecast:
            var endpoint = Endpoint(path: "/data/2.5/forecast", query: location(query))
            endpoint.add("cnt", query.count.map(String.init))
            endpoint.add("lang", query.language)
            endpoint.add("units", query.units.rawValue)
            return endpoint
        case .current, .record, .verify:
            // OpenWeather updates current conditions about every 10 minutes. (The record and
            // its verification are read from the store alone: this is never sent for them.)
            var endpoint = Endpoint(path: "/data/2.5/weather", query: location(query), cacheTTL: .seconds(600))
            endpoint.add("lang", query.language)
            endpoint.add("units", query.units.rawValue)
            return endpoint
        case .air:
            let hourly = query.layout.daily || query.layout.hours != nil
            return Endpoint(path: hourly ? "/data/2.5/air_pollution/forecast" : "/data/2.5/air_pollution", query: location(query))
        }
    }

    /// `lat`/`lon` of the resolved place or the coordinates given, else `id`, `zip` or `q`.
    private func location(_ query: WeatherQuery) -> [QueryItem] {
        if let place = query.resolved, let latitude = place.latitude, let longitude = place.longitude {
            return [QueryItem("lat", latitude.text), QueryItem("lon", longitude.text)]
        }
        switch query.place {
        case let .coordinates(coordinates):
            return [QueryItem("lat", coordinates.latitudeText), QueryItem("lon", coordinates.longitudeText)]
        case let .id(id): return [QueryItem("id", String(id))]
        case let .zip(code): return [QueryItem("zip", code)]
        case let .name(name): return [QueryItem("q", name)]
        }
    }

    public func decode(_ body: Data, for query: WeatherQuery, warnings: inout [String]) throws -> Forecast {
        switch query.report {
        case .forecast where query.layout.glance && !Self.isForecastBody(body):
            try CurrentDecoder.decode(body, for: Self.currentQuery(for: query))
        case .forecast: try ForecastDecoder.decode(body, for: query, warnings: &warnings)
        case .current, .record, .verify: try CurrentDecoder.decode(body, for: query)
        case .air: try AirDecoder.decode(body, for: query, warnings: &warnings)
        }
    }

    public func failure(status: Int, body: Data, for query: WeatherQuery) -> ProviderFailure? {
        FailureMapping.failure(status: status, body: OpenWeatherErrorBody.read(body), for: query)
    }

    public func persist(_ response: Forecast, for query: WeatherQuery, in context: PersistContext) throws {
        switch query.report {
        case .forecast:
            try ForecastStore.save(response, for: query, fetchedAt: context.fetchedAt, in: context.transaction)
            if let now = Self.currentAnswer(of: response) {
                try CurrentStore.save(now, for: Self.currentQuery(for: query), fetchedAt: context.fetchedAt, in: context.transaction)
            }
        case .current: try CurrentStore.save(response, for: query, fetchedAt: context.fetchedAt, in: context.transaction)
        case .air: try AirStore.save(response, for: query, fetchedAt: context.fetchedAt, in: context.transaction)
        case .record, .verify: break
        }
    }

    /// The stored answer; offline, one stored in other units is converted (and says so).
    public func load(_ query: WeatherQuery, from transaction: any StoreTransaction) throws -> Stored<Forecast>? {
        switch query.report {
        case .forecast, .current:
            let read = { (query: WeatherQuery) in
                query.report == .current
                    ? try CurrentStore.load(query, from: transaction) : try ForecastStore.load(query, from: transaction)
            }
            guard var stored = try UnitConversion.load(query, read: read) else { return nil }
            if query.report == .forecast, query.layout.glance,
                let now = try UnitConversion.load(Self.currentQuery(for: query), read: { try CurrentStore.load($0, from: transaction) }) {
                stored.value = Self.attaching(now.value, to: stored.value)
            }
            return stored
        case .air: return try AirStore.load(query, from: transaction)
        case .record, .verify: return nil
        }
    }

    /// The place as typed; `--now` and `--air` answers are kept and logged apart from the forecast's.
    public func label(for query: WeatherQuery) -> String {
        switch query.report {
        case .forecast: query.city
        case .current: query.city + " (now)"
        case .air: query.city + " (air)"
        case .record: query.city + (query.period.map { " (past \($0.text))" } ?? " (record)")
        case .verify: query.city + " (verify)"
        }
    }

    public func json(_ results: [Forecast]) -> any Sequence<JSONValue> {
        results.map { answer in
            switch answer.report {
            case .forecast: ForecastJSON.object(answer)
            case .current: CurrentJSON.object(answer)
            case .air: AirJSON.object(answer)
            case .record: RecordData.object(answer)
            case .verify: VerifyData.object(answer)
            }
        }
    }

    /// Every value as the API sent it, one row per step (day, place, hour): the CSV.
    public func table(_ results: [Forecast]) -> Table {
        switch results.first?.report ?? .forecast {
        case .forecast: ForecastRows.table(results)
        case .current: CurrentRows.table(results)
        case .air: AirRows.table(results)
        case .record: RecordData.table(results)
        case .verify: VerifyData.table(results)
        }
    }

    /// Per place: a title and the facts of its view, then its steps by local day, its days, its
    /// conditions now or its air quality.
    public func view(_ results: [Forecast], on terminal: Terminal) -> [TerminalView] {
        results.map { answer in
            switch answer.report {
            case .forecast where answer.layout.glance: GlanceView.view(answer, on: terminal)
            case .forecast where answer.layout.chart: ChartView.view(answer, on: terminal)
            case .forecast where answer.layout.daily: ForecastView.dailyView(answer, on: terminal)
            case .forecast: ForecastView.view(answer, unicode: terminal.unicode)
            case .current: CurrentView.view(answer, unicode: terminal.unicode)
            case .air: AirView.view(answer, unicode: terminal.unicode)
            case .record: RecordView.view(answer, on: terminal)
            case .verify: VerifyView.view(answer, unicode: terminal.unicode)
            }
        }
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
