/// The commands that are not providers: `providers`, `help`, `config`, `store`,
/// `completions`, `manpage`.
struct BuiltinCommands: Sendable {
    let host: Host

    private var console: any Console { host.environment.console }

    /// Runs `name` if it is a built-in command; nil when it is not one.
    func run(_ name: String, leading: [String], rest: [String]) async throws -> ExitCode? {
        if let usage = Self.usage[name], rest.contains(where: { $0 == "--help" || $0 == "-h" }) {
            let summary = GlobalOptions.commands.first { $0.name == name }?.summary ?? ""
            console.out("apicli \(name): \(summary)\n\nUSAGE:\n" + usage.map { "  \($0)\n" }.joined())
            return .success
        }
        switch name {
        case "providers":
            try expectNoArguments(rest, command: name)
            return providers()
        case "help":
            return try help(rest)
        case "config":
            return try ConfigCommand(host: host).run(rest)
        case "store":
            return try StoreCommand(host: host, leading: leading).run(rest)
        case "completions":
            return try completions(rest)
        case "manpage":
            try expectNoArguments(rest, command: name)
            console.out(ManPageGenerator.page(for: host.model))
            return .success
        default:
            return nil
        }
    }

    /// The usage lines `apicli <command> --help` prints.
    static let usage: [String: [String]] = [
        "providers": ["apicli providers"],
        "help": ["apicli help [PROVIDER]"],
        "config": [
            "apicli config set KEY [VALUE]   (a key is read from stdin, never from the command line)",
            "apicli config get KEY", "apicli config unset KEY", "apicli config list",
        ],
        "store": ["apicli store info | clear [PROVIDER] | vacuum | check   [--db PATH]"],
        "completions": ["apicli completions bash|zsh|fish"],
        "manpage": ["apicli manpage"],
    ]

    private func providers() -> ExitCode {
        let width = host.registry.names.map(\.count).max() ?? 0
        for provider in host.registry.providers {
            let name = provider.descriptor.name
            console.out(name + String(repeating: " ", count: width - name.count + 2) + provider.descriptor.summary + "\n")
        }
        return .success
    }

    private func help(_ rest: [String]) throws -> ExitCode {
        guard let topic = rest.first else {
            console.out(TopLevelHelpGenerator.help(for: host.model))
            return .success
        }
        guard let provider = host.registry.provider(named: topic) else {
            var message = "no help for '\(topic)': not a provider"
            if let near = NearestName.suggest(topic, among: host.registry.names) { message += "; did you mean '\(near)'?" }
            throw UsageError(message)
        }
        console.out(ProviderHelpGenerator.help(for: provider.descriptor, in: host.model))
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
        if let extra = rest.first(where: { $0 != "--help" && $0 != "-h" }) {
            throw UsageError("'apicli \(command)' takes no argument, not '\(extra)'")
        }
    }
}
