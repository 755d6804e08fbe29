import Foundation
import Testing
import TestSupport
@testable import APIHost

/// Runs the generated scripts through the real shells: a syntax check with
/// `-n` wherever the shell is installed (skipped otherwise; CI installs zsh and
/// fish), and bash completion itself, driven the way bash drives it.
@Suite("Completion scripts in real shells")
struct ShellScriptTests {
    let model = SampleCommandLine.model

    @Test("bash -n accepts the bash script", .needs("bash"))
    func bashSyntax() async throws {
        let result = try await Shell.run("bash", ["-n"], script: BashCompletionsGenerator.script(for: model))
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test("zsh -n accepts the zsh script", .needs("zsh"))
    func zshSyntax() async throws {
        let result = try await Shell.run("zsh", ["-n"], script: ZshCompletionsGenerator.script(for: model))
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test("fish -n accepts the fish script", .needs("fish"))
    func fishSyntax() async throws {
        let result = try await Shell.run("fish", ["-n"], script: FishCompletionsGenerator.script(for: model))
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test("groff reads the man page without warnings", .needs("groff"))
    func manPageRenders() async throws {
        let result = try await Shell.run("groff", ["-man", "-Tutf8", "-ww", "-z"], script: ManPageGenerator.page(for: model))
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    @Test("bash completes commands, options and values", .needs("bash"), arguments: [
        (["apicli", ""], "config|help|news|providers|sky|store"),
        (["apicli", "n"], "news"),
        (["apicli", "--fo"], "--format"),
        (["apicli", "--format", ""], "csv|json|line|ndjson|table"),
        (["apicli", "--format", "json", "s"], "sky|store"),
        (["apicli", "news", "--s"], "--sort"),
        (["apicli", "news", "--sort", ""], "newest|oldest|relevance"),
        (["apicli", "news", "--sort", "n"], "newest"),
        (["apicli", "sky", "--color", "n"], "never"),
        (["apicli", "news", "--from", ""], ""),
        (["apicli", "help", ""], "news|sky"),
        (["apicli", "completions", ""], "bash|fish|zsh"),
        (["apicli", "config", "set", ""], "news.api-key|news.sort|sky.lang|sky.units"),
        (["apicli", "config", "list", ""], ""),
        (["apicli", "store", "clear", ""], "news|sky"),
    ])
    func bashCompletes(words: [String], expected: String) async throws {
        let script = BashCompletionsGenerator.script(for: model) + """
        COMP_WORDS=(\(words.map { "'\($0)'" }.joined(separator: " ")))
        COMP_CWORD=\(words.count - 1)
        _apicli
        printf '%s\\n' "${COMPREPLY[@]}" | LC_ALL=C sort | paste -sd '|' -

        """
        let result = try await Shell.run("bash", [], script: script)
        #expect(result.status == 0, "\(result.stderr)")
        let offered = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        if expected.hasPrefix("config|") {
            // Everything that starts a command line is offered; check the sample's words are there.
            let words = Set(offered.split(separator: "|").map(String.init))
            #expect(words.isSuperset(of: expected.split(separator: "|").map(String.init)), "\(offered)")
        } else {
            #expect(offered == expected)
        }
    }
}

extension ShellScriptTests {
    /// What the program answers when the script asks (`PROGRAM completions words bash -- WORDS…`):
    /// apicli's own answer for the sample's `sky`, which stands for a provider file.
    static func answer(for words: [String]) -> String {
        CompletionCandidates.lines(CompletionCandidates.candidates(for: words, in: SampleCommandLine.model), shell: "bash")
    }

    @Test("after a provider file bash asks the program it completes, with the words, and keeps what starts like the word",
          .needs("bash"), arguments: [
              (["sky", "Paris", "--units", "i"], "imperial"),
              (["sky", "--lang", "zh"], "zh_cn"),
              (["--format", "json", "sky", "Paris", "--units", ""], "imperial|metric|standard"),
          ])
    func asks(words: [String], expected: String) async throws {
        let shell = try ShellSandbox()
        // A stand-in for apicli that records how it was asked and answers as apicli would.
        let answer = Self.answer(for: Array(words.drop { $0.hasPrefix("-") || $0 == "json" }))
        let program = try shell.write("#!/bin/sh\nprintf '%s\\n' \"$@\" > \"$HOME/asked\"\nprintf '%s' '\(answer)'\n", to: "apicli-stub")
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: program)
        let script = BashCompletionsGenerator.script(for: model) + """
        COMP_WORDS=(\(([program] + words).map { "'\($0)'" }.joined(separator: " ")))
        COMP_CWORD=\(words.count)
        _apicli
        printf '%s\\n' "${COMPREPLY[@]}" | LC_ALL=C sort | paste -sd '|' -

        """
        let file = try shell.write(script, to: "script")
        let result = try await shell.run("bash", [file])
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines) == expected)
        let asked = try String(contentsOfFile: shell.path + "/asked", encoding: .utf8)
        #expect(asked == (["completions", "words", "bash", "--"] + words).joined(separator: "\n") + "\n")
    }
}

/// Running a shell (or groff) on a script file, in a ``ShellSandbox`` of its own.
enum Shell {
    static func run(_ name: String, _ arguments: [String], script: String) async throws -> (status: Int32, stdout: String, stderr: String) {
        let shell = try ShellSandbox()
        let file = try shell.write(script, to: "script")
        let result = try await shell.run(name, arguments + [file], environment: ["LC_ALL": "C.UTF-8"], timeout: .seconds(60))
        return (result.exitCode, result.stdoutText, result.stderrText)
    }
}
