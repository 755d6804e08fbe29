import Foundation
import Testing
import TestSupport

/// `apicli config` with the built binary: defaults that change requests, keys
/// from stdin that are never printed, and a private file.
@Suite("Config, end to end")
struct ConfigEndToEndTests {
    @Test("config set weather.units imperial: the next run asks for and shows imperial units")
    func unitsFromConfig() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let set = try await sandbox.run(["config", "set", "weather.units", "imperial"])
        #expect(set.exitCode == 0, "\(set.stderrText)")
        let get = try await sandbox.run(["config", "get", "weather.units"])
        #expect(get.stdoutText == "imperial\n")

        let run = try await sandbox.run(["weather", "Rostov"])
        #expect(run.exitCode == 0, "\(run.stderrText)")
        #expect(fixtures.requests.last?.query("units") == "imperial")
        #expect(run.stdoutText.contains("°F"))
        #expect(run.stdoutText.contains("mph"))

        // A flag beats the config file; the environment beats it too.
        let flag = try await sandbox.run(["weather", "Rostov", "--units", "standard"])
        #expect(flag.exitCode == 0)
        #expect(fixtures.requests.last?.query("units") == "standard")
        let variable = try await sandbox.run(["weather", "Rostov"], set: ["APICLI_WEATHER_UNITS": "metric"])
        #expect(variable.exitCode == 0)
        #expect(fixtures.requests.last?.query("units") == "metric")

        let bad = try await sandbox.run(["config", "set", "weather.units", "kelvinish"])
        #expect(bad.exitCode == 64)
    }

    @Test("config set nyt.api-key reads stdin; list and get never print it; the file is 0600")
    func keyFromStdin() async throws {
        let secret = "stdinKEY-5d4c3b2a"
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let set = try await sandbox.run(["config", "set", "nyt.api-key"], unset: ["NYT_API_KEY"], stdin: secret + "\n")
        #expect(set.exitCode == 0, "\(set.stderrText)")

        let attributes = try FileManager.default.attributesOfItem(atPath: sandbox.configPath)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let contents = try String(contentsOfFile: sandbox.configPath, encoding: .utf8)
        #expect(contents.contains("nyt.api-key = \(secret)"))

        async let list = sandbox.run(["config", "list"], unset: ["NYT_API_KEY"])
        async let get = sandbox.run(["config", "get", "nyt.api-key"], unset: ["NYT_API_KEY"])
        async let run = sandbox.run(["nyt", "election", "--verbose"], unset: ["NYT_API_KEY"])
        let (listed, got, ran) = try await (list, get, run)
        #expect(listed.exitCode == 0 && got.exitCode == 0)
        #expect(listed.stdoutText.contains("nyt.api-key"))
        #expect(listed.stdoutText.contains("(set)"))
        #expect(got.stdoutText.contains("(set)"))
        #expect(ran.exitCode == 0, "\(ran.stderrText)")
        #expect(fixtures.requests.last?.query("api-key") == secret)
        for result in [set, listed, got, ran] {
            #expect(!result.stdoutText.contains(secret))
            #expect(!result.stderrText.contains(secret))
        }
    }

    @Test("on a terminal the key is read without echo", .enabled(if: RequiredTool.runs("script")))
    func keyFromTerminalWithoutEcho() async throws {
        let secret = "ttyKEY-9e8d7c6b"
        let (sandbox, _) = try Sandbox.withFixtures()
        let binary = try ProcessRunner.apicliExecutable().path
        let command = TerminalColorTests.shellQuoted(binary) + " config set nyt.api-key"
        // The key is typed once the prompt is on the screen (apicli turns echo off before it
        // shows the prompt), as a person would: the typescript, flushed as it is written
        // (-f), is watched for the prompt, for at most 15 s.
        let typescript = sandbox.home.path("typescript")
        let waitForPrompt = "i=0; until grep -q 'nyt.api-key: ' \(typescript) 2>/dev/null || [ $i -ge 300 ]; do sleep 0.05; i=$((i+1)); done"
        let typing = "(\(waitForPrompt); printf '%s\\n' \(secret)) | \(PseudoTerminal.scriptPath ?? "script") -qfec "
            + TerminalColorTests.shellQuoted(command) + " " + typescript
        let result = try await ProcessRunner.run(
            executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", typing],
            environment: sandbox.environment(unset: ["NYT_API_KEY"]), timeout: .seconds(20))
        #expect(result.exitCode == 0, "\(result.stdoutText) \(result.stderrText)")
        #expect(result.stdoutText.contains("nyt.api-key: "), "the prompt: \(result.stdoutText)")
        #expect(!result.stdoutText.contains(secret), "no echo: \(result.stdoutText)")
        #expect(!(try String(contentsOfFile: typescript, encoding: .utf8)).contains(secret), "no echo on the terminal")
        let contents = try String(contentsOfFile: sandbox.configPath, encoding: .utf8)
        #expect(contents.contains("nyt.api-key = \(secret)"))
    }

    @Test("a key on the command line is refused (64) and not written")
    func keyOnCommandLine() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let result = try await sandbox.run(["config", "set", "nyt.api-key", "cmdlineKEY-0000"])
        #expect(result.exitCode == 64)
        #expect(result.stderrText.contains("never taken from the command line"))
        #expect(!result.stderrText.contains("cmdlineKEY-0000"))
        let contents = (try? String(contentsOfFile: sandbox.configPath, encoding: .utf8)) ?? ""
        #expect(!contents.contains("cmdlineKEY-0000"))
    }

    @Test("a config file others can read is reported")
    func readableConfigWarns() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let set = try await sandbox.run(["config", "set", "weather.lang", "fr"])
        #expect(set.exitCode == 0)
        #expect(chmod(sandbox.configPath, 0o644) == 0)
        let run = try await sandbox.run(["weather", "Rostov"])
        #expect(run.exitCode == 0)
        #expect(run.stderrText.contains("chmod 600"))
    }
}
