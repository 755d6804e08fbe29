import Foundation
import Testing
import TestSupport
@testable import APIHost

/// `apicli provider`'s own options, and its operands, as the shells complete them:
/// `show|check|remove` offer provider files only (the sample's `sky`), never a
/// compiled provider, and `add`'s flags come from the one `BuiltinCommand` description.
@Suite("Completing apicli provider")
struct ProviderCommandCompletionTests {
    let model = SampleCommandLine.model

    @Test("the model's provider operands are the files, and its options are provider add's")
    func operandsAndOptions() {
        for action in ["show", "check", "remove"] {
            #expect(model.secondWords(after: "provider", action) == ["sky"])
        }
        #expect(model.secondWords(after: "store", "clear") == ["news", "sky"], "store clear still takes any provider")
        let names = model.options(of: "provider").map(\.name)
        #expect(names == BuiltinCommand.named("provider")?.options.map(\.name))
        #expect(names.contains("key-header") && names.contains("openapi") && names.contains("yes"))
        #expect(model.valueOptionWords.contains("--key-header"))
    }

    @Test("bash completes provider's operands and options", .needs("bash"), arguments: [
        (["apicli", "provider", "show", ""], "sky"),
        (["apicli", "provider", "remove", ""], "sky"),
        (["apicli", "provider", "add", "hn", "--key-h"], "--key-header"),
        (["apicli", "provider", "--no"], "--no-key"),
        (["apicli", "provider", "--base-url", "https://x.example", ""], "add|check|list|remove|show"),
        (["apicli", "provider", "add", "hn", "--items", ""], ""),
    ])
    func bash(words: [String], expected: String) async throws {
        // The same harness as the other bash completion tests, on the same sample model.
        try await ShellScriptTests().bashCompletes(words: words, expected: expected)
    }

    @Test("fish completes provider's operands and options", .needs("fish"), arguments: [
        ("apicli provider show ", "sky"),
        ("apicli provider check ", "sky"),
        ("apicli provider add hn --key-h", "--key-header"),
        ("apicli provider add hn --ope", "--openapi|--operation"),
    ])
    func fish(line: String, expected: String) async throws {
        let script = FishCompletionsGenerator.script(for: model) + """
        for candidate in (complete -C '\(line)')
            echo (string split -f1 \\t -- $candidate)
        end

        """
        let result = try await Shell.run("fish", [], script: script)
        #expect(result.status == 0, "\(result.stderr)")
        let offered = result.stdout.split(separator: "\n").map(String.init).sorted().joined(separator: "|")
        #expect(offered == expected)
    }

    @Test("the man page lists provider's options under COMMANDS, from the same description")
    func manPage() {
        let page = ManPageGenerator.page(for: model)
        let commands = page.components(separatedBy: ".SH GLOBAL OPTIONS").first ?? ""
        for option in model.options(of: "provider") {
            #expect(commands.contains("\\fB\\-\\-" + ManPageGenerator.escape(option.name) + "\\fR"), "--\(option.name)")
        }
    }
}
