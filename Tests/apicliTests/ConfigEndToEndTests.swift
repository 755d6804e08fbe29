import Foundation
import Testing
import TestSupport

/// `apicli config` with the built binary, for what reads the process's stdin: a
/// key from stdin that is never printed and lands in a 0600 file, and one typed
/// on a terminal without echo. Config defaults, a key on the command line and a
/// readable file are tested in-process (`WeatherTests.ConfigDefaultsTests`,
/// `NYTTests.ConfigKeyTests`).
@Suite("Config, end to end")
struct ConfigEndToEndTests {
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
}
