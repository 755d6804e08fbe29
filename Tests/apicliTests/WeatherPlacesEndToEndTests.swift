import Foundation
import Testing
import TestSupport

/// Places, not guesses: every way of naming a place, with the requests the
/// server saw asserted (see ``FixtureServer`` for which real answer each gets).
@Suite("Weather places, end to end")
struct WeatherPlacesEndToEndTests {
    @Test("a name: a geocoding request, then the forecast by its coordinates; a second run sends no lookup")
    func nameThenCoordinates() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let first = try await sandbox.run(["weather", "Hemel Hempstead"])
        #expect(first.exitCode == 0, "\(first.stderrText)")
        #expect(first.stdoutText.hasPrefix("Hemel Hempstead, GB\n"))
        #expect(fixtures.requests.map(\.path) == [FixtureServer.directPath, FixtureServer.weatherPath])
        #expect(fixtures.requests.first?.query("q") == "Hemel Hempstead")
        #expect(FixtureServer.coordinates(try #require(fixtures.forecasts.first)) == FixtureServer.placeCoordinates)
        #expect(try sandbox.count("weather_places") == 1)

        // The place is kept: only the forecast is asked again, and written the same way it is found.
        let second = try await sandbox.run(["weather", " hemel  hempstead ", "--refresh"])
        #expect(second.exitCode == 0, "\(second.stderrText)")
        #expect(fixtures.lookups.count == 1)
        #expect(fixtures.forecasts.count == 2)
        #expect(second.stdoutText == first.stdoutText)
    }

    @Test("an ambiguous name: the first place, and one stderr line naming the others and how to ask; --quiet hides it")
    func ambiguity() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let candidates = try Fixtures.real("geo/direct_london_pyowm.json")
        fixtures.answer(.json(candidates)) { $0.path == FixtureServer.directPath && $0.query("q") == "London" }
        let result = try await sandbox.run(["weather", "London", "--json"])
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(result.stderrText == "apicli: warning: London, GB (also: London, CA; London, US-OH; London, US-KY; "
            + "London, US-CA — ask for \"London,CA\")\n")
        let cities = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [[String: Any]])
        let place = try #require(cities.first?["place"] as? [String: Any])
        #expect(place["name"] as? String == "London")
        #expect(place["country"] as? String == "GB")
        #expect((place["lat"] as? NSNumber)?.doubleValue == 51.5085)
        #expect((place["lon"] as? NSNumber)?.doubleValue == -0.1257)
        #expect(fixtures.forecasts.first?.query("lat") == "51.5085")

        let (quietSandbox, quietFixtures) = try Sandbox.withFixtures()
        quietFixtures.answer(.json(candidates)) { $0.path == FixtureServer.directPath }
        let quiet = try await quietSandbox.run(["weather", "London", "--quiet"])
        #expect(quiet.exitCode == 0)
        #expect(quiet.stderr.isEmpty, "\(quiet.stderrText)")
        #expect(quiet.stdoutText.hasPrefix("London, GB\n"))
    }

    @Test("--zip: /geo/1.0/zip, then the forecast by its coordinates")
    func zipCode() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let result = try await sandbox.run(["weather", "--zip", "94040,US"])
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(result.stdoutText.hasPrefix("Mountain View, US\n"))
        #expect(fixtures.requests.map(\.path) == [FixtureServer.zipPath, FixtureServer.weatherPath])
        #expect(fixtures.lookups.first?.query("zip") == "94040,US")
        #expect(fixtures.forecasts.first.map(FixtureServer.coordinates) == "37.3855,-122.088")
        let again = try await sandbox.run(["weather", "--zip", "94040,us", "--offline"])
        #expect(again.exitCode == 0, "\(again.stderrText)")
        #expect(again.stdoutText.hasPrefix("Mountain View, US\n"))
    }

    @Test("--id: one request, the forecast by id, named by the forecast itself")
    func cityID() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let result = try await sandbox.run(["weather", "--id", "501183"])
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(result.stdoutText.hasPrefix("Ростов, RU\n"))
        #expect(fixtures.requests.map(\.path) == [FixtureServer.weatherPath])
        #expect(fixtures.requests.first?.query("id") == "501183")
        #expect(fixtures.requests.first?.query("q") == nil)
        let bad = try await sandbox.run(["weather", "--id", "Paris"])
        #expect(bad.exitCode == 64)
        #expect(bad.stderrText.contains("--id takes an OpenWeather city id"))
    }

    @Test("coordinates: the forecast by them, named by reverse geocoding, itself stored; --lang names it locally")
    func coordinates() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let result = try await sandbox.run(["weather", "51.5073219, -0.1276474"])
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(result.stdoutText.hasPrefix("City of Westminster, GB\n"))
        #expect(fixtures.requests.map(\.path) == [FixtureServer.reversePath, FixtureServer.weatherPath])
        let reverse = try #require(fixtures.lookups.first)
        #expect(reverse.query("lat") == "51.5073219" && reverse.query("lon") == "-0.1276474")
        // The forecast is for the coordinates asked, not the named place's.
        #expect(fixtures.forecasts.first.map(FixtureServer.coordinates) == "51.5073219,-0.1276474")

        let french = try await sandbox.run(["weather", "51.5073219,-0.1276474", "--lang", "fr"])
        #expect(french.exitCode == 0, "\(french.stderrText)")
        #expect(french.stdoutText.hasPrefix("Cité de Westminster, GB\n"))
        #expect(fixtures.lookups.count == 1, "the reverse lookup is stored")
    }

    @Test("coordinates out of range: 64 before any request", arguments: ["91,0", "-90.5,10", "0,180.01", "45,-181"])
    func coordinatesOutOfRange(_ text: String) async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let result = try await sandbox.run(["weather", text])
        #expect(result.exitCode == 64)
        #expect(result.stderrText.contains("itude is from"), "\(result.stderrText)")
        #expect(ExitCodeTests.isOneErrorLine(result.stderrText), "\(result.stderrText)")
        #expect(fixtures.requests.isEmpty)
    }

    @Test("--lang: the header uses the place's local name")
    func localName() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let french = try await sandbox.run(["weather", "London,GB", "--lang", "fr"])
        #expect(french.exitCode == 0, "\(french.stderrText)")
        #expect(french.stdoutText.hasPrefix("Londres, GB\n"))
        let json = try await sandbox.run(["weather", "London,GB", "--lang", "fr", "--json"])
        let cities = try JSONSerialization.jsonObject(with: json.stdout) as? [[String: Any]]
        let place = cities?.first?["place"] as? [String: Any]
        #expect(place?["name"] as? String == "London")
        #expect(place?["local_name"] as? String == "Londres")
    }

    @Test("a default place: config or APICLI_WEATHER_PLACE; without one the usage error says how to set it")
    func defaultPlace() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let none = try await sandbox.run(["weather"])
        #expect(none.exitCode == 64)
        #expect(none.stderrText.contains("apicli config set weather.place"), "\(none.stderrText)")
        #expect(none.stderrText.contains("APICLI_WEATHER_PLACE"))
        #expect(fixtures.requests.isEmpty)

        let set = try await sandbox.run(["config", "set", "weather.place", "London,GB"])
        #expect(set.exitCode == 0, "\(set.stderrText)")
        let configured = try await sandbox.run(["weather"])
        #expect(configured.exitCode == 0, "\(configured.stderrText)")
        #expect(configured.stdoutText.hasPrefix("London, GB\n"))
        #expect(fixtures.lookups.map { $0.query("q") } == ["London,GB"])

        let variable = try await sandbox.run(["weather", "--json"], set: ["APICLI_WEATHER_PLACE": "Hemel Hempstead"])
        #expect(variable.exitCode == 0, "\(variable.stderrText)")
        #expect(fixtures.lookups.map { $0.query("q") } == ["London,GB", "Hemel Hempstead"])
        // A place on the command line wins over the default.
        let named = try await sandbox.run(["weather", "--id", "501183"])
        #expect(named.stdoutText.hasPrefix("Ростов, RU\n"))
    }

    @Test("offline: a place resolved before, and its forecast, need no network and no key")
    func offline() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let fresh = try await sandbox.run(["weather", "London"])
        #expect(fresh.exitCode == 0, "\(fresh.stderrText)")
        let asked = fixtures.requests.count
        let offline = try await sandbox.run(["weather", "London", "--offline", "--json"], unset: ["OPENWEATHER_API_KEY"])
        #expect(offline.exitCode == 0, "\(offline.stderrText)")
        #expect(fixtures.requests.count == asked)
        let cities = try JSONSerialization.jsonObject(with: offline.stdout) as? [[String: Any]]
        let place = cities?.first?["place"] as? [String: Any]
        #expect(place?["name"] as? String == "London")
        #expect((place?["lat"] as? NSNumber)?.doubleValue == 51.5074456)
        // The stored 2019 steps are long past.
        #expect((cities?.first?["forecasts"] as? [Any])?.isEmpty == true)
        #expect(offline.stderrText.contains("3 steps already past left out"), "\(offline.stderrText)")
    }

    @Test("a name the geocoder does not know: 66, no place named \"…\"; a 404 that is not OpenWeather's: unexpected answer")
    func unknownName() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        // OpenWeather documents an empty list for a name it does not know; no recording of one is in
        // the shared fixtures, so the empty JSON array is written here.
        fixtures.answer(.json("[]")) { $0.path == FixtureServer.directPath && $0.query("q") == "Atlantis" }
        let unknown = try await sandbox.run(["weather", "Atlantis"])
        #expect(unknown.exitCode == 66)
        #expect(unknown.stderrText == "apicli: error: no place named \"Atlantis\"\n")
        #expect(fixtures.forecasts.isEmpty)

        fixtures.answer(.status(404, body: "<html>Not Found</html>")) { $0.path == FixtureServer.directPath }
        let html = try await sandbox.run(["weather", "Nowhere"])
        #expect(html.exitCode == 69, "\(html.stderrText)")
        #expect(html.stderrText.contains("unexpected answer from OpenWeather: HTTP 404 for /geo/1.0/direct"))
        #expect(!html.stderrText.contains("no place named"))
        #expect(!html.stderrText.contains(Sandbox.weatherKey))
    }
}
