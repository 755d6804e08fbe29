import Foundation
import Testing
import TestSupport

/// Several places at once, and several NYT pages.
@Suite("Several cities and pages, end to end")
struct ConcurrentQueriesTests {
    @Test("places are fetched concurrently and printed in the order given; a failing place gets its own line")
    func citiesInOrder() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        // The first place answers last: the order on screen must still be the order asked.
        let london = try Fixtures.real(try #require(FixtureServer.weatherFixtures["51.5074456,-0.1277653"]))
        fixtures.answer(.json(london).delayed(by: .milliseconds(600)), forCoordinates: "51.5074456,-0.1277653")
        fixtures.answer(.json(try Fixtures.real("weather/weather-error-404-city-not-found.json"), status: 404), forCity: "Atlantis")
        let places = ["London", "Atlantis", "Rostov", "51.5073219,-0.1276474"]
        let table = try await sandbox.run(["weather"] + places)

        #expect(table.exitCode == 66, "the worst code: \(table.stderrText)")
        let stderr = table.stderrText.split(separator: "\n")
        #expect(stderr.count == 1)
        #expect(stderr.first?.contains("no place named \"Atlantis\"") == true, "\(table.stderrText)")
        let out = table.stdoutText
        let first = try #require(out.range(of: "London, GB"))
        let second = try #require(out.range(of: "Hemel Hempstead, GB"))
        let third = try #require(out.range(of: "City of Westminster, GB"))
        #expect(first.lowerBound < second.lowerBound && second.lowerBound < third.lowerBound)
        // Two requests per place found (a lookup, then the forecast), one for the unknown name.
        let direct = FixtureServer.directPath
        #expect(fixtures.lookups.map(\.path).sorted() == [direct, direct, direct, FixtureServer.reversePath].sorted())
        #expect(fixtures.forecasts.count == 3)
        #expect(Set(fixtures.forecasts.map(FixtureServer.coordinates)) == [
            "51.5074456,-0.1277653", FixtureServer.placeCoordinates, "51.5073219,-0.1276474",
        ])
        // That they overlap is shown by arrival times in `citiesOverlap`, not by a wall-clock bound.

        // JSON keeps the order too, one object per place that answered; the places are stored, so
        // this run asks for nothing again (the forecasts are cached) but the unknown name.
        let json = try await sandbox.run(["weather"] + places + ["--json"])
        #expect(json.exitCode == 66)
        let cities = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [[String: Any]])
        #expect(cities.map { $0["query"] as? String } == ["London", "Rostov", "51.5073219,-0.1276474"])
        #expect(fixtures.lookups.count == 5)
        #expect(fixtures.forecasts.count == 3)
    }

    @Test("the fetches overlap: four slow places take about one delay, not four")
    func citiesOverlap() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let body = try Fixtures.real(FixtureServer.weatherFixture)
        let delay = 0.8
        fixtures.answer(.json(body).delayed(by: .milliseconds(Int64(delay * 1000)))) { $0.path == FixtureServer.weatherPath }
        let result = try await sandbox.run(["weather", "A", "B", "C", "D"])
        #expect(result.exitCode == 0, "\(result.stderrText)")
        // Each place is looked up, then its forecast asked for: the four forecasts are in flight together.
        #expect(fixtures.lookups.count == 4)
        let arrivals = fixtures.forecasts.map(\.arrival)
        #expect(arrivals.count == 4)
        let spread = (arrivals.max() ?? .distantPast).timeIntervalSince(arrivals.min() ?? .distantFuture)
        // One after another, the arrivals would spread over at least 3 delays (2.4 s); half
        // of that proves the overlap, with room for a loaded machine's slow starts.
        #expect(spread < delay * 3 / 2, "all four were in flight together (arrivals spread over \(spread) s)")
    }

    @Test("--pages stops early when meta.hits is exhausted")
    func pagesStopEarly() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        // The real page says 27 hits; with only 12, a second page is the last.
        let page = String(decoding: try Fixtures.real(FixtureServer.nytFixture), as: UTF8.self)
        #expect(page.contains(#""hits":27"#))
        fixtures.fail(with: .json(page.replacingOccurrences(of: #""hits":27"#, with: #""hits":12"#)))
        let result = try await sandbox.run(["nyt", "election", "--pages", "3", "--json"])
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(fixtures.requests.map { $0.query("page") } == [nil, "1"])

        // With the real 27 hits, five pages asked for are three fetched (0, 1, 2).
        let (other, otherFixtures) = try Sandbox.withFixtures()
        let more = try await other.run(["nyt", "election", "--pages", "5"])
        #expect(more.exitCode == 0, "\(more.stderrText)")
        #expect(otherFixtures.requests.map { $0.query("page") } == [nil, "1", "2"])
    }
}
