import APIHost
import APIHTTP
import Foundation
import TestSupport

@testable import Weather

/// Weather through the host in-process, answered as the binary tests' loopback
/// fixture server answered: a `direct` lookup of London gets the recorded London
/// answer and any other name the recorded Hemel Hempstead one; the forecast for
/// London's coordinates is the recorded 2019 London one (3 steps) and for any
/// others the recorded Rostov one (8 steps, Russian descriptions).
enum RecordedWeather {
    static let key = "owmKEY-inprocess-2a7f4d"
    static let forecastPath = "/data/2.5/forecast"
    static let directPath = "/geo/1.0/direct"
    static let forecastFixture = "weather/weather-rostov-metric-ru-cnt8.json"
    static let londonCoordinates = "51.5074456,-0.1277653"

    static func data(_ fixture: String) throws -> Data { try TestSupport.Fixtures.real(fixture) }

    static func json(_ body: Data, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: body)
    }

    static func value(_ name: String, in request: HTTPRequest) -> String? {
        request.query.first { $0.name == name }?.value
    }

    /// The routes; `forecast`, when given, answers every forecast request instead.
    static func routes(forecast: Data? = nil) throws -> StubRoutes {
        let london = json(try data("geo/direct_london_gb_dblock_2026.json"))
        let hemel = json(try data("geo/direct_hemel_hempstead_aahill1.json"))
        let londonForecast = json(try data("weather/weather-london-2019-metric-cnt3.json"))
        let otherForecast = json(try forecast ?? data(forecastFixture))
        let fixed = forecast != nil
        return StubRoutes([
            directPath: { request in
                let name = (value("q", in: request) ?? "").lowercased().split(separator: ",").first
                return name == "london" ? london : hemel
            },
            forecastPath: { request in
                let coordinates = (value("lat", in: request) ?? "") + "," + (value("lon", in: request) ?? "")
                return !fixed && coordinates == londonCoordinates ? londonForecast : otherForecast
            },
        ])
    }

    /// A host with Weather, its key set, in a UTF-8 locale (as the binary tests ran).
    static func host(_ routes: StubRoutes, variables: [String: String] = [:]) throws -> InProcessHost {
        try InProcessHost(
            sources: [.compiled([WeatherProvider()])],
            variables: ["OPENWEATHER_API_KEY": key, "LANG": "C.UTF-8"].merging(variables) { _, given in given }, routes: routes)
    }

    /// The JSON array a `--json` run printed.
    static func objects(_ run: InProcessHost.Run) throws -> [[String: Any]] {
        (try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]]) ?? []
    }
}
