import Foundation
import Testing
import TestSupport

/// A provider file's summary and option help reach the completion scripts, which a shell
/// reads as code. Each quote, backslash or bracket there is followed by a combining
/// character, which makes it one `Character` with the mark but leaves the mark's byte for
/// the shell: quoting that looked by character let `$(…)` and `(…)` run when fish loaded
/// its script. The shells themselves load and run the scripts here; nothing may run.
@Suite("Completion scripts of a hostile provider file, in real shells")
struct HostileCompletionEndToEndTests {
    static func file(canary: String) -> String {
        let mark = "\u{301}"
        // The quotes pair up, so that a script quoted by character still parses, and runs what it should not.
        let summary = "S'\(mark)$(touch \(canary))'\(mark)(touch \(canary)) `touch \(canary)`"
        let help = "H]\(mark):x:{touch \(canary)}[\(mark)\\\(mark)'\(mark)$(touch \(canary))'\(mark)"
        return ProviderFileTexts.wiki
            .replacingOccurrences(of: #""name": "wiki""#, with: #""name": "evil""#)
            .replacingOccurrences(of: "Search English Wikipedia articles.", with: Self.json(summary))
            .replacingOccurrences(of: #""default": "search"}"#, with: #""default": "search", "help": "\#(Self.json(help))"}"#)
    }

    /// `text` as the inside of a JSON string, escaped scalar by scalar (Foundation's
    /// `replacingOccurrences` compares characters on Linux, and misses a backslash before U+0301).
    static func json(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar == "\\" || scalar == "\"" { out += "\\" }
            out.unicodeScalars.append(scalar)
        }
        return out
    }

    @Test("fish loads its script and completes the provider and its option; the summary is shown whole",
          .needs("fish"))
    func fish() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        // Relative, so that the summary stays short enough to be valid: the shell runs in its own folder,
        // which fails the test if the canary appears there (or at the package root).
        try sandbox.installProviderFile("evil", Self.file(canary: ShellSandbox.canary))
        let checked = try await sandbox.run(["provider", "check", "evil"])
        #expect(checked.exitCode == 0, "\(checked.stdoutText) \(checked.stderrText)")
        let printed = try await sandbox.run(["completions", "fish"])
        #expect(printed.exitCode == 0, "\(printed.stderrText)")
        let shell = try ShellSandbox()
        let file = try shell.write(printed.stdout, to: "apicli.fish")
        let driver = "source $argv[1]; complete -C 'apicli '; echo --; complete -C 'apicli evil --li'"
        // After a provider file the script asks apicli, which must be found as the shell would find it.
        let result = try await shell.run("fish", ["--no-config", "-c", driver, file], environment: try sandbox.completionEnvironment())
        #expect(result.stderrText.isEmpty, "\(result.stderrText)")
        let summary = "S'\u{301}$(touch pwned)'\u{301}(touch pwned)"
        #expect(result.stdoutText.contains("evil\t" + summary), "\(result.stdoutText)")
        #expect(result.stdoutText.contains("--list\tH]\u{301}:x:{touch"), "\(result.stdoutText)")
    }

    @Test("bash and zsh load their scripts, and bash completes, without running anything",
          .needs("bash", "zsh"), arguments: ["bash", "zsh"])
    func bashAndZsh(_ name: String) async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        // Relative, so that the summary stays short enough to be valid: the shell runs in its own folder,
        // which fails the test if the canary appears there (or at the package root).
        try sandbox.installProviderFile("evil", Self.file(canary: ShellSandbox.canary))
        let printed = try await sandbox.run(["completions", name])
        #expect(printed.exitCode == 0, "\(printed.stderrText)")
        let shell = try ShellSandbox()
        let file = try shell.write(printed.stdout, to: "apicli.\(name)")
        let function = CompletionScriptTests.completionFunction(in: printed.stdoutText) ?? "_apicli"
        let driver = name == "bash"
            ? #"source "$1"; COMP_WORDS=(apicli evil --); COMP_CWORD=2; "# + function + #"; printf '%s\n' "${COMPREPLY[@]}""#
            : #"autoload -U compinit; compinit -u -D; source "$1"; (( $+functions[_apicli] )) && echo loaded"#
        let result = try await shell.run(name, ["-c", driver, "driver", file], environment: try sandbox.completionEnvironment())
        #expect(result.exitCode == 0, "\(name): \(result.stderrText)")
        #expect(result.stdoutText.contains(name == "bash" ? "--list" : "loaded"), "\(result.stdoutText) \(result.stderrText)")
    }
}
