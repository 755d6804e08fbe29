import Foundation
import Testing
import TestSupport

/// Colour appears on a real pseudo-terminal (util-linux `script`), and not when
/// piped, with `NO_COLOR`, `TERM=dumb` or `--color never`.
@Suite("Colour on a terminal, end to end", .enabled(if: RequiredTool.runs("script")))
struct TerminalColorTests {
    static let escape = "\u{1B}["

    /// Runs apicli under a pseudo-terminal: stdout and stderr are both the terminal.
    static func onTerminal(
        _ sandbox: Sandbox, _ arguments: [String], set: [String: String] = [:]
    ) async throws -> ProcessRunner.Result {
        let binary = try ProcessRunner.apicliExecutable().path
        let command = ([binary] + arguments).map(shellQuoted).joined(separator: " ")
        return try await ProcessRunner.run(
            executable: URL(fileURLWithPath: PseudoTerminal.scriptPath ?? "/usr/bin/script"),
            arguments: ["-qfec", command, "/dev/null"],
            environment: sandbox.environment(set: set),
            timeout: .seconds(30))
    }

    static func shellQuoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    @Test("a terminal gets colour; a pipe, NO_COLOR, TERM=dumb and --color never do not")
    func colourOnlyOnTerminals() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        // By id, so that one request is all there is to cache.
        let fetched = try await sandbox.run(["weather", "--id", "501183"])
        #expect(fetched.exitCode == 0, "\(fetched.stderrText)")
        #expect(!fetched.stdoutText.contains(Self.escape), "piped: no colour")

        async let tty = Self.onTerminal(sandbox, ["weather", "--id", "501183"])
        async let noColor = Self.onTerminal(sandbox, ["weather", "--id", "501183"], set: ["NO_COLOR": "1"])
        async let dumb = Self.onTerminal(sandbox, ["weather", "--id", "501183"], set: ["TERM": "dumb"])
        async let never = Self.onTerminal(sandbox, ["weather", "--id", "501183", "--color", "never"])
        async let always = sandbox.run(["weather", "--id", "501183", "--color", "always"])
        let (ttyResult, noColorResult, dumbResult, neverResult, alwaysResult) = try await (tty, noColor, dumb, never, always)

        #expect(ttyResult.exitCode == 0)
        #expect(ttyResult.stdoutText.contains("Ростов, RU"), "\(ttyResult.stdoutText)")
        #expect(ttyResult.stdoutText.contains(Self.escape), "a terminal gets colour")
        for (name, result) in [("NO_COLOR", noColorResult), ("TERM=dumb", dumbResult), ("--color never", neverResult)] {
            #expect(result.exitCode == 0, "\(name)")
            #expect(result.stdoutText.contains("Ростов, RU"), "\(name)")
            #expect(!result.stdoutText.contains(Self.escape), "\(name): no colour")
        }
        #expect(alwaysResult.stdoutText.contains(Self.escape), "--color always colours a pipe")
        #expect(fixtures.requests.count == 1, "the rest came from the cache")
    }

    @Test("errors on a terminal's stderr are coloured; piped they are not")
    func colouredErrors() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        async let tty = Self.onTerminal(sandbox, ["weathr", "Paris"])
        async let piped = sandbox.run(["weathr", "Paris"])
        async let noColor = Self.onTerminal(sandbox, ["weathr", "Paris"], set: ["NO_COLOR": "1"])
        let (ttyResult, pipedResult, noColorResult) = try await (tty, piped, noColor)
        #expect(ttyResult.stdoutText.contains("did you mean"))
        #expect(ttyResult.stdoutText.contains(Self.escape))
        #expect(pipedResult.exitCode == 64)
        #expect(!pipedResult.stderrText.contains(Self.escape))
        #expect(noColorResult.stdoutText.contains("did you mean"))
        #expect(!noColorResult.stdoutText.contains(Self.escape))
    }

    @Test("TERM=dumb: no escape sequence of any kind on a terminal, neither progress nor colour")
    func dumbTerminal() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let forecast = try Fixtures.real("weather/weather-rostov-metric-ru-cnt8.json")
        fixtures.answer(.json(forecast).delayed(by: .milliseconds(1_500))) { $0.path == FixtureServer.weatherPath }
        async let slow = Self.onTerminal(sandbox, ["weather", "--id", "501183", "--refresh"], set: ["TERM": "dumb"])
        async let failing = Self.onTerminal(sandbox, ["weathr", "Paris"], set: ["TERM": "dumb"])
        let (slowResult, failingResult) = try await (slow, failing)
        #expect(slowResult.stdoutText.contains("Ростов, RU"), "\(slowResult.stdoutText)")
        #expect(failingResult.stdoutText.contains("did you mean"))
        for result in [slowResult, failingResult] {
            #expect(!result.stdoutText.contains("\u{1B}"), "\(result.stdoutText.debugDescription)")
        }
    }

    @Test("a slow run shows progress on a terminal's stderr; piped or with --quiet it does not")
    func progressOnlyOnTerminals() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let forecast = try Fixtures.real("weather/weather-rostov-metric-ru-cnt8.json")
        fixtures.answer(.json(forecast).delayed(by: .milliseconds(1_500))) { $0.path == FixtureServer.weatherPath }
        // By id: the forecast is the only request, and the slow one.
        async let tty = Self.onTerminal(sandbox, ["weather", "--id", "501183", "--refresh"])
        async let quiet = Self.onTerminal(sandbox, ["weather", "--id", "501183", "--refresh", "--quiet"])
        async let piped = sandbox.run(["weather", "--id", "501183", "--refresh"])
        let (ttyResult, quietResult, pipedResult) = try await (tty, quiet, piped)
        for result in [ttyResult, quietResult, pipedResult] {
            #expect(result.exitCode == 0)
        }
        #expect(ttyResult.stdoutText.contains("fetching from OpenWeather 0/1"), "\(ttyResult.stdoutText)")
        #expect(ttyResult.stdoutText.contains("Ростов, RU"))
        #expect(!quietResult.stdoutText.contains("fetching from"))
        #expect(!pipedResult.stderrText.contains("fetching from"))
        #expect(!pipedResult.stdoutText.contains("fetching from"))
    }
}

/// util-linux `script`, which runs a command on a fresh pseudo-terminal.
enum PseudoTerminal {
    static let scriptPath: String? = ["/usr/bin/script", "/bin/script"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
}
