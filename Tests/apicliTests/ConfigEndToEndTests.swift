import Foundation
import Testing
import TestSupport

/// `apicli config` with the built binary for the one thing that needs a process: a
/// key typed on a terminal (a pty) without echo. A key from stdin is tested
/// in-process (`APIHostTests.ConfigKeyTests`), as are config defaults, a key on
/// the command line and a readable file (`APIHostTests.ConfigDefaultsTests`,
/// `APIHostTests.ConfigKeyTests`).
@Suite("Config, end to end")
struct ConfigEndToEndTests {
    @Test("on a terminal the key is read without echo", .needs("script"))
    func keyFromTerminalWithoutEcho() async throws {
        let secret = "ttyKEY-9e8d7c6b"
        let (sandbox, _) = try Sandbox.withFixtures()
        let binary = try ProcessRunner.apicliExecutable().path
        let script = try RequiredTool.require("script")
        let command = TerminalColorEndToEndTests.shellQuoted(binary) + " config set nyt.api-key"
        // The key is typed once the prompt is on the screen (apicli turns echo off before it
        // shows the prompt), as a person would: the typescript, flushed as it is written
        // (-f), is watched for the prompt, for at most 15 s.
        let typescript = sandbox.home.path("typescript")
        let waitForPrompt = "i=0; until grep -q 'nyt.api-key: ' \(typescript) 2>/dev/null || [ $i -ge 300 ]; do sleep 0.05; i=$((i+1)); done"
        let typing = "(\(waitForPrompt); printf '%s\\n' \(secret)) | \(TerminalColorEndToEndTests.shellQuoted(script)) -qfec "
            + TerminalColorEndToEndTests.shellQuoted(command) + " " + typescript
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
