import APIHost
import Foundation
import TestSupport

/// The declared arguments and options make valid help and completions.
enum HelpChecks {
    static func model(_ descriptor: ProviderDescriptor) -> CommandLineModel {
        CommandLineModel(providers: [descriptor])
    }

    /// Help and the bash script name the provider and every option (and every closed choice).
    static func failures(of descriptor: ProviderDescriptor) -> [String] {
        let help = ProviderHelpGenerator.help(for: descriptor, in: model(descriptor))
        let bash = BashCompletionsGenerator.script(for: model(descriptor))
        var failures: [String] = []
        if !help.contains(descriptor.summary.prefix(20)) { failures.append("help does not show the summary") }
        if !bash.contains(descriptor.name) { failures.append("bash completions do not offer '\(descriptor.name)'") }
        for option in descriptor.options {
            if !help.contains("--\(option.name)") { failures.append("help does not mention --\(option.name)") }
            if !bash.contains("--\(option.name)") { failures.append("bash completions miss --\(option.name)") }
            for choice in option.choices where !bash.contains(choice) {
                failures.append("bash completions miss '\(choice)' for --\(option.name)")
            }
        }
        for argument in descriptor.arguments where !help.lowercased().contains(argument.name.lowercased()) {
            failures.append("help does not mention the argument \(argument.name)")
        }
        return failures
    }

    /// `bash -n` on the generated script. Without bash the check is left out, and says so on
    /// stderr, since it is one part of a larger test; under CI that is a failure (``RequiredTool``).
    static func bashSyntaxFailures(of descriptor: ProviderDescriptor) async -> [String] {
        guard let path = RequiredTool.path("bash") else {
            let missing = RequiredTool.Missing(names: ["bash"])
            if RequiredTool.isCI { return ["bash -n could not check the completions: \(missing)"] }
            FileHandle.standardError.write(Data("conformance: bash -n skipped: \(missing)\n".utf8))
            return []
        }
        let bash = URL(fileURLWithPath: path)
        do {
            let directory = try TemporaryDirectory(prefix: "conformance-bash")
            let script = URL(fileURLWithPath: directory.path("apicli.bash"))
            try Data(BashCompletionsGenerator.script(for: model(descriptor)).utf8).write(to: script)
            let result = try await ProcessRunner.run(executable: bash, arguments: ["-n", script.path], timeout: .seconds(30))
            return result.exitCode == 0 ? [] : ["bash -n rejects the completions: \(result.stderrText.prefix(300))"]
        } catch {
            return ["could not run bash -n: \(error)"]
        }
    }
}
