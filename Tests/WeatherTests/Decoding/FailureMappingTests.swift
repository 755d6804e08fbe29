import APICore
import Foundation
import Testing
@testable import Weather

@Suite("What OpenWeather's failures mean")
struct FailureMappingTests {
    let provider = WeatherProvider()

    @Test("404 with OpenWeather's own body names the city as the user typed it")
    func notFound() throws {
        let body = try WeatherFixtures.data("weather-error-404-city-not-found.json")
        let failure = provider.failure(status: 404, body: body, for: WeatherQuery(city: "Atlantis"))
        #expect(failure == .notFound("city named \"Atlantis\""))
    }

    @Test("a 404 that is not OpenWeather's JSON is left to the host: not an unknown city")
    func foreign404() {
        for body in [Data(), Data("<html><body>Not Found</body></html>".utf8), Data("{}".utf8)] {
            #expect(provider.failure(status: 404, body: body, for: WeatherQuery(city: "Paris")) == nil)
        }
    }

    @Test("401 is a rejected key, quoting the server's words")
    func rejectedKey() {
        let body = Data(#"{"cod":401, "message": "Invalid API key. Please see https://openweathermap.org/faq#error401 for more info."}"#.utf8)
        let failure = provider.failure(status: 401, body: body, for: WeatherQuery(city: "Paris"))
        guard case let .keyRejected(detail) = failure else {
            Issue.record("not a rejected key: \(String(describing: failure))")
            return
        }
        #expect(detail?.hasPrefix("Invalid API key") == true)
    }

    @Test("400 Nothing to geocode is a usage error quoting the server's reason")
    func badRequest() throws {
        let body = try WeatherFixtures.data("weather-error-400-nothing-to-geocode.json")
        let failure = provider.failure(status: 400, body: body, for: WeatherQuery(city: ","))
        guard case let .badRequest(reason) = failure else {
            Issue.record("not a bad request: \(String(describing: failure))")
            return
        }
        #expect(reason.contains("Nothing to geocode"))
        #expect(reason.contains("\",\""))
    }

    @Test("a hostile 400 message is cleaned and shortened before it is quoted")
    func hostileMessage() {
        let body = Data(#"{"cod":"400","message":"bad\u001b]52;c;AAAA\u0007\nthing \#(String(repeating: "x", count: 300))"}"#.utf8)
        guard case let .badRequest(message) = provider.failure(status: 400, body: body, for: WeatherQuery(city: "X")) else {
            Issue.record("not a bad request")
            return
        }
        #expect(!message.unicodeScalars.contains { $0.properties.generalCategory == .control })
        #expect(message.count < 260)
    }

    /// One letter and 100,000 combining marks are one character: counted in characters,
    /// the 200 KB went whole into the one-line error.
    @Test("a message of a few characters and a megabyte of marks is shortened too")
    func combiningFlood() {
        let flood = "x" + String(repeating: "\u{301}", count: 100_000)
        let body = Data(#"{"cod":"400","message":"bad \#(flood) thing"}"#.utf8)
        guard case let .badRequest(message) = provider.failure(status: 400, body: body, for: WeatherQuery(city: "X")) else {
            Issue.record("not a bad request")
            return
        }
        #expect(Array(message.utf8).firstRange(of: Array("bad x\u{301}".utf8)) != nil, "\(message.prefix(80))")
        #expect(message.utf8.count < 1_000, "\(message.utf8.count) bytes")
    }

    @Test("429 and 5xx are left to the host", arguments: [429, 500, 502, 503])
    func genericStatuses(status: Int) {
        #expect(provider.failure(status: status, body: Data(), for: WeatherQuery(city: "Paris")) == nil)
    }
}
