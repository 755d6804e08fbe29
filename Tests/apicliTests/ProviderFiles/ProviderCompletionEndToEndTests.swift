import Foundation
import Testing
import TestSupport

/// The binary's completions offer the installed provider files after
/// `provider show|check|remove` (a broken file too, which `check` and `remove`
/// are for) and never a compiled provider, which has no file.
@Suite("Completing provider files, end to end")
struct ProviderCompletionEndToEndTests {
    @Test("bash completion of 'provider remove' offers the files, broken or not, and no compiled provider",
          .needs("bash"))
    func providerOperands() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        try sandbox.installProviderFile("wiki", Sandbox.wikiFile)
        try sandbox.installProviderFile("broken", #"{"apicli": 1, "name": "broken"}"#)
        let script = try await sandbox.run(["completions", "bash"])
        #expect(script.exitCode == 0, "\(script.stderrText)")
        for action in ["show", "check", "remove"] {
            let completion = script.stdoutText + """
            COMP_WORDS=(apicli provider \(action) '')
            COMP_CWORD=3
            _apicli
            printf '%s\\n' "${COMPREPLY[@]}" | LC_ALL=C sort | paste -sd '|' -

            """
            let result = try await ShellSandbox().run("bash", stdin: Data(completion.utf8), timeout: .seconds(10))
            #expect(result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines) == "broken|wiki", "\(action)")
        }
        let manpage = try await sandbox.run(["manpage"])
        #expect(manpage.stdoutText.contains(#"\fB\-\-key\-header\fR \fIH\fR"#))
        let help = try await sandbox.run(["provider", "--help"])
        #expect(help.stdoutText.contains("--key-header H"), "\(help.stdoutText)")
    }
}
