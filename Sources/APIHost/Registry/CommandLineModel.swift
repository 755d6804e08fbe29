#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The whole command line of apicli as one value: what `--help`, per-provider
/// help, the bash, zsh and fish completions and the man page are generated
/// from, each by a pure function of this model, so they cannot disagree.
///
///     let model = CommandLineModel(providers: registry.descriptors)
///     console.out(TopLevelHelpGenerator.help(for: model))
///     console.out(BashCompletionsGenerator.script(for: model))
public struct CommandLineModel: Sendable {
    public var programName: String
    public var version: String
    /// One line: what the program is.
    public var summary: String
    /// Options every command accepts (`--format`, `--offline`…).
    public var globalOptions: [OptionSpec]
    /// The built-in commands (`providers`, `help`, `config`…): the tree's other nodes.
    public var builtins: [BuiltinCommand]
    public var providers: [ProviderDescriptor]
    /// The names of the provider files installed (broken ones too): what
    /// `provider show|check|remove` complete to. Compiled providers have no file.
    public var fileProviders: [String]
    /// The `apicli-NAME` executables on `PATH` (shadowed and refused ones too, which help marks).
    public var plugins: [ExecutablePlugin]

    public init(
        programName: String = "apicli",
        version: String = Host.version,
        summary: String = "query web APIs from the shell and keep every result locally",
        globalOptions: [OptionSpec] = GlobalOptions.specs,
        builtins: [BuiltinCommand] = BuiltinCommand.all,
        providers: [ProviderDescriptor],
        fileProviders: [String] = [],
        plugins: [ExecutablePlugin] = []
    ) {
        self.programName = programName
        self.version = version
        self.summary = summary
        self.globalOptions = globalOptions
        self.builtins = builtins
        self.providers = providers
        self.fileProviders = fileProviders
        self.plugins = plugins
    }

    /// The built-in commands with their summaries, in help order.
    public var commands: [(name: String, summary: String)] {
        builtins.map { ($0.name, $0.summary) }
    }

    /// The options a built-in command takes besides the global ones (`provider add --base-url`…).
    public func options(of command: String) -> [OptionSpec] {
        builtins.first { $0.name == command }?.options ?? []
    }

    /// The fixed words each built-in command takes first, for those that take some.
    public var subcommands: [String: [String]] {
        Dictionary(uniqueKeysWithValues: builtins.filter { !$0.actions.isEmpty }.map { ($0.name, $0.actions) })
    }

    /// Every word that can come first: providers, then built-in commands, then the plugins that run.
    public var commandNames: [String] { providers.map(\.name) + builtins.map(\.name) + runnablePlugins.map(\.name) }

    /// The plugins `apicli NAME` runs: what completions offer as first words, with their path as summary.
    public var runnablePlugins: [(name: String, summary: String)] {
        plugins.filter { $0.state == .runnable }.map { ($0.name, "plugin: " + $0.shownPath) }
    }

    /// The config keys: `<provider>.api-key` for providers with a key, and
    /// `<provider>.<option>` for each configurable option (`weather.units`).
    public var configKeys: [String] {
        ConfigKey.names(for: providers)
    }

    /// Every environment variable apicli reads, with what it does, in the order help lists them.
    public var environmentVariables: [(name: String, meaning: String)] { environmentVariables(eachFile: true) }

