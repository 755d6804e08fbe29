/// The commands that are not providers: `providers`, `help`, `config`, `store`,
/// `completions`, `manpage`.
struct BuiltinCommands: Sendable {
    let host: Host

    private var console: any Console { host.environment.console }

    /// Runs `command` with `words`: its arguments and every option given before or after it.
    func run(_ command: BuiltinCommand, words: [String]) async throws -> ExitCode {
        if command.name == "api" { return try await APICommand(host: host, command: command).run(words) }
        if command.name == "provider" { return try await ProviderFileCommand(host: host, command: command).run(words) }
        let parsed = try CommandLineParser(options: GlobalOptions.specs).parse(words)
        let options = try RunOptions(parsed.values, variables: host.environment.variables)
        if parsed.values["help"] == "true" {
            console.out(BuiltinHelpGenerator.help(for: command, action: parsed.positionals.first))
            return .success
        }
        let rest = parsed.positionals
        switch command.name {
        case "providers":
            try expectNoArguments(rest, command: command.name)
            return providers()
        case "help":
            return try help(rest)
        case "config":
            return try ConfigCommand(host: host).run(rest)
        case "store":
            if rest.first == "sql" { return try StoreSQL(host: host, options: options, values: parsed.values).run(Array(rest.dropFirst())) }
            if rest.first == "schema" { return try StoreSchema(host: host, options: options).run(Array(rest.dropFirst())) }
            return try StoreCommand(host: host, options: options).run(rest)
        case "completions":
            return try completions(rest)
        case "manpage":
            try expectNoArguments(rest, command: command.name)
            console.out(ManPageGenerator.page(for: host.model))
            return .success
        default:
            throw CLIError("'\(command.name)' is described but has no implementation", exitCode: .software)
        }
    }

    private func providers() -> ExitCode {
        let listing = ProviderListing(host: host)
        console.out(listing.summaries() + host.executablePluginSection(files: listing.files))
        return .success
    }

    private func help(_ rest: [String]) throws -> ExitCode {
        guard let topic = rest.first else {
            console.out(TopLevelHelpGenerator.help(for: host.model))
            return .success
        }
        if let builtin = BuiltinCommand.named(topic) {
            console.out(BuiltinHelpGenerator.help(for: builtin, action: rest.dropFirst().first))
            return .success
        }
        guard let provider = try host.registry.provider(named: topic) else {
            try host.runExecutablePluginHelp(named: topic)
            var message = "no help for '\(topic)': not a provider"
            if let near = NearestName.suggest(topic, among: host.registry.allProviders.map(\.descriptor.name)) { message += "; did you mean '\(near)'?" }
            throw UsageError(message)
        }
        let model = CommandLineModel(providers: [provider.descriptor])  // other provider files stay unread
        console.out(try OperationHelpGenerator.page(for: provider.descriptor, operation: rest.dropFirst().first, in: model))
        return .success
    }

    private func completions(_ rest: [String]) throws -> ExitCode {
        guard rest.count == 1, let shell = rest.first else {
            throw UsageError("usage: apicli completions bash|zsh|fish")
        }
        switch shell {
        case "bash": console.out(BashCompletionsGenerator.script(for: host.model))
        case "zsh": console.out(ZshCompletionsGenerator.script(for: host.model))
        case "fish": console.out(FishCompletionsGenerator.script(for: host.model))
        default:
            var message = "unknown shell '\(shell)': use bash, zsh or fish"
            if let near = NearestName.suggest(shell, among: ["bash", "zsh", "fish"]) { message += "; did you mean '\(near)'?" }
            throw UsageError(message)
        }
        return .success
    }

    private func expectNoArguments(_ rest: [String], command: String) throws {
        if let extra = rest.first {
            throw UsageError("'apicli \(command)' takes no argument, not '\(extra)'")
        }
    }
}
