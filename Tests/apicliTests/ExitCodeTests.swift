import Foundation
import Testing
import TestSupport

/// An undecodable answer from the built binary: 65, one line, and the stored rows
/// unchanged on disk. The other exit codes are tested in-process, where they are
/// decided (`NYTTests`, `WeatherTests`: `ExitCodeTests`; `APIHostTests`).
@Suite("Exit codes, end to end")
struct ExitCodeTests {
    @Test("an undecodable body: 65, and the stored rows stay as they were", arguments: ["nyt", "weather"])
    func undecodable(provider: String) async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let command = provider == "nyt" ? ["nyt", "election"] : ["weather", "Rostov"]
        let tables = provider == "nyt"
            ? ["nyt_articles", "nyt_queries", "nyt_query_results"] : ["weather_forecasts", "weather_entries"]
        let first = try await sandbox.run(command)
        #expect(first.exitCode == 0, "\(first.stderrText)")
        let before = try sandbox.snapshot(tables + ["apicli_fetches"])
        #expect(before.values.allSatisfy { !$0.isEmpty })

        fixtures.fail(with: .json(#"{"response": {"docs": "#, headers: [("Content-Type", "text/html")]))
        let broken = try await sandbox.run(command + ["--refresh"])
        #expect(broken.exitCode == 65, "\(broken.stderrText)")
        #expect(broken.stdout.isEmpty)
        #expect(broken.stderrText.contains("nothing stored was changed"))
        #expect(Self.isOneErrorLine(broken.stderrText), "\(broken.stderrText)")
        #expect(try sandbox.snapshot(tables + ["apicli_fetches"]) == before)

        // The unreadable answer was not cached: once the server is right again, so is apicli.
        fixtures.fail(with: .json(try Fixtures.real(provider == "nyt" ? FixtureServer.nytFixture : FixtureServer.weatherFixture)))
        let healed = try await sandbox.run(command)
        #expect(healed.exitCode == 0, "\(healed.stderrText)")
        #expect(healed.stdoutText == first.stdoutText)
    }

    /// Exactly one line, the `apicli: error:` kind, and no Swift error dump.
    static func isOneErrorLine(_ text: String) -> Bool {
        let lines = text.split(separator: "\n")
        return lines.count == 1 && text.hasPrefix("apicli: error: ") && !text.contains("Error(")
            && !text.contains("Swift.")
    }
}
