/// The code that runs one built-in command. Every ``BuiltinCommand`` names its
/// handler in its description, so a command cannot be described (and listed by
/// help, completions and the man page) without the code that runs it: a missing
/// one does not compile.
protocol BuiltinCommandHandler: Sendable {
    init(host: Host, command: BuiltinCommand)
    /// Runs the command with `words`: its arguments and every option given before or after it.
    func run(_ words: [String]) async throws -> ExitCode
}

/// A built-in that takes only the global options (`providers`, `store`…): the
/// words are parsed once here and `--help` prints its usage.
protocol GlobalOptionsCommand: BuiltinCommandHandler {
    var host: Host { get }
    var command: BuiltinCommand { get }
    func run(_ line: BuiltinLine) async throws -> ExitCode
}

/// A built-in's command line after the global options were read from it.
struct BuiltinLine: Sendable {
    /// The words that are not options, in order (`store clear nyt` → `clear`, `nyt`).
    var arguments: [String]
    /// Every option as given (`format` → `csv`), for commands that read more than ``options``.
    var values: [String: String]
    var options: RunOptions
}

extension GlobalOptionsCommand {
    var console: any Console { host.environment.console }

    func run(_ words: [String]) async throws -> ExitCode {
        try await runParsingGlobalOptions(words)
    }

    /// What ``run(_:)`` does, for a command that looks at its words first (`store export`
    /// parses its own `--format`): parses the global options and runs ``run(_:)-(BuiltinLine)``.
    func runParsingGlobalOptions(_ words: [String]) async throws -> ExitCode {
        let parsed = try CommandLineParser(options: GlobalOptions.specs + command.options).parse(words)
        let options = try RunOptions(parsed.values, variables: host.environment.variables)
        if parsed.values["help"] == "true" {
            console.out(BuiltinHelpGenerator.help(for: command, action: parsed.positionals.first))
            return .success
        }
        return try await run(BuiltinLine(arguments: parsed.positionals, values: parsed.values, options: options))
    }

    /// Refuses a word after a command that takes none (`apicli manpage extra`).
    func expectNoArguments(_ line: BuiltinLine) throws {
        if let extra = line.arguments.first {
            throw UsageError("'apicli \(command.name)' takes no argument, not '\(extra)'")
        }
    }
}

extension BuiltinCommand {
    /// The handler a command is run by, kept as a value so that the description
    /// stays `Hashable`: two handlers are equal when they are the same type.
    struct Handler: Sendable, Hashable {
        let type: any BuiltinCommandHandler.Type

        static func == (lhs: Handler, rhs: Handler) -> Bool { ObjectIdentifier(lhs.type) == ObjectIdentifier(rhs.type) }
        func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(type)) }
    }

    /// Runs this command through its handler.
    func run(_ words: [String], host: Host) async throws -> ExitCode {
        try await handler.type.init(host: host, command: self).run(words)
    }
}
