/// The handlers of the built-ins that take only the global options; `api` and
/// `provider` parse their own options (``APICommand``, ``ProviderFileCommand``).

/// `apicli providers`: every provider, provider file and `apicli-NAME` plugin.
struct ProvidersHandler: GlobalOptionsCommand {
    let host: Host
    let command: BuiltinCommand

    func run(_ line: BuiltinLine) throws -> ExitCode {
        try expectNoArguments(line)
        let listing = ProviderListing(host: host)
        console.out(listing.summaries() + host.executablePluginSection(files: listing.files))
        return .success
    }
}

/// `apicli help [TOPIC [ACTION]]`: the top-level help, a built-in's or a provider's.
struct HelpHandler: GlobalOptionsCommand {
    let host: Host
    let command: BuiltinCommand

    func run(_ line: BuiltinLine) throws -> ExitCode {
        guard let topic = line.arguments.first else {
            console.out(TopLevelHelpGenerator.help(for: host.model))
            return .success
        }
        if let builtin = BuiltinCommand.named(topic) {
            console.out(BuiltinHelpGenerator.help(for: builtin, action: line.arguments.dropFirst().first))
            return .success
        }
        // Only the operation asked about is read whole; a word that names none finds those that mention it.
        guard let provider = try host.registry.provider(named: topic, running: line.arguments.dropFirst().first) else {
            if let code = try host.runExecutablePluginHelp(named: topic) { return code }
            var message = "no help for '\(topic)': not a provider"
            if let near = NearestName.suggest(topic, among: host.registry.allProviders.map(\.descriptor.name)) { message += "; did you mean '\(near)'?" }
            throw UsageError(message)
        }
        let model = host.helpModel(for: provider.descriptor)  // other provider files stay unread
        console.out(try OperationHelpGenerator.page(for: provider.descriptor, words: Array(line.arguments.dropFirst()), in: model))
        return .success
    }
}

/// `apicli config …`: see ``ConfigCommand``.
struct ConfigHandler: GlobalOptionsCommand {
    let host: Host
    let command: BuiltinCommand

    func run(_ line: BuiltinLine) throws -> ExitCode {
        try ConfigCommand(host: host).run(line.arguments)
    }
}

/// `apicli store …`: `sql` and `schema` have their own types, the rest is ``StoreCommand``.
struct StoreHandler: GlobalOptionsCommand {
    let host: Host
    let command: BuiltinCommand

    /// `store export` takes formats no other command prints (`--format sqlite`), so it reads its own words.
    func run(_ words: [String]) async throws -> ExitCode {
        if StoreExport.isExport(words, options: command.options) { return try StoreExport(host: host, command: command).run(words) }
        return try await runParsingGlobalOptions(words)
    }

    func run(_ line: BuiltinLine) throws -> ExitCode {
        let rest = Array(line.arguments.dropFirst())
        switch line.arguments.first {
        case "sql": return try StoreSQL(host: host, options: line.options, values: line.values).run(rest)
        case "schema": return try StoreSchema(host: host, options: line.options).run(rest)
        case "sync": return try StoreSync(host: host, options: line.options, values: line.values).run(rest)
        default: return try StoreCommand(host: host, options: line.options).run(line.arguments)
        }
    }
}

/// `apicli completions bash|zsh|fish`.
struct CompletionsHandler: GlobalOptionsCommand {
    let host: Host
    let command: BuiltinCommand

    func run(_ line: BuiltinLine) throws -> ExitCode {
        if line.arguments.first == CompletionCandidates.action, line.arguments.count >= 2 {
            console.out(host.completionWords(shell: line.arguments[1], words: Array(line.arguments.dropFirst(2))))
            return .success
        }
        guard line.arguments.count == 1, let shell = line.arguments.first else {
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
}

/// `apicli manpage`: the roff page, from the same model as help and completions.
struct ManPageHandler: GlobalOptionsCommand {
    let host: Host
    let command: BuiltinCommand

    func run(_ line: BuiltinLine) throws -> ExitCode {
        try expectNoArguments(line)
        console.out(ManPageGenerator.page(for: host.model(whole: true)))
        return .success
    }
}
