import Foundation
import Testing
import TestSupport

/// The generated completion scripts parse in their real shells (`-n`: read, do
/// not run). A shell that is not installed is skipped, and fails under CI (``NeedsTools``).
@Suite("Completion scripts in real shells, end to end")
struct CompletionScriptTests {
    /// Prints the script with the built binary, writes it to a file, and runs `<shell> -n` on it.
    static func check(_ name: String) async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let printed = try await sandbox.run(["completions", name])
        #expect(printed.exitCode == 0, "\(printed.stderrText)")
        let script = printed.stdoutText
        for word in ["nyt", "weather", "--units", "imperial", "--sort", "newest", "--format", "ndjson"] {
            #expect(script.contains(word), "\(name) completions mention \(word)")
        }
        let folder = try ShellSandbox()
        let file = try folder.write(printed.stdout, to: "apicli.\(name)")
        let parsed = try await folder.run(name, ["-n", file])
        #expect(parsed.exitCode == 0, "\(name) -n: \(parsed.stderrText)")
        #expect(parsed.stderrText.isEmpty, "\(name) -n: \(parsed.stderrText)")
    }

    @Test("bash -n accepts the bash script", .needs("bash"))
    func bash() async throws { try await Self.check("bash") }

    @Test("zsh -n accepts the zsh script", .needs("zsh"))
    func zsh() async throws { try await Self.check("zsh") }

    @Test("fish -n accepts the fish script", .needs("fish"))
    func fish() async throws { try await Self.check("fish") }

    @Test("bash completes provider names and a provider's choices", .needs("bash"))
    func bashCompletes() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let printed = try await sandbox.run(["completions", "bash"])
        let folder = try ShellSandbox()
        let file = try folder.write(printed.stdout, to: "apicli.bash")
        let function = try #require(Self.completionFunction(in: printed.stdoutText))
        let driver = """
            source "$1"
            complete_words() { COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=(); \(function); printf '%s\\n' "${COMPREPLY[@]}"; }
            echo "--"; complete_words apicli we
            echo "--"; complete_words apicli weather Paris --units ""
            """
        let result = try await folder.run("bash", ["-c", driver, "driver", file])
        #expect(result.exitCode == 0, "\(result.stderrText)")
        let groups = result.stdoutText.components(separatedBy: "--\n").dropFirst().map { Set($0.split(separator: "\n")) }
        #expect(groups.count == 2)
        #expect(groups.first?.contains("weather") == true, "\(result.stdoutText)")
        #expect(groups.last == ["metric", "imperial", "standard"], "\(result.stdoutText)")
    }

    /// The function named by the script's `complete -F <function> apicli` line.
    static func completionFunction(in script: String) -> String? {
        for line in script.split(separator: "\n") where line.hasPrefix("complete ") {
            let words = line.split(separator: " ")
            if let index = words.firstIndex(of: "-F"), index + 1 < words.count { return String(words[index + 1]) }
        }
        return nil
    }
}
