#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APICore

/// One command line run by the host in this process, its output captured: how a tool
/// call goes through exactly the pipeline the CLI runs (parsing, settings, the shared
/// client with its ledger, cache, redaction, body cap and deadline, the store) without
/// a second process per call.
struct InProcessRun: Sendable {
    var code: ExitCode
    var stdout: String
    /// stderr's lines, without the `apicli: ` prefix each carries.
    var messages: [String]
    var watched: AnswerWatch.Seen

    static func run(_ arguments: [String], host: Host, waitBound: Duration) async -> InProcessRun {
        let console = CapturingConsole()
        var environment = host.environment
        environment.console = console
        environment.stdoutIsTerminal = false
        environment.stderrIsTerminal = false
        environment.stdinIsTerminal = false
        // Standard input carries the protocol: no command may read it.
        environment.readLine = { nil }
        // An `apicli-NAME` executable would replace this process: never from a tool call.
        environment.launchPlugin = { _ in .unavailable }
        let watch = AnswerWatch(waitBound: waitBound, time: environment.time)
        environment.clientWatch = watch
        let code = await Host(registry: host.registry, environment: environment).run(arguments)
        let messages = console.stderr.split(separator: "\n").map { line in
            line.hasPrefix("apicli: ") ? String(line.dropFirst("apicli: ".count)) : String(line)
        }
        return InProcessRun(code: code, stdout: console.stdout, messages: messages, watched: watch.record)
    }

    /// The error lines (`error: …`), without their prefix; the other lines when there is none.
    var errors: [String] {
        let errors = messages.filter { $0.hasPrefix("error: ") }.map { String($0.dropFirst("error: ".count)) }
        return errors.isEmpty ? messages : errors
    }

    /// Warnings and notices: what the run said besides its errors.
    var notes: [String] {
        messages.filter { !$0.hasPrefix("error: ") }
    }
}
