import Foundation
import Testing
import TestSupport

/// A real pseudo-terminal (util-linux `script`) is seen as a terminal: a process is
/// the point, since apicli asks `isatty` of its own streams. What colour and progress
/// do on a terminal, piped, with `NO_COLOR`, `TERM=dumb`, `--color` and `--quiet` is
/// tested in-process (`APIHostTests`: `TerminalColorTests`).
@Suite("Colour on a terminal, end to end", .needs("script"))
struct TerminalColorEndToEndTests {
    static let escape = "\u{1B}["

    /// Runs apicli under a pseudo-terminal: stdout and stderr are both the terminal.
    static func onTerminal(
        _ sandbox: Sandbox, _ arguments: [String], set: [String: String] = [:]
    ) async throws -> ProcessRunner.Result {
        let binary = try ProcessRunner.apicliExecutable().path
        let command = ([binary] + arguments).map(shellQuoted).joined(separator: " ")
        return try await ProcessRunner.run(
            executable: URL(fileURLWithPath: try RequiredTool.require("script")),
            arguments: ["-qfec", command, "/dev/null"],
            environment: sandbox.environment(set: set),
            timeout: .seconds(30))
    }

    static func shellQuoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    @Test("a real pseudo-terminal is a terminal: the table and an error are coloured, a slow run shows progress")
    func realTerminal() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let forecast = try Fixtures.real("weather/weather-rostov-metric-ru-cnt8.json")
        fixtures.answer(.json(forecast).delayed(by: .milliseconds(1_500))) { $0.path == FixtureServer.weatherPath }
        // By id and --steps: the forecast is the only request, and the slow one (on a terminal
        // the default view asks the current conditions too).
        async let slow = Self.onTerminal(sandbox, ["weather", "--id", "501183", "--steps"])
        async let failing = Self.onTerminal(sandbox, ["weathr", "Paris"])
        let (slowResult, failingResult) = try await (slow, failing)
        #expect(slowResult.exitCode == 0)
        #expect(slowResult.stdoutText.contains("Ростов, RU"), "\(slowResult.stdoutText)")
        #expect(slowResult.stdoutText.contains(Self.escape), "a terminal gets colour")
        #expect(slowResult.stdoutText.contains("fetching from OpenWeather 0/1"), "\(slowResult.stdoutText)")
        #expect(failingResult.stdoutText.contains("did you mean"))
        #expect(failingResult.stdoutText.contains(Self.escape))
        // The same runs piped: no colour, no progress.
        let piped = try await sandbox.run(["weather", "--id", "501183"])
        #expect(piped.exitCode == 0)
        #expect(!piped.stdoutText.contains(Self.escape) && !piped.stderrText.contains("fetching from"))
    }
}
