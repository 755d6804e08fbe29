import APIHost
import APIHTTP
import Foundation
import Testing
import TestSupport

@testable import Weather

/// What Weather sends, read back from the URLs the transport is given: the lookup,
/// then the forecast by the coordinates exactly as the geocoder sent them, every
/// query item and the key there and only there. (These were the Weather tests of
/// the binary's `RequestOnTheWireTests`.)
@Suite("Weather's requests on the wire, in-process")
struct WeatherRequestOnTheWireHostTests {
    @Test("weather looks the place up (q, limit, appid), then asks for the forecast by lat and lon, cnt, lang, units and appid")
    func lookupThenForecast() async throws {
        let weather = try WeatherHost()
        let result = await weather.run(["weather", "São Paulo", "--cnt", "3", "--lang", "fr", "--units", "imperial"])
        #expect(result.code == .success, "\(result.stderr)")
        #expect(weather.requests.map(\.path) == [WeatherRoutes.directPath, WeatherRoutes.forecastPath])
        let lookup = try #require(weather.requests.first)
        #expect(lookup.sentQuery == ["q": "São Paulo", "limit": "5", "appid": WeatherHost.key])
        let request = try #require(weather.requests.last)
        // The coordinates exactly as the geocoder sent them.
        #expect(request.sentQuery == [
            "lat": "51.7511784", "lon": "-0.472528", "cnt": "3", "lang": "fr", "units": "imperial",
            "appid": WeatherHost.key,
        ])
        #expect(result.stdout.contains("°F"))
        #expect(result.stdout.contains("mph"))
        #expect(!result.stdout.contains(WeatherHost.key))
        #expect(!result.stderr.contains(WeatherHost.key))
    }

    @Test("weather defaults to metric and sends no cnt or lang it was not given")
    func defaults() async throws {
        let weather = try WeatherHost()
        let result = await weather.run(["weather", "London,GB"])
        #expect(result.code == .success, "\(result.stderr)")
        #expect(weather.lookups.first?.queryValue("q") == "London,GB")
        let request = try #require(weather.forecasts.first)
        #expect(request.sentQuery.keys.sorted() == ["appid", "lat", "lon", "units"])
        #expect(request.queryValue("lat") == "51.5074456")
        #expect(request.queryValue("units") == "metric")
    }
}
