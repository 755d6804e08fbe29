import APIHost
import APIHTTP
import Foundation
import Testing
import TestSupport
@testable import Weather

/// The host's clock decides: how old a stored place may be before it is looked
/// up again, and which stored steps are already past. Runs the host in-process
/// on a stub transport answering by path, with the clock set per run.
@Suite("Places and steps on the host's clock")
struct HostClockTests {
    /// Rostov's forecast starts 2022-09-22T21:00:00Z, eight steps 3 hours apart.
    static let firstStep = Date(timeIntervalSince1970: 1_663_880_400)

    let host: InProcessHost

    init() throws {
        let place = try TestSupport.Fixtures.real("geo/direct_hemel_hempstead_aahill1.json")
        let forecast = try WeatherFixtures.data("weather-rostov-metric-ru-cnt8.json")
        host = try InProcessHost(
            sources: [.compiled([WeatherProvider()])],
            variables: ["OPENWEATHER_API_KEY": "clock-test-key", "LANG": "C.UTF-8"],
            routes: StubRoutes(answers: [
                "/geo/1.0/direct": HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: place),
                "/data/2.5/forecast": HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: forecast),
            ]))
    }

    /// `apicli weather <arguments>` at `now`: the exit code, stdout and stderr.
    func run(_ arguments: [String], at now: Date) async throws -> (code: ExitCode, out: String, err: String) {
        let run = await host.run(["weather"] + arguments) { $0.time = TimeSource(now: { now }, sleep: { _ in }) }
        return (run.code, run.stdout, run.stderr)
    }

    /// The requests sent to `path` so far.
    func requests(to path: String) -> [HTTPRequest] {
        host.transport.requests.filter { $0.url.path == path }
    }

    @Test("a place is looked up once, kept 30 days, then looked up again")
    func placeLifetime() async throws {
        let start = Date()
        let first = try await run(["Rostov", "--steps"], at: start)
        #expect(first.code == .success, "\(first.err)")
        #expect(try await run(["Rostov", "--refresh", "--steps"], at: start.addingTimeInterval(29 * 86_400)).code == .success)
        #expect(requests(to: "/geo/1.0/direct").count == 1, "29 days later the stored place is used")
        #expect(requests(to: "/data/2.5/forecast").count == 2)
        #expect(try await run(["Rostov", "--refresh", "--steps"], at: start.addingTimeInterval(31 * 86_400)).code == .success)
        #expect(requests(to: "/geo/1.0/direct").count == 2, "31 days later it is looked up again")
        // Offline, a place of any age will do.
        let offline = try await run(["Rostov", "--offline", "--json"], at: start.addingTimeInterval(400 * 86_400))
        #expect(offline.code == .success, "\(offline.err)")
        #expect(offline.out.contains("\"Hemel Hempstead\""))
        #expect(host.transport.requests.count == 5)
    }

    @Test("offline, the steps already past are left out, and the notice counts them")
    func pastStepsLeftOut() async throws {
        #expect(try await run(["Rostov"], at: Date()).code == .success)
        // 04:30 UTC: the steps at 21:00, 00:00 and 03:00 have passed.
        let later = Self.firstStep.addingTimeInterval(7.5 * 3600)
        let offline = try await run(["Rostov", "--offline", "--json"], at: later)
        #expect(offline.code == .success, "\(offline.err)")
        #expect(offline.err.hasPrefix("apicli: warning: offline: showing results stored at "), "\(offline.err)")
        #expect(offline.err.hasSuffix("; 3 steps already past left out\n"), "\(offline.err)")
        let city = try #require((try JSONSerialization.jsonObject(with: Data(offline.out.utf8)) as? [[String: Any]])?.first)
        let times = (city["forecasts"] as? [[String: Any]])?.compactMap { $0["time"] as? String }
        #expect(times?.first == "2022-09-23T06:00:00Z")
        #expect(times?.count == 5)
        // --hours counts from the first step shown; --daily sums only what is left.
        let next = try await run(["Rostov", "--offline", "--hours", "4", "--daily", "--format", "csv"], at: later)
        #expect(next.out.components(separatedBy: "\r\n").dropLast().last?.contains(",2022-09-23,2,") == true, "\(next.out)")
        // Fresh answers are shown whole, whatever the clock says.
        let fresh = try await run(["Rostov", "--refresh", "--json"], at: Date())
        #expect(fresh.out.components(separatedBy: "\"local_time\"").count - 1 == 8)
    }
}
