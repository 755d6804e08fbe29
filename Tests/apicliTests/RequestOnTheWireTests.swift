import Foundation
import Testing

/// What the server actually receives: path, every query item exactly, the key
/// on the wire (and only there).
@Suite("Requests on the wire, end to end")
struct RequestOnTheWireTests {
    @Test("nyt sends the words, dates as YYYYMMDD, sort, fq and the key, exactly")
    func nytRequest() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let result = try await sandbox.run([
            "nyt", "c++ & rust", "--from", "2024-01-01", "--to", "20240131", "--sort", "newest", "--fq", #"x:("y")"#,
        ])
        #expect(result.exitCode == 0, "\(result.stderrText)")
        let request = try #require(fixtures.requests.first)
        #expect(fixtures.requests.count == 1)
        #expect(request.method == "GET")
        #expect(request.path == FixtureServer.nytPath)
        let sent = Dictionary(request.query.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        #expect(sent == [
            "q": "c++ & rust",
            "begin_date": "20240101",
            "end_date": "20240131",
            "sort": "newest",
            "fq": #"x:("y")"#,
            "api-key": Sandbox.nytKey,
        ])
        // `+`, `&` and `=` travel escaped, or the server would read other words.
        #expect(!request.rawQuery.contains("c++"))
        #expect(request.rawQuery.contains("q=c%2B%2B%20%26%20rust"))
        #expect(!result.stdoutText.contains(Sandbox.nytKey))
        #expect(!result.stderrText.contains(Sandbox.nytKey))
    }

    @Test("weather looks the place up (q, limit, appid), then asks for the forecast by lat and lon, cnt, lang, units and appid")
    func weatherRequest() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let result = try await sandbox.run(["weather", "São Paulo", "--cnt", "3", "--lang", "fr", "--units", "imperial"])
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(fixtures.requests.map(\.path) == [FixtureServer.directPath, FixtureServer.weatherPath])
        let lookup = try #require(fixtures.requests.first)
        let asked = Dictionary(lookup.query.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        #expect(asked == ["q": "São Paulo", "limit": "5", "appid": Sandbox.weatherKey])
        let request = try #require(fixtures.requests.last)
        let sent = Dictionary(request.query.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        // The coordinates exactly as the geocoder sent them.
        #expect(sent == [
            "lat": "51.7511784", "lon": "-0.472528", "cnt": "3", "lang": "fr", "units": "imperial",
            "appid": Sandbox.weatherKey,
        ])
        #expect(result.stdoutText.contains("°F"))
        #expect(result.stdoutText.contains("mph"))
        #expect(!result.stdoutText.contains(Sandbox.weatherKey))
        #expect(!result.stderrText.contains(Sandbox.weatherKey))
    }

    @Test("weather defaults to metric and sends no cnt or lang it was not given")
    func weatherDefaults() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let result = try await sandbox.run(["weather", "London,GB"])
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(fixtures.lookups.first?.query("q") == "London,GB")
        let request = try #require(fixtures.forecasts.first)
        #expect(request.query.map(\.name).sorted() == ["appid", "lat", "lon", "units"])
        #expect(request.query("lat") == "51.5074456")
        #expect(request.query("units") == "metric")
    }
}
