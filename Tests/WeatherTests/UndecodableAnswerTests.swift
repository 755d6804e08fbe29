import APIHost
import APIHTTP
import Foundation
import Testing
import TestSupport

@testable import Weather

/// An undecodable forecast through the host, in-process: 65, one line, the stored
/// rows unchanged, and nothing cached, so the next good answer is read. (This was the
/// Weather case of the binary's `ExitCodeTests`, which compared the same rows through
/// APIStore; here they are read from the store the in-process host wrote.)
@Suite("Weather: an undecodable answer, in-process")
struct UndecodableAnswerTests {
    @Test("an undecodable body: 65, and the stored rows stay as they were")
    func undecodable() async throws {
        let routes = try RecordedWeather.routes()
        let host = try RecordedWeather.host(routes)
        let tables = ["weather_forecasts", "weather_entries", "apicli_fetches"]
        let first = await host.run(["weather", "Rostov"])
        #expect(first.code == .success, "\(first.stderr)")
        let before = try host.snapshot(tables)
        #expect(before.values.allSatisfy { !$0.isEmpty })

        let broken = HTTPResponse(status: 200, headers: ["Content-Type": "text/html"], body: Data(#"{"response": {"docs": "#.utf8))
        routes.fail { _ in broken }
        let run = await host.run(["weather", "Rostov", "--refresh"])
        #expect(run.code == .dataError, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("nothing stored was changed"))
        #expect(run.isOneErrorLine, "\(run.stderr)")
        #expect(try host.snapshot(tables) == before)

        // The unreadable answer was not cached: once the server is right again, so is apicli.
        let good = RecordedWeather.json(try RecordedWeather.data(RecordedWeather.forecastFixture))
        routes.fail { _ in good }
        let healed = await host.run(["weather", "Rostov"])
        #expect(healed.code == .success, "\(healed.stderr)")
        #expect(healed.stdout == first.stdout)
    }
}
