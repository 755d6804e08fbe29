import Foundation
import TestSupport
import Testing

/// Every global option works before the command as well as after it, in both
/// `--name value` and `--name=value` forms, for a provider and for the
/// built-in `store` and `config` commands; `--` ends options.
@Suite("Global options before and after the command, end to end")
struct GlobalOptionsEndToEndTests {
    /// Each global option, spelled the ways a user types it, with what it must change.
    static let providerCases: [(words: [String], check: @Sendable (ProcessRunner.Result) -> Bool)] = [
        (["-f", "csv"], { $0.stdoutText.hasPrefix("query,place,country,") }),
        (["--format", "csv"], { $0.stdoutText.hasPrefix("query,place,country,") }),
        (["--format=csv"], { $0.stdoutText.hasPrefix("query,place,country,") }),
        (["-f", "ndjson"], { $0.stdoutText.hasPrefix("{") && $0.stdoutText.split(separator: "\n").count == 1 }),
        (["--json"], { $0.stdoutText.hasPrefix("[") }),
        (["--color", "always"], { $0.stdoutText.contains("\u{1B}[1m") }),
        (["--color=never"], { !$0.stdoutText.contains("\u{1B}") }),
        // COLUMNS=40 below: only --wide draws lines longer than that.
        (["--wide"], { $0.stdoutText.split(separator: "\n").contains { $0.count > 40 } }),
        (["-q"], { $0.stderrText.isEmpty }),
        // A trace line either way: the request, or the cache hit when the other placement ran first.
        (["--verbose"], { $0.stderrText.contains("apicli: GET ") || $0.stderrText.contains("apicli: cache hit ") }),
    ]

    @Test("a provider takes every global option before and after its words", arguments: 0..<providerCases.count)
    func provider(_ index: Int) async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let (words, check) = Self.providerCases[index]
        async let before = sandbox.run(words + ["weather", "Rostov"], set: ["COLUMNS": "40"])
        async let after = sandbox.run(["weather", "Rostov"] + words, set: ["COLUMNS": "40"])
        let (first, second) = try await (before, after)
        for (place, result) in [("before", first), ("after", second)] {
            #expect(result.exitCode == 0, "\(words) \(place): \(result.stderrText)")
            #expect(check(result), "\(words) \(place): \(result.stdoutText.prefix(200)) \(result.stderrText.prefix(200))")
        }
    }

    @Test("--refresh before or after the command sends a request; without it the cache answers")
    func refresh() async throws {
        let (sandbox, server) = try Sandbox.withFixtures()
        // By id: one forecast request a run, no place lookup to count.
        for (words, expected) in [
            (["weather", "--id", "501183"], 1), (["--refresh", "weather", "--id", "501183"], 2),
            (["weather", "--id", "501183", "--refresh"], 3), (["weather", "--id", "501183"], 3),
        ] {
            let result = try await sandbox.run(words)
            #expect(result.exitCode == 0, "\(words): \(result.stderrText)")
            #expect(server.requests.count == expected, "\(words)")
        }
    }

    @Test("--offline and --db before the command, and after it")
    func offlineAndDatabase() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let other = sandbox.home.path("other.sqlite3")
        let fetched = try await sandbox.run(["--db", other, "weather", "Rostov"])
        #expect(fetched.exitCode == 0, "\(fetched.stderrText)")
        async let before = sandbox.run(["--offline", "--db=" + other, "weather", "Rostov", "-f", "csv"])
        async let after = sandbox.run(["weather", "Rostov", "--offline", "--db", other, "-f", "csv"])
        async let elsewhere = sandbox.run(["--offline", "weather", "Rostov"])
        let (one, two, three) = try await (before, after, elsewhere)
        #expect(one.exitCode == 0 && two.exitCode == 0, "\(one.stderrText) \(two.stderrText)")
        #expect(one.stdoutText == two.stdoutText && one.stdoutText.hasPrefix("query,place,"))
        // The default store was never written: the run went to --db.
        #expect(three.exitCode == 69, "\(three.stderrText)")
    }

    @Test("store takes --db and --quiet before and after it", arguments: [
        ["--db", "PATH", "store", "info"], ["--db=PATH", "store", "info"], ["store", "info", "--db", "PATH"],
        ["-q", "--db", "PATH", "store", "info"], ["store", "--db=PATH", "info", "--quiet"],
    ])
    func store(_ template: [String]) async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let other = sandbox.home.path("elsewhere.sqlite3")
        let fetched = try await sandbox.run(["weather", "Rostov", "--db", other])
        #expect(fetched.exitCode == 0, "\(fetched.stderrText)")
        let words = template.map { $0.replacingOccurrences(of: "PATH", with: other) }
        let result = try await sandbox.run(words)
        #expect(result.exitCode == 0, "\(words): \(result.stderrText)")
        #expect(result.stdoutText.hasPrefix("path     \(other)\n"), "\(result.stdoutText)")
    }

    @Test("config takes global options before and after it")
    func config() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let set = try await sandbox.run(["--quiet", "config", "set", "weather.units", "imperial"])
        #expect(set.exitCode == 0, "\(set.stderrText)")
        async let before = sandbox.run(["--color", "never", "config", "get", "weather.units"])
        async let after = sandbox.run(["config", "get", "weather.units", "--color=never", "-q"])
        let (one, two) = try await (before, after)
        #expect(one.exitCode == 0 && two.exitCode == 0, "\(one.stderrText) \(two.stderrText)")
        #expect(one.stdoutText == "imperial\n" && two.stdoutText == "imperial\n")
    }

    @Test("a value is never taken for the command, and -- ends options")
    func valuesAndDoubleDash() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let dashed = try await sandbox.run(["-f", "csv", "--", "weather", "Rostov"])
        #expect(dashed.exitCode == 0 && dashed.stdoutText.hasPrefix("query,place,"), "\(dashed.stderrText)")
        let bundled = try await sandbox.run(["-qf", "csv", "weather", "Rostov"])
        #expect(bundled.exitCode == 0 && bundled.stdoutText.hasPrefix("query,place,"), "\(bundled.stderrText)")
    }

    @Test("--help and -h before or after a provider or a built-in command print its help", arguments: [
        (["--help", "weather"], "apicli weather: "), (["weather", "-h"], "apicli weather: "),
        (["-h", "store"], "apicli store: "), (["store", "--help"], "apicli store: "), (["config", "-h"], "apicli config: "),
    ])
    func help(words: [String], prefix: String) async throws {
        let (sandbox, server) = try Sandbox.withFixtures()
        let result = try await sandbox.run(words)
        #expect(result.exitCode == 0, "\(words): \(result.stderrText)")
        #expect(result.stdoutText.hasPrefix(prefix), "\(words): \(result.stdoutText.prefix(80))")
        #expect(server.requests.isEmpty)
    }

    @Test("contradictions and empty values are usage errors, before anything is sent", arguments: [
        ["--json", "--format", "csv", "weather", "Rostov"], ["weather", "Rostov", "-f", "ndjson", "--json"],
        ["--db", "", "store", "info"], ["--db=", "weather", "Rostov"], ["--format", "xml", "weather", "Rostov"],
        ["-f"], ["--color", "weather", "Rostov"],
    ])
    func usageErrors(_ words: [String]) async throws {
        let (sandbox, server) = try Sandbox.withFixtures()
        let result = try await sandbox.run(words)
        #expect(result.exitCode == 64, "\(words): \(result.stderrText)")
        #expect(result.stderrText.hasPrefix("apicli: error: ") && result.stderrText.split(separator: "\n").count == 1,
                "\(result.stderrText)")
        #expect(server.requests.isEmpty)
    }
}
