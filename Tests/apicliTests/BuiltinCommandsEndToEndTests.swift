import Foundation
import Testing

/// The commands besides the providers, and the global flags, from the built binary.
@Suite("Built-in commands, end to end")
struct BuiltinCommandsEndToEndTests {
    @Test("--version, providers, help, provider --help and manpage")
    func informationCommands() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        async let version = sandbox.run(["--version"])
        async let providers = sandbox.run(["providers"])
        async let help = sandbox.run(["--help"])
        async let nytHelp = sandbox.run(["help", "nyt"])
        async let weatherHelp = sandbox.run(["weather", "--help"])
        async let manpage = sandbox.run(["manpage"])
        let results = try await [version, providers, help, nytHelp, weatherHelp, manpage]
        for result in results {
            #expect(result.exitCode == 0, "\(result.stderrText)")
            #expect(result.stderr.isEmpty, "\(result.stderrText)")
        }
        #expect(results[0].stdoutText.hasPrefix("apicli "))
        let listed = results[1].stdoutText.split(separator: "\n")
        #expect(listed.contains { $0.hasPrefix("nyt") } && listed.contains { $0.hasPrefix("weather") })
        #expect(results[2].stdoutText.contains("nyt") && results[2].stdoutText.contains("--format"))
        for option in ["--from", "--to", "--sort", "--page", "--fq"] {
            #expect(results[3].stdoutText.contains(option), "nyt help mentions \(option)")
        }
        for option in ["--units", "--lang", "--cnt"] {
            #expect(results[4].stdoutText.contains(option), "weather help mentions \(option)")
        }
        #expect(results[5].stdoutText.contains(".TH "))
        #expect(fixtures.requests.isEmpty)
    }

    @Test("--quiet hides the stale warning but not the results")
    func quietFallback() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures(extra: ["APICLI_TIMEOUT": "2"])
        let fresh = try await sandbox.run(["weather", "Rostov"])
        #expect(fresh.exitCode == 0)
        // Every connection is reset, rather than the server stopped: a stopped server's port can be
        // taken by another test's server at once, which would answer.
        fixtures.fail(with: .reset)
        let quiet = try await sandbox.run(["weather", "Rostov", "--refresh", "--quiet"])
        #expect(quiet.exitCode == 0)
        // Stored steps already past are left out (the fixture's are from 2022); the place still shows.
        #expect(quiet.stdoutText.hasPrefix("Hemel Hempstead, GB\n"), "\(quiet.stdoutText)")
        #expect(fresh.stdoutText.hasPrefix("Hemel Hempstead, GB\n"))
        #expect(quiet.stderr.isEmpty, "\(quiet.stderrText)")
    }

    @Test("--db and APICLI_DB choose the store")
    func databaseLocation() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        // A named store's folder must exist (only the default one is made): see ForeignStoreEndToEndTests.
        _ = try sandbox.home.makeDirectory("elsewhere")
        let flagPath = sandbox.home.path("elsewhere/flag.sqlite3")
        let variablePath = sandbox.home.path("elsewhere/variable.sqlite3")
        async let flag = sandbox.run(["weather", "Rostov", "--db", flagPath])
        async let variable = sandbox.run(["weather", "Rostov"], set: ["APICLI_DB": variablePath])
        let (flagResult, variableResult) = try await (flag, variable)
        #expect(flagResult.exitCode == 0 && variableResult.exitCode == 0)
        #expect(FileManager.default.fileExists(atPath: flagPath))
        #expect(FileManager.default.fileExists(atPath: variablePath))
        #expect(!FileManager.default.fileExists(atPath: sandbox.databasePath))
    }

    @Test("a bad APICLI_TIMEOUT or base URL is a configuration error (78)")
    func badEnvironment() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        async let timeout = sandbox.run(["weather", "Rostov"], set: ["APICLI_TIMEOUT": "soon"])
        async let url = sandbox.run(["weather", "Rostov"], set: ["APICLI_WEATHER_BASE_URL": "ftp://example"])
        let results = try await [timeout, url]
        for result in results {
            #expect(result.exitCode == 78, "\(result.stderrText)")
            #expect(ExitCodeTests.isOneErrorLine(result.stderrText), "\(result.stderrText)")
        }
        #expect(fixtures.requests.isEmpty)
    }
}
