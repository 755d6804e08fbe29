#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The apicli command: reads the command line and dispatches it.
///
/// Every error ends here as one line on stderr and an ``ExitCode``; nothing a
/// user types or a server sends can crash the process.
public struct Host: Sendable {
    /// The version, said here and nowhere else: `Scripts/package` reads it from the binary and
    /// refuses to package one that CHANGELOG.md has no section for.
    public static let version = "0.1.0"

    public let registry: ProviderRegistry
    public let environment: HostEnvironment

    public init(registry: ProviderRegistry, environment: HostEnvironment) {
        self.registry = registry
        self.environment = environment
    }

    /// Runs one command line (without the program name) and returns the exit code.
    public func run(_ arguments: [String]) async -> ExitCode {
        let code: ExitCode
        do {
            code = try await dispatch(arguments)
        } catch {
            let failure = ErrorMapping.cliError(error)
            report(failure, arguments: arguments)
            code = failure.exitCode
        }
        return finish(code, arguments: arguments)
    }

    /// A reader that went away ends the run quietly; any other failed write to
    /// stdout is one error line and exit 74, since the results did not arrive.
    private func finish(_ code: ExitCode, arguments: [String]) -> ExitCode {
        switch environment.console.outputFailure {
        case nil, .closedPipe?:
            return code
        case let .failed(reason)?:
            report(CLIError("could not write the output: \(reason)", exitCode: .ioError), arguments: arguments)
            return .ioError
        }
    }

    private func report(_ failure: CLIError, arguments: [String]) {
        let options = (try? RunOptions(Self.globalValues(arguments), variables: environment.variables)) ?? RunOptions()
        Messages(environment: environment, options: options).error(failure.message)
    }

    /// Finds the command past any global options, then hands it every option,
    /// from before and after it, to parse together.
    private func dispatch(_ arguments: [String]) async throws -> ExitCode {
        let line = CommandWord(arguments, options: GlobalOptions.specs + [Self.versionSpec])
        guard let name = line.command else { return try topLevelFlags(line.leading) }
        let words = line.leading + line.rest
        if let builtin = BuiltinCommand.named(name) {
            return try await builtin.run(words, host: self)
        }
        // The first word after the provider's that is no global option names the operation, if it
        // has any: a provider file of thousands is read for that one (``OperationChoice`` picks it).
        let operationWord = CommandWord(words, options: GlobalOptions.specs).command
        if let provider = try registry.provider(named: name, running: operationWord) {
            return try await runProvider(provider, words: words, operationWord: operationWord)
        }
        if let code = try runExecutablePlugin(named: name, leading: line.leading, rest: line.rest, arguments: arguments) {
            return code
        }
        var message = "unknown command or provider '\(name)'"
        if let near = NearestName.suggest(name, among: registry.model.commandNames) { message += "; did you mean '\(near)'?" }
        throw UsageError(message + " (see 'apicli --help')")
    }

    /// `apicli`, `apicli --help`, `apicli --version`.
    private func topLevelFlags(_ arguments: [String]) throws -> ExitCode {
        if arguments.contains("--version") || arguments.contains("-V") {
            environment.console.out(Self.versionLine + "\n")
            return .success
        }
        let parsed = try CommandLineParser(options: GlobalOptions.specs + [Self.versionSpec]).parse(arguments)
        if parsed.values["help"] == "true" || arguments.isEmpty {
            environment.console.out(TopLevelHelpGenerator.help(for: model))
            return .success
        }
        throw UsageError("missing command; see 'apicli --help'")
    }

    private func runProvider(_ provider: any Provider, words: [String], operationWord: String?) async throws -> ExitCode {
        var provider = provider
        var descriptor = provider.descriptor
        var specs = GlobalOptions.specs + descriptor.options
        var words = words
        var operation: OperationSpec?
        if !descriptor.operations.isEmpty {
            var choice = try OperationChoice(words, of: descriptor, options: specs)
            if let chosen = choice.operation, operationWord.map(chosen.isNamed) != true,
               let whole = try registry.provider(named: descriptor.name, running: chosen.name)
            {
                // The provider's own options placed the operation elsewhere than the word it was read for.
                provider = whole
                descriptor = whole.descriptor
                choice = try OperationChoice(words, of: descriptor, options: specs)
            }
            (operation, words) = (choice.operation, choice.words)
            specs += operation?.options ?? []
        }
        let parsed = try CommandLineParser(options: specs).parse(words)
        if parsed.values["help"] == "true" {
            // One provider's page needs its own description only: other provider files stay unread.
            let model = helpModel(for: descriptor)
            let help = operation.map { OperationHelpGenerator.help(for: $0, of: descriptor, in: model) }
            environment.console.out(help ?? ProviderHelpGenerator.help(for: descriptor, in: model))
            return .success
        }
        let options = try RunOptions(parsed.values, variables: environment.variables)
        let settings = try loadSettings()
        return try await open(provider, operation: operation, parsed: parsed, options: options, settings: settings)
    }

    /// Opens the existential so the rest of the run is typed by the provider.
    private func open<P: Provider>(
        _ provider: P, operation: OperationSpec?, parsed: CommandLineParser.Result, options: RunOptions, settings: Settings
    ) async throws -> ExitCode {
        try await ProviderCommand(
            provider: provider, operation: operation, keyOwner: keyOwner(of: provider.descriptor), environment: environment,
            settings: settings, options: options
        ).run(parsed)
    }

    /// The compiled provider whose key `descriptor` uses, if it uses one's (``KeyAllowance``).
    func keyOwner(of descriptor: ProviderDescriptor) -> ProviderDescriptor? {
        descriptor.credential?.keyOwner.flatMap { registry.compiledProvider(named: $0)?.descriptor }
    }

    func loadSettings() throws -> Settings {
        let paths = AppPaths(variables: environment.variables)
        return Settings(variables: environment.variables, config: try ConfigFile.load(path: paths.configFileLocation()))
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
