import Foundation
import Synchronization
import TestSupport

/// A loopback server that answers like the two real APIs, from the recorded
/// fixtures, until a test switches it to a fault.
///
/// Weather answers depend on `q` (see ``weatherFixtures``), so several cities
/// get distinguishable forecasts; NYT always answers the November 2016 page
/// (27 hits, 10 articles).
final class FixtureServer: Sendable {
    static let nytPath = "/svc/search/v2/articlesearch.json"
    static let weatherPath = "/data/2.5/forecast"

    static let nytFixture = "nyt/nyt-2016-11-compact-escaped-slashes.json"
    static let weatherFixture = "weather/weather-rostov-metric-ru-cnt8.json"
    /// City (the `q` sent, lowercased) → the recorded forecast served for it.
    static let weatherFixtures = [
        "paris": "weather/weather-strasbourg-metric-fr-cnt40.json",
        "london": "weather/weather-london-2019-metric-cnt3.json",
        "tokyo": "weather/weather-wroclaw-metric-cnt3.json",
    ]

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
        for (city, file) in Self.weatherFixtures { weather[city] = try Fixtures.real(file) }
        let fallback = try Fixtures.real(Self.weatherFixture)
        let forecasts = weather
        self.server = try LoopbackServer { request in
            if let response = script.override(for: request) { return response }
            switch script.mode.withLock({ $0 }) {
            case let .always(response):
                return response
            case .fixtures:
                switch request.path {
                case Self.nytPath:
                    return .json(nyt)
                case Self.weatherPath:
                    let city = (request.query("q") ?? "").lowercased()
                    return .json(forecasts[city] ?? fallback)
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

    /// Weather requests for `city` (compared lowercased) get `response`.
    func answer(_ response: ScriptedResponse, forCity city: String) {
        let wanted = city.lowercased()
        answer(response) { $0.path == Self.weatherPath && ($0.query("q") ?? "").lowercased() == wanted }
    }

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
