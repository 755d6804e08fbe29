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

    @Test("bash -n accepts the bash script", .enabled(if: RequiredTool.runs("bash")))
    func bashSyntax() throws {
        let result = try Shell.run("bash", ["-n"], script: BashCompletionsGenerator.script(for: model))
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test("zsh -n accepts the zsh script", .enabled(if: RequiredTool.runs("zsh")))
    func zshSyntax() throws {
        let result = try Shell.run("zsh", ["-n"], script: ZshCompletionsGenerator.script(for: model))
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test("fish -n accepts the fish script", .enabled(if: RequiredTool.runs("fish")))
    func fishSyntax() throws {
        let result = try Shell.run("fish", ["-n"], script: FishCompletionsGenerator.script(for: model))
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test("groff reads the man page without warnings", .enabled(if: RequiredTool.runs("groff")))
    func manPageRenders() throws {
        let result = try Shell.run("groff", ["-man", "-Tutf8", "-ww", "-z"], script: ManPageGenerator.page(for: model))
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    @Test("bash completes commands, options and values", .enabled(if: RequiredTool.runs("bash")), arguments: [
        (["apicli", ""], "config|help|news|providers|sky|store"),
        (["apicli", "n"], "news"),
        (["apicli", "--fo"], "--format"),
        (["apicli", "--format", ""], "csv|json|line|ndjson|table"),
        (["apicli", "--format", "json", "s"], "sky|store"),
        (["apicli", "news", "--s"], "--sort"),
        (["apicli", "news", "--sort", ""], "newest|oldest|relevance"),
        (["apicli", "sky", "Paris", "--units", "i"], "imperial"),
        (["apicli", "sky", "--lang", "zh"], "zh_cn"),
        (["apicli", "sky", "--color", "n"], "never"),
        (["apicli", "news", "--from", ""], ""),
        (["apicli", "help", ""], "news|sky"),
        (["apicli", "completions", ""], "bash|fish|zsh"),
        (["apicli", "config", "set", ""], "news.api-key|news.sort|sky.lang|sky.units"),
        (["apicli", "config", "list", ""], ""),
        (["apicli", "store", "clear", ""], "news|sky"),
    ])
    func bashCompletes(words: [String], expected: String) throws {
        let script = BashCompletionsGenerator.script(for: model) + """
        COMP_WORDS=(\(words.map { "'\($0)'" }.joined(separator: " ")))
        COMP_CWORD=\(words.count - 1)
        _apicli
        printf '%s\\n' "${COMPREPLY[@]}" | LC_ALL=C sort | paste -sd '|' -

        """
        let result = try Shell.run("bash", [], script: script)
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

/// Finding and running a shell on a script file, with bounded output.
enum Shell {
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func run(_ name: String, _ arguments: [String], script: String) throws -> (status: Int32, stdout: String, stderr: String) {
        let executable = try #require(find(name))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("apicli-shell-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("script")
        try Data(script.utf8).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments + [file.path]
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": directory.path, "LC_ALL": "C.UTF-8"]
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }
}
