import APICore
import Foundation
import Testing
@testable import Weather

@Suite("What OpenWeather's failures mean")
struct FailureTests {
    let provider = WeatherProvider()

    @Test("404 names the city as the user typed it, exit 66")
    func notFound() throws {
        let body = try Fixtures.data("weather-error-404-city-not-found.json")
        let failure = provider.failure(status: 404, body: body, for: WeatherQuery(city: "Atlantis"))
        #expect(failure == .notFound("no city named \"Atlantis\""))
        #expect(failure?.exitCode == .noInput)
    }

    @Test("401 says the key was rejected and never shows it, exit 77")
    func rejectedKey() {
        let secret = "0123456789abcdef0123456789abcdef"
        let body = Data(#"{"cod":401, "message": "Invalid API key \#(secret). Please see https://openweathermap.org/faq#error401 for more info."}"#.utf8)
        let failure = provider.failure(status: 401, body: body, for: WeatherQuery(city: "Paris"))
        #expect(failure?.exitCode == .permissionDenied)
        #expect(failure?.message.contains("rejected") == true)
        #expect(failure?.message.contains(secret) == false)
    }

    @Test("400 Nothing to geocode is a usage error quoting the server's reason")
    func badRequest() throws {
        let body = try Fixtures.data("weather-error-400-nothing-to-geocode.json")
        let failure = provider.failure(status: 400, body: body, for: WeatherQuery(city: ","))
        #expect(failure?.exitCode == .usage)
        #expect(failure?.message.contains("Nothing to geocode") == true)
        #expect(failure?.message.contains("\",\"") == true)
    }

    @Test("a hostile 400 message is cleaned and shortened before it is quoted")
    func hostileMessage() {
        let body = Data(#"{"cod":"400","message":"bad\u001b]52;c;AAAA\u0007\nthing \#(String(repeating: "x", count: 300))"}"#.utf8)
        let message = provider.failure(status: 400, body: body, for: WeatherQuery(city: "X"))?.message ?? ""
        #expect(!message.unicodeScalars.contains { $0.properties.generalCategory == .control })
        #expect(message.count < 260)
    }

    @Test("429 and 5xx are left to the host", arguments: [429, 500, 502, 503])
    func genericStatuses(status: Int) {
        #expect(provider.failure(status: status, body: Data(), for: WeatherQuery(city: "Paris")) == nil)
    }
}
