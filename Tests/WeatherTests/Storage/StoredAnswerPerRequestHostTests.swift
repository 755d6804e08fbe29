import APIHost
import APIHTTP
import Foundation
import Testing
import TestSupport

@testable import Weather

/// Each weather request keeps its own stored answer, through the host in-process: two runs
/// that differ in one setting (the place, `--units`, `--lang`, `--cnt`, `--now` or the
/// forecast) get two answers whose conditions name the request (its
/// ``HTTPRequest/echoToken``), in steps still to come; then each `--offline`, and after a
/// network failure, prints its own answer and not the other's.
@Suite("Weather: each request its own stored answer")
struct WeatherStoredAnswerPerRequestHostTests {
    static let places = ["paris": (48.8566, 2.3522), "london": (51.5073, -0.1277)]

    /// Geocoding by name; a forecast of `cnt` steps (40 without), or the current conditions,
    /// whose description names the request.
    static func answer(_ request: HTTPRequest) throws -> HTTPResponse {
        let token = request.echoToken
        let now = Int(Date().timeIntervalSince1970)
        let body: Any
        switch request.path {
        case WeatherRoutes.directPath:
            let name = String((request.queryValue("q") ?? "").lowercased().split(separator: ",").first ?? "")
            guard let (lat, lon) = places[name] else { return WeatherRoutes.json(Data("[]".utf8)) }
            body = [["name": name.capitalized, "lat": lat, "lon": lon, "country": name == "paris" ? "FR" : "GB"]]
        case WeatherRoutes.forecastPath:
            let steps = Int(request.queryValue("cnt") ?? "") ?? 40
            body = [
                "cod": "200", "cnt": steps,
                "list": (0..<steps).map { index in
                    [
                        "dt": now + 3600 + 10_800 * index, "main": ["temp": 10 + index],
                        "weather": [["id": 800, "main": "Clear", "description": "clear \(token)", "icon": "01d"]],
                    ] as [String: Any]
                },
                "city": ["id": 1, "name": "Echo", "coord": ["lat": 0, "lon": 0], "country": "GB", "timezone": 0],
            ] as [String: Any]
        case WeatherRoutes.currentPath:
            body = [
                "coord": ["lat": 0, "lon": 0], "weather": [["id": 800, "main": "Clear", "description": "clear \(token)", "icon": "01d"]],
                "main": ["temp": 12], "dt": now, "sys": ["country": "GB"], "timezone": 0, "id": 1, "name": "Echo", "cod": 200,
            ] as [String: Any]
        default:
            return HTTPResponse(status: 404, body: Data("no route".utf8))
        }
        return WeatherRoutes.json(try JSONSerialization.data(withJSONObject: body))
    }

    /// Pairs of runs that differ in one setting; the longer forecast first, as a shorter one
    /// fetched after it is the newest that can answer it.
    static let pairs: [(String, [String], [String])] = [
        ("place", ["Paris"], ["London"]),
        ("--units", ["Paris", "--units", "metric"], ["Paris", "--units", "imperial"]),
        ("--lang", ["Paris", "--lang", "fr"], ["Paris", "--lang", "de"]),
        ("--cnt", ["Paris"], ["Paris", "--cnt", "5"]),
        ("--now", ["Paris"], ["Paris", "--now"]),
    ]

    @Test("two runs differing in one setting: each offline, and after a failure, is its own", arguments: 0..<pairs.count)
    func eachRequestItsOwn(pair: Int) async throws {
        let (setting, first, second) = Self.pairs[pair]
        let routes = StubRoutes([
            WeatherRoutes.directPath: Self.answer, WeatherRoutes.forecastPath: Self.answer,
            WeatherRoutes.currentPath: Self.answer,
        ])
        let host = try InProcessHost(
            sources: [.compiled([WeatherProvider()])], variables: ["OPENWEATHER_API_KEY": "owmKEY-per-request-9d2b"], routes: routes)
        var tokens: [String] = []
        for run in [first, second] {
            let fetched = await host.run(["weather"] + run + ["--json"])
            #expect(fetched.code == .success, "\(run): \(fetched.stderr)")
            tokens.append(host.transport.requests.last?.echoToken ?? "")
        }
        #expect(tokens[0] != tokens[1], "\(setting): two requests")
        func check(_ run: [String], mine: String, theirs: String, _ extra: String) async {
            let again = await host.run(["weather"] + run + [extra, "--json"])
            #expect(again.code == .success, "\(run) \(extra): \(again.stderr)")
            #expect(again.stdout.contains(mine), "\(setting): \(run) \(extra) lost its own answer: \(again.stdout.prefix(400))")
            #expect(!again.stdout.contains(theirs), "\(setting): \(run) \(extra) printed the other run's answer")
        }
        for extra in ["--offline", "--refresh"] {
            if extra == "--refresh" {
                routes.fail { request in throw HTTPClientError.connectionFailed(url: request.redactedURL, reason: "connection refused") }
            }
            await check(first, mine: tokens[0], theirs: tokens[1], extra)
            await check(second, mine: tokens[1], theirs: tokens[0], extra)
        }
        let never = await host.run(["weather", "Paris", "--units", "standard", "--lang", "it", "--refresh"])
        #expect(never.code == .unavailable, "\(setting): \(never.stdout.prefix(200)) \(never.stderr)")
    }
}
