/// Help for providers that have operations: the OPERATIONS list that
/// `apicli help <provider>` shows, and the page of one operation that
/// `apicli help <provider> <operation>` and `apicli <provider> <operation> --help`
/// show, both from the provider's one description.
public enum OperationHelpGenerator {
    /// The operations with their summaries, for the provider's own page; empty when it has none.
    static func section(of provider: ProviderDescriptor, programName: String) -> String {
        guard !provider.operations.isEmpty else { return "" }
        return "\nOPERATIONS:\n" + HelpText.list(provider.operations.map { ($0.name, $0.summary) })
            + "\nOne operation's arguments and options: '\(programName) help \(provider.name) <operation>'.\n"
    }

    /// One operation's page: its usage, discussion, arguments, its options and then the shared ones.
    public static func help(for operation: OperationSpec, of provider: ProviderDescriptor, in model: CommandLineModel) -> String {
        let program = model.programName
        let head = "\(program) \(provider.name) \(operation.name)"
        var out = HelpText.wrap("\(head): \(operation.summary)", indent: 0).joined(separator: "\n") + "\n\n"
        let parts = HelpText.parts(operation.arguments, operation.options + provider.options)
        out += "USAGE:\n" + HelpText.usage(head: head, parts: parts).joined(separator: "\n") + "\n"
        if !operation.discussion.isEmpty {
            out += "\n" + HelpText.wrap(operation.discussion, indent: 2).joined(separator: "\n") + "\n"
        }
        if !operation.arguments.isEmpty {
            out += "\nARGUMENTS:\n" + HelpText.list(operation.arguments.map { (HelpText.label(of: $0), $0.help) })
        }
        let options = operation.options + provider.options
        if !options.isEmpty {
            out += "\nOPTIONS:\n" + HelpText.list(options.map { (HelpText.label(of: $0), description(of: $0)) })
        }
        if !operation.examples.isEmpty {
            out += "\nEXAMPLES:\n" + operation.examples.map { "  " + $0 + "\n" }.joined()
        }
        out += "\nENVIRONMENT:\n" + HelpText.list(ProviderHelpGenerator.environment(of: provider, programName: program))
        out += "\nGlobal options (--format, --offline, --refresh, --color...): '\(program) --help'.\n"
        return out
    }

    /// An option's help, marked when the operation cannot run without it.
    private static func description(of option: OptionSpec) -> String {
        let text = HelpText.description(of: option)
        return option.required ? text + " (required)" : text
    }
}

extension OperationHelpGenerator {
    /// `apicli help <provider> [<operation>]`: the provider's page, or one operation's;
    /// an operation it does not have is a usage error naming the nearest.
    static func page(for provider: ProviderDescriptor, operation name: String?, in model: CommandLineModel) throws -> String {
        guard let name, !provider.operations.isEmpty else { return ProviderHelpGenerator.help(for: provider, in: model) }
        guard let operation = provider.operation(named: name) else {
            var message = "no help for '\(name)': \(provider.name) has no such operation"
            if let near = NearestName.suggest(name, among: provider.operations.map(\.name)) { message += "; did you mean '\(near)'?" }
            throw UsageError(message)
        }
        return help(for: operation, of: provider, in: model)
    }
}
