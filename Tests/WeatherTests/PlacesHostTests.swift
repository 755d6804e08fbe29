import APIHost
import APIHTTP
import Foundation
import Testing
import TestSupport

@testable import Weather

/// Places, not guesses, through the host in-process: every way of naming a place,
/// with the requests the runs sent (see ``WeatherRoutes`` for which recorded answer
/// each gets) and what was kept. (These were the binary's `WeatherPlacesEndToEndTests`.)
@Suite("Weather places, in-process")
struct PlacesHostTests {
    static func place(_ run: InProcessHost.Run) throws -> [String: Any] {
        try #require(try WeatherHost.object(run)["place"] as? [String: Any])
    }

    static func number(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }

    @Test("a name: a geocoding request, then the forecast by its coordinates; a second run sends no lookup")
    func nameThenCoordinates() async throws {
        let weather = try WeatherHost()
        let first = await weather.run(["weather", "Hemel Hempstead", "--steps"])
        #expect(first.code == .success, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("Hemel Hempstead, GB\n"))
        #expect(weather.requests.map(\.path) == [WeatherRoutes.directPath, WeatherRoutes.forecastPath])
        #expect(weather.requests.first?.queryValue("q") == "Hemel Hempstead")
        #expect(try #require(weather.forecasts.first).coordinates == WeatherRoutes.placeCoordinates)
        #expect(try weather.count("weather_places") == 1)

        // The place is kept: only the forecast is asked again, and written the same way it is found.
        let second = await weather.run(["weather", " hemel  hempstead ", "--refresh", "--steps"])
        #expect(second.code == .success, "\(second.stderr)")
        #expect(weather.lookups.count == 1)
        #expect(weather.forecasts.count == 2)
        #expect(second.stdout == first.stdout)
    }

    @Test("an ambiguous name: the first place, and one stderr line naming the others and how to ask; --quiet hides it")
    func ambiguity() async throws {
        let weather = try WeatherHost()
        let candidates = try TestSupport.Fixtures.real("geo/direct_london_pyowm.json")
        weather.routes.answer(WeatherRoutes.json(candidates)) { $0.path == WeatherRoutes.directPath && $0.queryValue("q") == "London" }
        let result = await weather.run(["weather", "London", "--json"])
        #expect(result.code == .success, "\(result.stderr)")
        // The wording is the behaviour: the other places, and how to ask for one.
        #expect(result.stderr == "apicli: warning: London, GB (also: London, CA; London, US-OH; London, US-KY; "
            + "London, US-CA — ask for \"London,CA\")\n")
        let place = try Self.place(result)
        #expect(place["name"] as? String == "London")
        #expect(place["country"] as? String == "GB")
        #expect(Self.number(place["lat"]) == 51.5085)
        #expect(Self.number(place["lon"]) == -0.1257)
        #expect(weather.forecasts.first?.queryValue("lat") == "51.5085")

