import Foundation
import Synchronization
import TestSupport

/// A loopback server that answers like the two real APIs, from the recorded
/// fixtures, until a test switches it to a fault.
///
/// Weather is two requests: a Geocoding API lookup, answered from the recorded
/// geocoding answers (see ``placeFixtures``), then the forecast by coordinates,
/// whose answer depends on `lat`/`lon` (see ``weatherFixtures``), so several
/// places get distinguishable forecasts. The recorded answers are of real
/// places, not of the names the tests type: any name but those listed resolves
/// to Hemel Hempstead, whose forecast here is the Rostov one. NYT always
/// answers the November 2016 page (27 hits, 10 articles).
final class FixtureServer: Sendable {
    static let nytPath = "/svc/search/v2/articlesearch.json"
    static let weatherPath = "/data/2.5/forecast"
    static let directPath = "/geo/1.0/direct"
    static let zipPath = "/geo/1.0/zip"
    static let reversePath = "/geo/1.0/reverse"
    static let geocodingPaths: Set<String> = [directPath, zipPath, reversePath]

    static let nytFixture = "nyt/nyt-2016-11-compact-escaped-slashes.json"
    static let weatherFixture = "weather/weather-rostov-metric-ru-cnt8.json"
    /// A name (the `q` sent, lowercased, up to its first comma) → the recorded `direct` answer served for it.
    static let placeFixtures = [
        "london": "geo/direct_london_gb_dblock_2026.json",
    ]
    /// The `direct` answer for every other name: one place, Hemel Hempstead, GB.
    static let placeFixture = "geo/direct_hemel_hempstead_aahill1.json"
    static let zipFixture = "geo/zip_94040_dblock_2026.json"
    static let reverseFixture = "geo/reverse_london_dblock_2026.json"
    /// `lat,lon` as sent → the recorded forecast served for it; other coordinates
    /// (and `id`) get ``weatherFixture``.
    static let weatherFixtures = [
        "51.5074456,-0.1277653": "weather/weather-london-2019-metric-cnt3.json",
    ]
    /// The coordinates ``placeFixture`` resolves to, as sent.
    static let placeCoordinates = "51.7511784,-0.472528"

    /// What every request gets until the test changes it.
    enum Mode: Sendable {
        case fixtures
        /// Every request gets this answer.
        case always(ScriptedResponse)
    }

    let server: LoopbackServer
    private let script: Script

    init(mode initial: Mode = .fixtures) throws {
        let script = Script(mode: initial)
        let nyt = try Fixtures.real(Self.nytFixture)
        var weather: [String: Data] = [:]
        for (coordinates, file) in Self.weatherFixtures { weather[coordinates] = try Fixtures.real(file) }
        var places: [String: Data] = [:]
        for (name, file) in Self.placeFixtures { places[name] = try Fixtures.real(file) }
        let fallback = try Fixtures.real(Self.weatherFixture)
        let place = try Fixtures.real(Self.placeFixture)
        let zip = try Fixtures.real(Self.zipFixture)
        let reverse = try Fixtures.real(Self.reverseFixture)
        let forecasts = weather
        let named = places
        self.server = try LoopbackServer { request in
            if let response = script.override(for: request) { return response }
            switch script.mode.withLock({ $0 }) {
            case let .always(response):
                return response
            case .fixtures:
                switch request.path {
                case Self.nytPath:
                    return .json(nyt)
                case Self.directPath:
                    return .json(named[Self.name(request)] ?? place)
                case Self.zipPath:
                    return .json(zip)
                case Self.reversePath:
                    return .json(reverse)
                case Self.weatherPath:
                    return .json(forecasts[Self.coordinates(request)] ?? fallback)
                default:
                    return .status(404, body: "no route")
                }
            }
        }
        self.script = script
    }

    /// From now on every request gets `response`.
    func fail(with response: ScriptedResponse) {
        script.mode.withLock { $0 = .always(response) }
    }

    /// Requests matching `matches` get `response`, before anything else.
    func answer(_ response: ScriptedResponse, when matches: @escaping @Sendable (RecordedRequest) -> Bool) {
        script.overrides.withLock { $0.append(Override(matches: matches, response: response)) }
    }

    /// Geocoding lookups of the name `city` (compared lowercased) get `response`.
    func answer(_ response: ScriptedResponse, forCity city: String) {
        let wanted = city.lowercased()
        answer(response) { $0.path == Self.directPath && ($0.query("q") ?? "").lowercased() == wanted }
    }

    /// Forecast requests for `lat,lon` (as sent) get `response`.
    func answer(_ response: ScriptedResponse, forCoordinates coordinates: String) {
        answer(response) { $0.path == Self.weatherPath && Self.coordinates($0) == coordinates }
    }

    /// The name a `direct` lookup asks for, lowercased, up to its first comma.
    static func name(_ request: RecordedRequest) -> String {
        String((request.query("q") ?? "").lowercased().split(separator: ",").first ?? "")
    }

    /// `lat,lon` of a forecast request, as sent; empty without them.
    static func coordinates(_ request: RecordedRequest) -> String {
        guard let lat = request.query("lat"), let lon = request.query("lon") else { return "" }
        return lat + "," + lon
    }

    /// The requests to the Geocoding API, in arrival order.
    var lookups: [RecordedRequest] { requests.filter { Self.geocodingPaths.contains($0.path) } }

    /// The forecast requests, in arrival order.
    var forecasts: [RecordedRequest] { requests.filter { $0.path == Self.weatherPath } }

    var requests: [RecordedRequest] { server.requests }

    /// An answer for the requests a predicate picks.
    struct Override: Sendable {
        var matches: @Sendable (RecordedRequest) -> Bool
        var response: ScriptedResponse
    }

    /// The server's script, shared between the test and the server's threads.
    final class Script: Sendable {
        let mode: Mutex<Mode>
        let overrides = Mutex<[Override]>([])

        init(mode: Mode) { self.mode = Mutex(mode) }

        func override(for request: RecordedRequest) -> ScriptedResponse? {
            overrides.withLock { list in list.first { $0.matches(request) }?.response }
        }
    }
}

extension Sandbox {
    /// A sandbox around a fresh ``FixtureServer``.
    static func withFixtures(extra: [String: String] = [:]) throws -> (Sandbox, FixtureServer) {
        let fixtures = try FixtureServer()
        return (try Sandbox(server: fixtures.server, extra: extra), fixtures)
    }
}