    /// The variables, each provider file's named (the man page) or, without `eachFile`, said
    /// once for them all (`--help`, which thirty imported APIs would fill with sixty lines).
    public func environmentVariables(eachFile: Bool) -> [(name: String, meaning: String)] {
        var variables: [(name: String, meaning: String)] = []
        let files = Set(fileProviders)
        for provider in providers where eachFile || !files.contains(provider.name) {
            if let credential = provider.credential {
                variables.append((credential.environmentVariable,
                                  "API key for \(provider.displayName) (get one at \(credential.signupURL))."))
            }
            variables.append(provider.baseURLVariable)
            if let spacing = provider.rateLimits.first(where: { $0.count == 1 }) {
                variables.append((
                    RateLimitSettings.spacingVariable(for: provider),
                    "Seconds between two requests to \(provider.displayName) (default: \(spacing.window.components.seconds); 0: none)."))
            }
        }
        if !eachFile, providers.contains(where: { files.contains($0.name) }) {
            variables += [
                ("NAME_API_KEY", "API key for the provider file NAME, when it takes one."),
                ("APICLI_NAME_BASE_URL", "Base URL for the provider file NAME ('\(programName) help NAME' names each variable it reads)."),
            ]
        }
        variables += [
            ("APICLI_DB", "The SQLite store to use (default: $XDG_DATA_HOME/apicli/apicli.sqlite3)."),
            ("XDG_CONFIG_HOME", "The config file is $XDG_CONFIG_HOME/apicli/config (default: ~/.config)."),
            ("XDG_DATA_HOME", "The store lives in $XDG_DATA_HOME/apicli/ (default: ~/.local/share)."),
            ("COLUMNS", "Table width when it cannot be read from the terminal."),
            ("NO_COLOR", "When set to anything, never colour output."),
            ("TERM", "dumb turns colour off."),
            ("LANG, LC_ALL", "A locale that is not UTF-8 gets plain ASCII symbols."),
        ]
        return variables
    }

    /// What the first word after a built-in command can be: a provider after
    /// `help`, an action after `store` or `config`; empty when free or none.
    public func firstWords(after command: String) -> [String] {
        guard let builtin = builtins.first(where: { $0.name == command }) else { return [] }
        return builtin.operand.map(words) ?? builtin.actions
    }

    /// What the word after `command subcommand` can be: a config key after
    /// `config set|get|unset`, a provider after `store clear`.
    public func secondWords(after command: String, _ subcommand: String) -> [String] {
        builtins.first { $0.name == command }?.operands[subcommand].map(words) ?? []
    }

    /// The words an operand completes to, from this model's providers.
    private func words(_ operand: BuiltinCommand.Operand) -> [String] {
        switch operand {
        case .provider: providers.map(\.name)
        case .fileProvider: fileProviders
        case .configKey: configKeys
        }
    }

    /// Every option that takes a value, global, a provider's or a built-in command's, by
    /// the words that name it (`--format`, `-f`): completions skip the word that follows them.
    var valueOptionWords: [String] {
        var seen = Set<String>()
        var words: [String] = []
        for option in globalOptions + providers.flatMap(\.allOptions) + builtins.flatMap(\.options) where !option.isFlag {
            for word in ["--" + option.name] + (option.short.map { ["-\($0)"] } ?? []) where seen.insert(word).inserted {
                words.append(word)
            }
        }
        return words
    }

    /// Whether the completion scripts ask apicli what follows this provider's name
    /// (``CompletionCandidates``) rather than hold it: a provider file (its operations and
    /// options are read when asked, and may change after the script is written) or a
    /// provider with operations (each operation completes its own options).
    public func isAsked(_ provider: ProviderDescriptor) -> Bool {
        !provider.operations.isEmpty || fileProviders.contains(provider.name)
    }

    /// The providers whose words the scripts hold.
    var heldProviders: [ProviderDescriptor] { providers.filter { !isAsked($0) } }

    /// The provider called `name`, if any.
    public func provider(named name: String) -> ProviderDescriptor? {
        providers.first { $0.name == name }
    }
}

extension ProviderDescriptor {
    /// The shared options, then each operation's that is not among them: what
    /// completions offer after the provider's name, each option once.
    var allOptions: [OptionSpec] {
        var seen = Set(options.map(\.name))
        return options + operations.flatMap(\.options).filter { seen.insert($0.name).inserted }
    }

    /// `APICLI_NYT_BASE_URL`, with what it overrides.
    var baseURLVariable: (name: String, meaning: String) {
        (baseURLVariableName,
         "Base URL for \(displayName) (default: \(defaultBaseURL.absoluteString)).")
    }

}
