import APICore
import APIHost
import Foundation
import Testing
import TestSupport
@testable import Weather

@Suite("From command line to request")
struct WeatherCommandTests {
    let provider = WeatherProvider()

    @Test("each city argument is one query, in order, sharing the options")
    func oneQueryPerCity() throws {
        let command = ParsedCommand(
            arguments: ["New York", "London,GB", "Tokyo"], values: ["units": "imperial", "lang": "pt_BR", "cnt": "8"])
        let queries = try provider.queries(from: command)
        #expect(queries.map(\.city) == ["New York", "London,GB", "Tokyo"])
        #expect(queries.allSatisfy { $0.units == .imperial && $0.language == "pt_br" && $0.count == 8 })
        #expect(queries.map(provider.label(for:)) == ["New York", "London,GB", "Tokyo"])
    }

    @Test("units default to metric, lang and cnt to the API's defaults")
    func defaults() throws {
        let query = try #require(try provider.queries(from: ParsedCommand(arguments: ["Paris"])).first)
        #expect(query == WeatherQuery(city: "Paris", units: .metric, language: nil, count: nil))
    }

    @Test("the request carries q, cnt, lang and units, and never the key")
    func requestItems() {
        let query = WeatherQuery(city: "São Paulo & x=y", units: .standard, language: "fr", count: 3)
        let endpoint = provider.request(for: query, page: 0)
        #expect(endpoint.path == "/data/2.5/forecast")
        #expect(endpoint.query == [
            QueryItem("q", "São Paulo & x=y"), QueryItem("cnt", "3"), QueryItem("lang", "fr"),
            QueryItem("units", "standard"),
        ])
    }

    @Test("optional parameters are left out when not given")
    func requestWithoutOptionals() {
        let endpoint = provider.request(for: WeatherQuery(city: "Paris"), page: 0)
        #expect(endpoint.query == [QueryItem("q", "Paris"), QueryItem("units", "metric")])
    }

    @Test("cnt must be a whole number from 1 to 40", arguments: ["0", "41", "-1", "ten", "2.5", ""])
    func countOutOfRange(value: String) {
        #expect(throws: UsageError.self) {
            try provider.queries(from: ParsedCommand(arguments: ["Paris"], values: ["cnt": value]))
        }
    }

    @Test("cnt accepts both ends of its range", arguments: [1, 40])
    func countInRange(value: Int) throws {
        let queries = try provider.queries(from: ParsedCommand(arguments: ["Paris"], values: ["cnt": String(value)]))
        #expect(queries.first?.count == value)
    }

    @Test("bad units, bad lang, no city and an empty city are usage errors")
    func usageErrors() {
        let commands = [
            ParsedCommand(arguments: ["Paris"], values: ["units": "kelvin"]),
            ParsedCommand(arguments: ["Paris"], values: ["lang": "f r"]),
            ParsedCommand(arguments: ["Paris"], values: ["lang": ""]),
            ParsedCommand(arguments: []),
            ParsedCommand(arguments: ["Paris", "  "]),
        ]
        for command in commands {
            #expect(throws: UsageError.self) { try provider.queries(from: command) }
        }
    }

    @Test("the same place typed differently shares one store key")
    func cityKey() {
        #expect(WeatherQuery(city: "  London ,  GB ").cityKey == "london,gb")
        #expect(WeatherQuery(city: "New   York").cityKey == "new york")
        #expect(WeatherQuery(city: "Paris").cityKey != WeatherQuery(city: "Parisi").cityKey)
    }

    @Test("the descriptor states OpenWeather's facts")
    func descriptor() throws {
        let descriptor = provider.descriptor
        #expect(descriptor.name == "weather")
        #expect(descriptor.displayName == "OpenWeather")
        #expect(descriptor.defaultBaseURL.absoluteString == "https://api.openweathermap.org")
        #expect(descriptor.credential == CredentialSpec(
            parameter: "appid", environmentVariable: "OPENWEATHER_API_KEY",
            signupURL: "https://home.openweathermap.org/api_keys", activationDelay: .seconds(7200)))
        #expect(descriptor.rateLimits == [.perMinute(60)])
        #expect(descriptor.cacheTTL == .seconds(600))
        #expect(descriptor.arguments.first?.variadic == true)
        let options = Dictionary(uniqueKeysWithValues: descriptor.options.map { ($0.name, $0) })
        #expect(options["units"]?.choices == ["metric", "imperial", "standard"])
        #expect(options["units"]?.defaultValue == "metric")
        // The codes are choices: the parser refuses another, suggesting the nearest.
        #expect(options["lang"]?.choices.contains("zh_tw") == true)
        #expect(options["lang"]?.choices.count == 49)
        #expect(["units", "lang", "cnt"].allSatisfy { options[$0]?.configurable == true })
    }
}

/// Weather's own refusal of a count reaches the user through the host as a usage error,
/// in-process: 64, one line naming it, nothing sent. (From Weather's half of the binary's
/// `ExitCodeTests`; how the host reports a provider's usage error is `APIHostTests`' `ExitCodeTests`.)
@Suite("Weather's refused values, in-process")
struct RefusedCountTests {
    @Test("--cnt 41 and --cnt 0: 64 before any request")
    func badCounts() async throws {
        let host = try InProcessHost(
            sources: [.compiled([WeatherProvider()])], variables: ["OPENWEATHER_API_KEY": "owmKEY-inprocess-7b2d5e"]
        ) { _, _ in InProcessHost.json("{}") }
        for count in ["41", "0"] {
            let run = await host.run(["weather", "Paris", "--cnt", count])
            #expect(run.code == .usage, "\(count): \(run.stderr)")
            #expect(run.stderr.contains("cnt") && run.isOneErrorLine, "\(run.stderr)")
        }
        #expect(host.transport.requests.isEmpty)
    }
}
