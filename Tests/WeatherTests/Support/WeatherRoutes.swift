import APIHost
import APIHTTP
import Foundation
import Synchronization
import TestSupport

@testable import Weather

/// Answers Weather's requests in-process from the recorded answers, as the binary
/// tests' `FixtureServer` answered them over a socket: a Geocoding API lookup,
/// then the forecast by coordinates, each depending on what was asked, so that
/// several places get distinguishable answers.
///
/// The recorded answers are of real places, not of the names the tests type: any
/// name but those in ``placeFixtures`` resolves to Hemel Hempstead, whose forecast
/// here is the Rostov one (``forecastFixture``). A test can answer some requests
/// differently (``answer(_:when:)``) or fail every one (``fail(with:)``).
final class WeatherRoutes: Sendable {
    static let forecastPath = "/data/2.5/forecast"
    static let currentPath = "/data/2.5/weather"
    static let airPath = "/data/2.5/air_pollution"
    static let airForecastPath = "/data/2.5/air_pollution/forecast"
    static let directPath = "/geo/1.0/direct"
    static let zipPath = "/geo/1.0/zip"
    static let reversePath = "/geo/1.0/reverse"
    static let geocodingPaths: Set<String> = [directPath, zipPath, reversePath]

    static let forecastFixture = "weather/weather-rostov-metric-ru-cnt8.json"
    /// A name (the `q` sent, lowercased, up to its first comma) → the recorded `direct` answer for it.
    static let placeFixtures = ["london": "geo/direct_london_gb_dblock_2026.json"]
    /// The `direct` answer for every other name: one place, Hemel Hempstead, GB.
    static let placeFixture = "geo/direct_hemel_hempstead_aahill1.json"
    static let zipFixture = "geo/zip_94040_dblock_2026.json"
    static let reverseFixture = "geo/reverse_london_dblock_2026.json"
    /// `lat,lon` as sent → the recorded forecast for it; other coordinates (and `id`) get ``forecastFixture``.
    static let forecastFixtures = ["51.5074456,-0.1277653": "weather/weather-london-2019-metric-cnt3.json"]
    /// The coordinates ``placeFixture`` resolves to, as sent.
    static let placeCoordinates = "51.7511784,-0.472528"

    typealias Answer = @Sendable (HTTPRequest) throws -> HTTPResponse

    private let bodies: [String: Data]
    private let overrides = Mutex<[(when: @Sendable (HTTPRequest) -> Bool, answer: Answer)]>([])
    /// In a struct: a `Mutex` of a bare function type nests a thunk at every `withLock`.
    private let fault = Mutex<Fault?>(nil)
    private struct Fault: Sendable { let answer: Answer }

    init() throws {
        var bodies: [String: Data] = [:]
        let files = [Self.forecastFixture, Self.placeFixture, Self.zipFixture, Self.reverseFixture]
            + Array(Self.placeFixtures.values) + Array(Self.forecastFixtures.values)
        for file in files { bodies[file] = try TestSupport.Fixtures.real(file) }
        self.bodies = bodies
    }

    /// The bytes of a recorded answer this router serves.
    func body(_ file: String) -> Data { bodies[file] ?? Data() }

    /// From now on every request gets `answer` (a thrown `HTTPClientError` is a network fault).
    func fail(with answer: @escaping Answer) { fault.withLock { $0 = Fault(answer: answer) } }

    /// From now on every request gets `response`.
    func fail(with response: HTTPResponse) { fail { _ in response } }

    /// Requests matching `when` get `response`, before the recorded answers (the first match wins).
    func answer(_ response: HTTPResponse, when: @escaping @Sendable (HTTPRequest) -> Bool) {
        overrides.withLock { $0.append((when: when, answer: { _ in response })) }
    }

    /// The answer for `request`: a fault, an override, or the recorded answer for what it asks.
    func answer(_ request: HTTPRequest) throws -> HTTPResponse {
        if let fault = fault.withLock({ $0 }) { return try fault.answer(request) }
        if let override = overrides.withLock({ list in list.first { $0.when(request) }?.answer }) {
            return try override(request)
        }
        switch request.path {
        case Self.directPath:
            let name = String((request.queryValue("q") ?? "").lowercased().split(separator: ",").first ?? "")
            return Self.json(body(Self.placeFixtures[name] ?? Self.placeFixture))
        case Self.zipPath: return Self.json(body(Self.zipFixture))
        case Self.reversePath: return Self.json(body(Self.reverseFixture))
        case Self.forecastPath: return Self.json(body(Self.forecastFixtures[request.coordinates] ?? Self.forecastFixture))
        default: return HTTPResponse(status: 404, body: Data("no route".utf8))
        }
    }

    /// A JSON answer of `body` with `status` and extra headers.
    static func json(_ body: Data, status: Int = 200, headers: [String: String] = [:]) -> HTTPResponse {
        var response = HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: body)
        for (name, value) in headers { response.headers[name] = value }
        return response
    }
}

extension HTTPRequest {
    /// `lat,lon` as sent; empty without them.
    var coordinates: String {
        guard let lat = queryValue("lat"), let lon = queryValue("lon") else { return "" }
        return lat + "," + lon
    }
}

/// A Weather host in-process over ``WeatherRoutes``, with a key, and what its
/// runs asked for and stored: the binary tests' `Sandbox` and `FixtureServer`
/// without a process or a socket.
struct WeatherHost {
    static let key = "owmKEY-inprocess-5c8e2a"

    let routes: WeatherRoutes
    let host: InProcessHost

    init(variables: [String: String] = [:]) throws {
        let routes = try WeatherRoutes()
        self.routes = routes
        host = try InProcessHost(
            sources: [.compiled([WeatherProvider()])],
            variables: ["OPENWEATHER_API_KEY": Self.key].merging(variables) { _, given in given }
        ) { request, _ in try routes.answer(request) }
    }

    func run(_ words: [String], setting: [String: String] = [:], unsetting: [String] = []) async -> InProcessHost.Run {
        await host.run(words, setting: setting, unsetting: unsetting)
    }

    /// Every request sent, in order.
    var requests: [HTTPRequest] { host.transport.requests }
    /// The requests to the Geocoding API, in order.
    var lookups: [HTTPRequest] { requests.filter { WeatherRoutes.geocodingPaths.contains($0.path) } }
    /// The forecast requests, in order.
    var forecasts: [HTTPRequest] { requests.filter { $0.path == WeatherRoutes.forecastPath } }

    /// The rows of a query on the store the runs wrote.
    func rows(_ sql: String) throws -> [Row] { try host.rows(sql) }

    /// `SELECT COUNT(*) FROM table`.
    func count(_ table: String) throws -> Int { try host.count(table) }

    /// The first JSON object of a run's `--json` array.
    static func object(_ run: InProcessHost.Run) throws -> [String: Any] {
        let array = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]]
        guard let first = array?.first else { throw NotAnArray(text: run.stdout) }
        return first
    }

    struct NotAnArray: Error { var text: String }
}
