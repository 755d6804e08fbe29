import Foundation

/// The apicli command: reads the command line and dispatches it.
///
/// Every error ends here as one line on stderr and an ``ExitCode``; nothing a
/// user types or a server sends can crash the process.
public struct Host: Sendable {
    public static let version = "0.1.0"

    public let registry: ProviderRegistry
    public let environment: HostEnvironment

    public init(registry: ProviderRegistry, environment: HostEnvironment) {
        self.registry = registry
        self.environment = environment
    }

    /// Runs one command line (without the program name) and returns the exit code.
    public func run(_ arguments: [String]) async -> ExitCode {
        do {
            return try await dispatch(arguments)
        } catch {
            let failure = ErrorMapping.cliError(error)
            let options = (try? RunOptions(Self.globalValues(arguments), variables: environment.variables)) ?? RunOptions()
            Messages(environment: environment, options: options).error(failure.message)
            return failure.exitCode
        }
    }

    private func dispatch(_ arguments: [String]) async throws -> ExitCode {
        guard let first = arguments.first(where: { !$0.hasPrefix("-") }) else {
            return try topLevelFlags(arguments)
        }
        let index = arguments.firstIndex(of: first) ?? 0
        let before = Array(arguments[..<index])
        let rest = Array(arguments[(index + 1)...])
        if let provider = registry.provider(named: first) {
            return try await runProvider(provider, leading: before, rest: rest)
        }
        let commands = BuiltinCommands(host: self)
        if let code = try await commands.run(first, leading: before, rest: rest) { return code }
        var message = "unknown command or provider '\(first)'"
        let names = registry.names + GlobalOptions.commands.map(\.name)
        if let near = NearestName.suggest(first, among: names) { message += "; did you mean '\(near)'?" }
        throw UsageError(message + " (see 'apicli --help')")
    }

    /// `apicli`, `apicli --help`, `apicli --version`.
    private func topLevelFlags(_ arguments: [String]) throws -> ExitCode {
        if arguments.contains("--version") || arguments.contains("-V") {
            environment.console.out("apicli \(Self.version)\n")
            return .success
        }
        let parsed = try CommandLineParser(options: GlobalOptions.specs + [Self.versionSpec]).parse(arguments)
        if parsed.values["help"] == "true" || arguments.isEmpty {
            environment.console.out(TopLevelHelpGenerator.help(for: model))
            return .success
        }
        throw UsageError("missing command; see 'apicli --help'")
    }

    private func runProvider(_ provider: any Provider, leading: [String], rest: [String]) async throws -> ExitCode {
        let specs = GlobalOptions.specs + provider.descriptor.options
        let parsed = try CommandLineParser(options: specs).parse(leading + rest)
        if parsed.values["help"] == "true" {
            environment.console.out(ProviderHelpGenerator.help(for: provider.descriptor, in: model))
            return .success
        }
        let options = try RunOptions(parsed.values, variables: environment.variables)
        let settings = try loadSettings()
        return try await open(provider, parsed: parsed, options: options, settings: settings)
    }

    /// Opens the existential so the rest of the run is typed by the provider.
    private func open<P: Provider>(
        _ provider: P, parsed: CommandLineParser.Result, options: RunOptions, settings: Settings
    ) async throws -> ExitCode {
        try await ProviderCommand(provider: provider, environment: environment, settings: settings, options: options)
            .run(parsed)
    }

    func loadSettings() throws -> Settings {
        let paths = AppPaths(variables: environment.variables)
        return Settings(variables: environment.variables, config: try ConfigFile.load(path: paths.configFileLocation()))
    }

    /// The one description help, completions and the man page are generated from.
    var model: CommandLineModel {
        CommandLineModel(version: Self.version, providers: registry.providers.map(\.descriptor))
    }

    static let versionSpec = OptionSpec.flag("version", short: "V", help: "Print the version.")

    /// The global options found anywhere on a command line, for error colouring after a failure.
    static func globalValues(_ arguments: [String]) -> [String: String] {
        var values: [String: String] = [:]
        for (index, word) in arguments.enumerated() {
            if word == "--quiet" || word == "-q" { values["quiet"] = "true" }
            if word.hasPrefix("--color=") { values["color"] = String(word.dropFirst("--color=".count)) }
            if word == "--color", index + 1 < arguments.count { values["color"] = arguments[index + 1] }
        }
        return values
    }
}
