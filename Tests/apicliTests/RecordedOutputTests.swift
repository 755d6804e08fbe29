import Foundation
import Testing
import TestSupport

/// Every real fixture through the built binary, in every format, against what the
/// binary printed before the move to FoundationEssentials (commit 41e2b9e, recorded
/// in `Tests/Fixtures/outputs`): times, numbers, sizes and text must not change
/// when ICU goes. Runs in a zone far from UTC (`TZ=Asia/Kolkata`), so that a time
/// printed on the machine's clock instead of UTC or the city's shows up.
///
/// To record again on purpose: `APICLI_RECORD_OUTPUTS=1 swift test --skip-build
/// --filter RecordedOutputTests` (with `APICLI_TEST_BINARY` naming the binary to record).
@Suite("Recorded outputs, end to end", .serialized)
struct RecordedOutputTests {
    static let folder = Fixtures.packageRoot.appendingPathComponent("Tests/Fixtures/outputs")
    static let formats: [[String]] = [[], ["--json"], ["--format", "ndjson"], ["--format", "csv"]]

    /// A fixture served for one path, and the commands run against it in one store.
    struct Scenario: Sendable, CustomTestStringConvertible {
        let name: String
        let path: String
        let fixture: String
        let status: Int
        let commands: [[String]]
        var testDescription: String { name }
    }

    static let nytTemplate = ["--format", "line", "--template", "{pub_date} {word_count:6} {headline:40}|{byline|-}"]
    static let weatherTemplate = [
        "--format", "line", "--template", "{local_time} {temp:.1} {feels_like:.2} {wind_speed:.0} {pop} {description}",
    ]

    static let scenarios: [Scenario] = {
        var scenarios: [Scenario] = []
        for fixture in ["nyt-2016-11-compact-escaped-slashes", "nyt-2017-03-wordcount-int-printpage-int",
                        "nyt-2016-05-dog-video-multimedia-docs"] {
            let commands = formats.map { ["nyt", "dog"] + $0 } + [["nyt", "dog"] + nytTemplate, ["nyt", "dog", "--offline"],
                                                                 ["nyt", "dog", "--offline", "--json"], ["store", "info"]]
            scenarios.append(Scenario(name: fixture, path: FixtureServer.nytPath, fixture: "nyt/\(fixture).json", status: 200,
                                      commands: commands))
        }
        for fixture in ["weather-strasbourg-metric-fr-cnt40", "weather-rostov-metric-ru-cnt8", "weather-london-2019-metric-cnt3",
                        "weather-wroclaw-metric-cnt3", "weather-bethnal-green-2014-standard-cnt25-one-item",
                        "weather-london-2013-standard-cnt1"] {
            // The 3-hour table is `--steps` (the default terminal view is the glance, snapshotted in WeatherTests).
            var commands = formats.map { ["weather", "Hemel Hempstead"] + ($0.isEmpty ? ["--steps"] : $0) }
            commands += formats.map { ["weather", "Hemel Hempstead", "--daily"] + $0 }
            commands += [["weather", "Hemel Hempstead", "--units", "imperial", "--steps"], ["weather", "Hemel Hempstead"] + weatherTemplate,
                         ["weather", "Hemel Hempstead", "--units", "standard", "--json"], ["store", "info"]]
            scenarios.append(Scenario(name: fixture, path: FixtureServer.weatherPath, fixture: "weather/\(fixture).json",
                                      status: 200, commands: commands))
        }
        scenarios.append(Scenario(
            name: "forecast_hemel_hempstead_latlon_2022_aahill1", path: FixtureServer.weatherPath,
            fixture: "forecast/forecast_hemel_hempstead_latlon_2022_aahill1.json", status: 200,
            commands: formats.map { ["weather", "Hemel Hempstead"] + ($0.isEmpty ? ["--steps"] : $0) } + [["weather", "Hemel Hempstead", "--daily"]]))
        for (fixture, path, status) in [("nyt/nyt-error-429-rate-limit-books", FixtureServer.nytPath, 429),
                                        ("errors/nyt_401_invalid_apikey_khalilahmad0", FixtureServer.nytPath, 401),
                                        ("errors/owm_401_invalid_api_key_dblock_2020", FixtureServer.weatherPath, 401),
                                        ("weather/weather-error-404-city-not-found", FixtureServer.weatherPath, 404)] {
            let command = path == FixtureServer.nytPath ? ["nyt", "dog"] : ["weather", "Hemel Hempstead"]
            scenarios.append(Scenario(name: String(fixture.split(separator: "/").last!), path: path, fixture: "\(fixture).json",
                                      status: status, commands: [command, command + ["--json"]]))
        }
        return scenarios
    }()

    @Test(arguments: scenarios)
    func printsWhatTheICUBuildPrinted(_ scenario: Scenario) async throws {
        let fixtures = try FixtureServer()
        let body = try Fixtures.real(scenario.fixture)
        fixtures.answer(.json(body, status: scenario.status)) { $0.path == scenario.path }
        let sandbox = try Sandbox(server: fixtures.server, extra: ["TZ": "Asia/Kolkata"])
        var transcript = ""
        for command in scenario.commands {
            let result = try await sandbox.run(command)
            transcript += "$ apicli \(command.joined(separator: " "))\nexit \(result.exitCode)\n"
            transcript += "--- stdout\n\(result.stdoutText)\n--- stderr\n\(result.stderrText)\n"
        }
        let text = Self.normalized(transcript, sandbox: sandbox, port: fixtures.server.baseURL.port ?? 0)
        let file = Self.folder.appendingPathComponent("\(scenario.name).txt")
        if ProcessInfo.processInfo.environment["APICLI_RECORD_OUTPUTS"] == "1" {
            try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
            return
        }
        let recorded = Self.countdownsNormalized(try String(contentsOf: file, encoding: .utf8))
        #expect(Self.countdownsNormalized(text) == recorded, "\(scenario.name): output differs from \(file.path)")
    }

    /// What differs from run to run and is not output: the sandbox's paths, the server's
    /// port, and the moment of the run (fetch times and their age). The age is that of the
    /// real clock between the store and the `--offline` run: "just now" on a quiet machine,
    /// a minute or more on a loaded one (seen at load averages above 20), so any age in
    /// minutes reads as the recording's; `StaleAgeTests` checks the wording of each age.
    static func normalized(_ text: String, sandbox: Sandbox, port: Int) -> String {
        var text = text.replacingOccurrences(of: sandbox.home.path(""), with: "<home>/")
        text = text.replacingOccurrences(of: "127.0.0.1:\(port)", with: "127.0.0.1:<port>")
        let now = try! Regex(#"20[2-9][0-9]-[01][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-5][0-9]Z \((just now|[0-9]+ min ago)\)"#)
        text = text.replacing(now, with: "<fetched> (just now)")
        // `store info`'s last fetch, followed by its versions columns.
        let lastFetch = try! Regex(#"  20[2-9][0-9]-[01][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-5][0-9]Z  "#)
        return text.replacing(lastFetch, with: "  <fetched>  ")
    }

    /// A rate limit's wait counts down on the real clock from the 429 the first command
    /// met: the second command, seconds later on a loaded machine, says "retry in 58 s".
    /// The wording is compared here; the number is `RateLimit` tests' to check.
    static func countdownsNormalized(_ text: String) -> String {
        text.replacing(try! Regex(#"retry in [0-9]+ s"#), with: "retry in <n> s")
    }
}
