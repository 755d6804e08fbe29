import Foundation
import Testing
import TestSupport

/// When the network fails, the stored answer is shown with a warning; with
/// nothing stored, exit 69; `--offline` never touches the network.
@Suite("Offline and stale fallback, end to end")
struct OfflineFallbackTests {
    /// The faults a network can throw at apicli, each transient.
    static let faults: [(String, ScriptedResponse)] = [
        ("reset", .reset),
        ("503", .status(503, body: "down for maintenance")),
    ]

    @Test("weather: a failing server after one fetch shows the stored forecast", arguments: [0, 1])
    func weatherFallback(fault index: Int) async throws {
        let (name, fault) = Self.faults[index]
        let (sandbox, fixtures) = try Sandbox.withFixtures(extra: ["APICLI_TIMEOUT": "3"])
        let fresh = try await sandbox.run(["weather", "Rostov"])
        #expect(fresh.exitCode == 0, "\(fresh.stderrText)")

        fixtures.fail(with: fault)
        let stale = try await sandbox.run(["weather", "Rostov", "--refresh"])
        #expect(stale.exitCode == 0, "\(name): \(stale.stderrText)")
        // The place is stored, so only the forecast was asked again; its stored steps (from
        // 2022) are all past, so they are left out and the notice counts them.
        #expect(stale.stdoutText.hasPrefix("Hemel Hempstead, GB\n"), "\(name): \(stale.stdoutText)")
        #expect(stale.stderrText.contains("showing results stored at"), "\(name): \(stale.stderrText)")
        #expect(stale.stderrText.contains("8 steps already past left out"), "\(name): \(stale.stderrText)")
        #expect(fixtures.requests.count > 1, "\(name): the server was asked again")
    }

    @Test("nyt: a stopped server after one fetch shows the stored articles")
    func nytFallbackWhenStopped() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures(extra: ["APICLI_TIMEOUT": "3"])
        let fresh = try await sandbox.run(["nyt", "election", "--json"])
        #expect(fresh.exitCode == 0, "\(fresh.stderrText)")

        // Every connection is reset, rather than the server stopped: a stopped server's port can be
        // taken by another test's server at once, which would answer.
        fixtures.fail(with: .reset)
        let stale = try await sandbox.run(["nyt", "election", "--json", "--refresh"])
        #expect(stale.exitCode == 0, "\(stale.stderrText)")
        #expect(stale.stderrText.contains("showing results stored at"))
        let before = try JSONSerialization.jsonObject(with: fresh.stdout) as? [[String: Any]]
        let after = try JSONSerialization.jsonObject(with: stale.stdout) as? [[String: Any]]
        #expect(after?.count == 10)
        #expect(after?.compactMap { $0["id"] as? String } == before?.compactMap { $0["id"] as? String })
    }

    @Test("nothing stored and the network down: exit 69")
    func nothingStored() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures(extra: ["APICLI_TIMEOUT": "2"])
        // Every connection is reset, rather than the server stopped: a stopped server's port can be
        // taken by another test's server at once, which would answer.
        fixtures.fail(with: .reset)
        async let weather = sandbox.run(["weather", "Rostov"])
        async let nyt = sandbox.run(["nyt", "election"])
        let (weatherResult, nytResult) = try await (weather, nyt)
        for result in [weatherResult, nytResult] {
            #expect(result.exitCode == 69, "\(result.stderrText)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderrText.contains("nothing stored"))
            #expect(result.stderrText.split(separator: "\n").count == 1, "one line: \(result.stderrText)")
        }
    }

    @Test("--offline answers from the store and never contacts the server")
    func offline() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        async let weather = sandbox.run(["weather", "Rostov"])
        async let nyt = sandbox.run(["nyt", "election"])
        let (weatherFresh, nytFresh) = try await (weather, nyt)
        #expect(weatherFresh.exitCode == 0 && nytFresh.exitCode == 0)
        let asked = fixtures.requests.count

        async let weatherOffline = sandbox.run(["weather", "Rostov", "--offline"])
        async let nytOffline = sandbox.run(["nyt", "election", "--offline"])
        // Offline needs no key either.
        async let unknownCity = sandbox.run(["weather", "Atlantis", "--offline"], unset: ["OPENWEATHER_API_KEY"])
        let (weatherResult, nytResult, unknownResult) = try await (weatherOffline, nytOffline, unknownCity)
        #expect(weatherResult.exitCode == 0, "\(weatherResult.stderrText)")
        // The stored place names it; the stored steps (from 2022) are past and left out.
        #expect(weatherResult.stdoutText.hasPrefix("Hemel Hempstead, GB\n"), "\(weatherResult.stdoutText)")
        #expect(weatherFresh.stdoutText.hasPrefix("Hemel Hempstead, GB\n"))
        #expect(weatherResult.stderrText.contains("offline: showing results stored at"))
        #expect(weatherResult.stderrText.contains("8 steps already past left out"), "\(weatherResult.stderrText)")
        #expect(nytResult.exitCode == 0, "\(nytResult.stderrText)")
        #expect(nytResult.stdoutText.contains("Troops Gun Down"))
        #expect(unknownResult.exitCode == 69, "\(unknownResult.stderrText)")
        #expect(unknownResult.stderrText.contains("nothing stored"))
        #expect(fixtures.requests.count == asked)
    }
}