        let quietWeather = try WeatherHost()
        quietWeather.routes.answer(WeatherRoutes.json(candidates)) { $0.path == WeatherRoutes.directPath }
        let quiet = await quietWeather.run(["weather", "London", "--quiet"])
        #expect(quiet.code == .success)
        #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
        #expect(quiet.stdout.hasPrefix("London, GB\n"))
    }

    @Test("--zip: /geo/1.0/zip, then the forecast by its coordinates")
    func zipCode() async throws {
        let weather = try WeatherHost()
        let result = await weather.run(["weather", "--zip", "94040,US", "--steps"])
        #expect(result.code == .success, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Mountain View, US\n"))
        #expect(weather.requests.map(\.path) == [WeatherRoutes.zipPath, WeatherRoutes.forecastPath])
        #expect(weather.lookups.first?.queryValue("zip") == "94040,US")
        #expect(weather.forecasts.first?.coordinates == "37.3855,-122.088")
        let again = await weather.run(["weather", "--zip", "94040,us", "--offline"])
        #expect(again.code == .success, "\(again.stderr)")
        #expect(again.stdout.hasPrefix("Mountain View, US\n"))
    }

    @Test("--id: one request, the forecast by id, named by the forecast itself")
    func cityID() async throws {
        let weather = try WeatherHost()
        let result = await weather.run(["weather", "--id", "501183", "--steps"])
        #expect(result.code == .success, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Ростов, RU\n"))
        #expect(weather.requests.map(\.path) == [WeatherRoutes.forecastPath])
        #expect(weather.requests.first?.queryValue("id") == "501183")
        #expect(weather.requests.first?.queryValue("q") == nil)
        let bad = await weather.run(["weather", "--id", "Paris"])
        #expect(bad.code == .usage && bad.isOneErrorLine)
        #expect(bad.stderr.contains("--id takes an OpenWeather city id"))
    }

    @Test("coordinates: the forecast by them, named by reverse geocoding, itself stored; --lang names it locally")
    func coordinates() async throws {
        let weather = try WeatherHost()
        let result = await weather.run(["weather", "51.5073219, -0.1276474", "--steps"])
        #expect(result.code == .success, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("City of Westminster, GB\n"))
        #expect(weather.requests.map(\.path) == [WeatherRoutes.reversePath, WeatherRoutes.forecastPath])
        let reverse = try #require(weather.lookups.first)
        #expect(reverse.queryValue("lat") == "51.5073219" && reverse.queryValue("lon") == "-0.1276474")
        // The forecast is for the coordinates asked, not the named place's.
        #expect(weather.forecasts.first?.coordinates == "51.5073219,-0.1276474")

        let french = await weather.run(["weather", "51.5073219,-0.1276474", "--lang", "fr"])
        #expect(french.code == .success, "\(french.stderr)")
        #expect(french.stdout.hasPrefix("Cité de Westminster, GB\n"))
        #expect(weather.lookups.count == 1, "the reverse lookup is stored")
    }

    @Test("coordinates out of range: 64 before any request", arguments: ["91,0", "-90.5,10", "0,180.01", "45,-181"])
    func coordinatesOutOfRange(_ text: String) async throws {
        let weather = try WeatherHost()
        let result = await weather.run(["weather", text])
        #expect(result.code == .usage)
        #expect(result.stderr.contains("itude is from"), "\(result.stderr)")
        #expect(result.isOneErrorLine, "\(result.stderr)")
        #expect(weather.requests.isEmpty)
    }

    @Test("--lang: the header uses the place's local name")
    func localName() async throws {
        let weather = try WeatherHost()
        let french = await weather.run(["weather", "London,GB", "--lang", "fr"])
        #expect(french.code == .success, "\(french.stderr)")
        #expect(french.stdout.hasPrefix("Londres, GB\n"))
        let place = try Self.place(await weather.run(["weather", "London,GB", "--lang", "fr", "--json"]))
        #expect(place["name"] as? String == "London")
        #expect(place["local_name"] as? String == "Londres")
    }

    @Test("a default place: config or APICLI_WEATHER_PLACE; without one the usage error says how to set it")
    func defaultPlace() async throws {
        let weather = try WeatherHost()
        let none = await weather.run(["weather"])
        #expect(none.code == .usage && none.isOneErrorLine)
        #expect(none.stderr.contains("apicli config set weather.place"), "\(none.stderr)")
        #expect(none.stderr.contains("APICLI_WEATHER_PLACE"))
        #expect(weather.requests.isEmpty)

        let set = await weather.run(["config", "set", "weather.place", "London,GB"])
        #expect(set.code == .success, "\(set.stderr)")
        let configured = await weather.run(["weather"])
        #expect(configured.code == .success, "\(configured.stderr)")
        #expect(configured.stdout.hasPrefix("London, GB\n"))
        #expect(weather.lookups.map { $0.queryValue("q") } == ["London,GB"])

        let variable = await weather.run(["weather", "--json"], setting: ["APICLI_WEATHER_PLACE": "Hemel Hempstead"])
        #expect(variable.code == .success, "\(variable.stderr)")
        #expect(weather.lookups.map { $0.queryValue("q") } == ["London,GB", "Hemel Hempstead"])
        // A place on the command line wins over the default.
        let named = await weather.run(["weather", "--id", "501183", "--steps"])
        #expect(named.stdout.hasPrefix("Ростов, RU\n"))
    }

    @Test("offline: a place resolved before, and its forecast, need no network and no key")
    func offline() async throws {
        let weather = try WeatherHost()
        let fresh = await weather.run(["weather", "London"])
        #expect(fresh.code == .success, "\(fresh.stderr)")
        let asked = weather.requests.count
        let offline = await weather.run(["weather", "London", "--offline", "--json"], unsetting: ["OPENWEATHER_API_KEY"])
        #expect(offline.code == .success, "\(offline.stderr)")
        #expect(weather.requests.count == asked)
        let city = try WeatherHost.object(offline)
        let place = city["place"] as? [String: Any]
        #expect(place?["name"] as? String == "London")
        #expect(Self.number(place?["lat"]) == 51.5074456)
        // The stored 2019 steps are long past.
        #expect((city["forecasts"] as? [Any])?.isEmpty == true)
        #expect(offline.stderr.contains("3 steps already past left out"), "\(offline.stderr)")
    }

    @Test("a name the geocoder does not know: 66, no place named \"…\"; a 404 that is not OpenWeather's: unexpected answer")
    func unknownName() async throws {
        let weather = try WeatherHost()
        // OpenWeather documents an empty list for a name it does not know; no recording of one is in
        // the shared fixtures, so the empty JSON array is written here.
        weather.routes.answer(WeatherRoutes.json(Data("[]".utf8))) { $0.path == WeatherRoutes.directPath && $0.queryValue("q") == "Atlantis" }
        let unknown = await weather.run(["weather", "Atlantis"])
        #expect(unknown.code == .noInput)
        // The wording is the behaviour: the name that was not found.
        #expect(unknown.stderr == "apicli: error: no place named \"Atlantis\"\n")
        #expect(weather.forecasts.isEmpty)

        weather.routes.answer(HTTPResponse(status: 404, body: Data("<html>Not Found</html>".utf8))) { $0.path == WeatherRoutes.directPath }
        let html = await weather.run(["weather", "Nowhere"])
        #expect(html.code == .unavailable && html.isOneErrorLine, "\(html.stderr)")
        #expect(html.stderr.contains("unexpected answer from OpenWeather: HTTP 404 for /geo/1.0/direct"))
        #expect(!html.stderr.contains("no place named"))
        #expect(!html.stderr.contains(WeatherHost.key))
    }
}
