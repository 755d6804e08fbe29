import APICore
import Foundation
import Testing
import TestSupport
@testable import Weather

/// Reading the Geocoding API's real answers, and the arguments that name a place.
@Suite("Places")
struct PlaceTests {
    let provider = WeatherProvider()

    func place(_ file: String, _ query: WeatherQuery) throws -> (Place, [String]) {
        var warnings: [String] = []
        let place = try provider.decodeLookup(try TestSupport.Fixtures.real(file), for: query, warnings: &warnings)
        return (place, warnings)
    }

    @Test("direct, 2021 shape: five Londons; the first is taken, the others named once per country and state")
    func ambiguousDirect() throws {
        let (place, warnings) = try place("geo/direct_london_pyowm.json", WeatherQuery(city: "London"))
        #expect(place.name == "London" && place.country == "GB")
        #expect(place.latitude == .double(51.5085) && place.longitude == .double(-0.1257))
        #expect(place.localNames["fr"] == "Londres")
        #expect(warnings == [
            "London, GB (also: London, CA; London, US-OH; London, US-KY; London, US-CA — ask for \"London,CA\")",
        ])
        // In French, the names are the local ones where the geocoder has them.
        let (_, french) = try self.place("geo/direct_london_pyowm.json", WeatherQuery(city: "London", language: "fr"))
        #expect(french.first?.hasPrefix("Londres, GB (also: London, CA;") == true)
    }

    @Test("direct, current shape: one London with a full state name and hundreds of local names; no warning")
    func singleDirect() throws {
        let (place, warnings) = try place("geo/direct_london_gb_dblock_2026.json", WeatherQuery(city: "London,GB"))
        #expect(warnings.isEmpty)
        #expect(place.state == "England")
        #expect(place.title(in: "ja") == "ロンドン, GB")
        #expect(place.title(in: "kr") == "런던, GB", "OpenWeather's kr is local_names' ko")
        #expect(place.title(in: "xx") == "London, GB")
    }

    @Test("zip: one object, no local names")
    func zip() throws {
        let (place, _) = try place("geo/zip_94040_dblock_2026.json", WeatherQuery(city: "zip 94040,US", place: .zip("94040,US")))
        #expect(place.title() == "Mountain View, US")
        #expect(place.latitude == .double(37.3855))
    }

    @Test("reverse: the place is named, the forecast stays at the coordinates asked")
    func reverse() throws {
        let coordinates = try #require(try Coordinates(parsing: "51.5073219,-0.1276474"))
        let query = WeatherQuery(city: "51.5073219,-0.1276474", place: .coordinates(coordinates))
        let (place, _) = try place("geo/reverse_london_dblock_2026.json", query)
        #expect(place.title(in: "fr") == "Cité de Westminster, GB")
        #expect(place.latitude == .double(51.5073219) && place.longitude == .double(-0.1276474))
        let resolved = provider.resolve(query, with: place)
        #expect(provider.request(for: resolved, page: 0).query.prefix(2) == [
            QueryItem("lat", "51.5073219"), QueryItem("lon", "-0.1276474"),
        ])
    }

    @Test("a US place is written with its state code, and asked for as name,state,country")
    func usStates() {
        let texas = Place(name: "Paris", country: "US", state: "Texas")
        #expect(texas.title() == "Paris, US-TX")
        #expect(texas.query == "Paris,TX,US")
        #expect(Place(name: "London", country: "US", state: "OH").query == "London,OH,US")
        #expect(Place(name: "London", country: "GB", state: "England").query == "London,GB")
    }

    @Test("two places in one country outside the US are told apart by their state")
    func sameCountryStates() {
        let first = Place(name: "Newport", country: "GB", state: "Wales")
        let other = Place(name: "Newport", country: "GB", state: "England")
        #expect(Ambiguity.line(chosen: first, among: [first, other], language: nil)
            == "Newport, GB (also: Newport, GB (England) — ask for \"Newport,GB\")")
    }

    @Test("the Geocoding API's 400 is a bad request quoting it; its 404 is no place; a foreign 404 is the host's")
    func lookupFailures() throws {
        let body = try TestSupport.Fixtures.real("errors/geo_reverse_400_wrong_latitude_programmatordev_2026.json")
        let coordinates = try #require(try Coordinates(parsing: "90,0"))
        let query = WeatherQuery(city: "90,0", place: .coordinates(coordinates))
        guard case let .badRequest(reason)? = provider.lookupFailure(status: 400, body: body, for: query) else {
            Issue.record("not a bad request")
            return
        }
        #expect(reason.contains("wrong latitude"))
        let notFound = try WeatherFixtures.data("weather-error-404-city-not-found.json")
        #expect(provider.lookupFailure(status: 404, body: notFound, for: WeatherQuery(city: "Atlantis"))
            == .notFound("place named \"Atlantis\""))
        #expect(provider.lookupFailure(status: 404, body: Data("<html/>".utf8), for: WeatherQuery(city: "X")) == nil)
        // The same error object sent with status 200 is read the same way.
        var warnings: [String] = []
        #expect(throws: ProviderFailure.notFound("place named \"Atlantis\"")) {
            try provider.decodeLookup(notFound, for: WeatherQuery(city: "Atlantis"), warnings: &warnings)
        }
    }

    @Test("arguments: coordinates when two numbers, range-checked; names otherwise")
    func arguments() throws {
        #expect(try PlaceRequest.argument("48.8566, 2.3522").key == "48.8566,2.3522")
        #expect(try PlaceRequest.argument("London , GB") == .name("London , GB"))
        #expect(try PlaceRequest.argument("London , GB").key == "london,gb")
        #expect(try PlaceRequest.argument("1e3,5") == .name("1e3,5"))
        for text in ["90.1,0", "-91,0", "0,181", "0,-180.5"] {
            #expect(throws: UsageError.self) { try PlaceRequest.argument(text) }
        }
        #expect(try PlaceRequest.argument("-90,180") != .name("-90,180"))
    }

    @Test("the lookup each way of naming needs; a city id needs none")
    func lookupRequests() throws {
        // --zip and --id together are refused (each names a place): ask for them apart.
        #expect(throws: UsageError.self) {
            try provider.queries(from: ParsedCommand(arguments: [], values: ["zip": "94040,US", "id": "2988507"]))
        }
        let queries = try provider.queries(from: ParsedCommand(
            arguments: ["Paris,TX,US", "48.85,2.35"], values: ["zip": "94040,US"]))
            + provider.queries(from: ParsedCommand(arguments: [], values: ["id": "2988507"]))
        #expect(queries.map(\.city) == ["Paris,TX,US", "48.85,2.35", "zip 94040,US", "id 2988507"])
        let lookups = queries.map { provider.lookupRequest(for: $0) }
        #expect(lookups[0] == Endpoint(path: "/geo/1.0/direct", query: [QueryItem("q", "Paris,TX,US"), QueryItem("limit", "5")]))
        #expect(lookups[1]?.path == "/geo/1.0/reverse")
        #expect(lookups[2] == Endpoint(path: "/geo/1.0/zip", query: [QueryItem("zip", "94040,US")]))
        #expect(lookups[3] == nil)
        #expect(provider.request(for: queries[3], page: 0).query.first == QueryItem("id", "2988507"))
    }

    @Test("a stored place reads back whole, with when it was fetched")
    func storedPlace() throws {
        let temporary = try TemporaryStore()
        defer { temporary.remove() }
        let query = WeatherQuery(city: "London")
        let (place, _) = try place("geo/direct_london_pyowm.json", query)
        let fetched = Date(timeIntervalSince1970: 1_700_000_000)
        try temporary.store.write { try provider.persistLookup(place, for: query, in: PersistContext($0, fetchedAt: fetched)) }
        let stored = try temporary.store.read { try provider.loadLookup(for: WeatherQuery(city: " london "), from: $0) }
        #expect(stored?.value == place)
        #expect(stored?.fetchedAt == fetched)
        #expect(try temporary.store.read { try provider.loadLookup(for: WeatherQuery(city: "Paris"), from: $0) } == nil)
    }
}
