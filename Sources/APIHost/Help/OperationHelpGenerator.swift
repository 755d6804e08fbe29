/// Help for providers that have operations: the OPERATIONS list that
/// `apicli help <provider>` shows (under the document's tags), the list of those
/// that mention a word (`apicli help <provider> <word>`), and the page of one
/// operation that `apicli help <provider> <operation>` and
/// `apicli <provider> <operation> --help` show, all from the provider's one description.
public enum OperationHelpGenerator {
    /// The operations with their summaries, for the provider's own page; empty when it has none.
    static func section(of provider: ProviderDescriptor, programName: String) -> String {
        guard !provider.operations.isEmpty else { return "" }
        let count = provider.operations.count
        var out = "\nOPERATIONS (\(count)):\n" + list(provider.operations)
        out += "\n" + HelpText.wrap(
            "One operation's arguments and options: '\(programName) help \(provider.name) <operation>'; "
                + "the operations whose name, path or summary mention a word: '\(programName) help \(provider.name) <word>'.",
            indent: 0
        ).joined(separator: "\n") + "\n"
        if let example = provider.operations.first(where: { !$0.aliases.isEmpty }) {
            out += HelpText.wrap(
                "Names leave out the words all operations' full names share; the full name, from the API's document, "
                    + "works too ('\(example.aliases[0])' is '\(example.name)').",
                indent: 0
            ).joined(separator: "\n") + "\n"
        }
        return out
    }

    /// `operations` with their summaries, under their groups' headings when they have any.
    static func list(_ operations: [OperationSpec]) -> String {
        var groups: [(name: String?, operations: [OperationSpec])] = []
        for operation in operations {
            if let index = groups.firstIndex(where: { $0.name == operation.group }) {
                groups[index].operations.append(operation)
            } else {
                groups.append((operation.group, [operation]))
            }
        }
        guard groups.contains(where: { $0.name != nil }) else {
            return HelpText.list(operations.map { ($0.name, $0.summary) })
        }
        // Each group in the order it first appears, those without one last, under "other";
        // one column for every group's summaries, as narrow as the names allow.
        groups.sort { $0.name != nil && $1.name == nil }
        let width = min(HelpText.maximumLabelWidth - 2, operations.map { DisplayWidth.of($0.name) }.max() ?? 0)
        return groups.map { group in
            "  " + (group.name ?? "other") + ":\n"
                + HelpText.list(group.operations.map { ($0.name, $0.summary) }, indent: 4, labelWidth: width)
        }.joined()
    }

    /// One operation's page: its usage, discussion, arguments, its options and then the shared ones.
    public static func help(for operation: OperationSpec, of provider: ProviderDescriptor, in model: CommandLineModel) -> String {
        let program = model.programName
        let head = "\(program) \(provider.name) \(operation.name)"
        var out = HelpText.wrap("\(head): \(operation.summary)", indent: 0).joined(separator: "\n") + "\n\n"
        let parts = HelpText.parts(operation.arguments, operation.options + provider.options)
        out += "USAGE:\n" + HelpText.usage(head: head, parts: parts).joined(separator: "\n") + "\n"
        if let facts = facts(of: operation, in: provider, programName: program) {
            out += "\n" + HelpText.wrap(facts, indent: 2).joined(separator: "\n") + "\n"
        }
        if !operation.discussion.isEmpty {
            out += "\n" + HelpText.wrap(operation.discussion, indent: 2).joined(separator: "\n") + "\n"
        }
        if !operation.arguments.isEmpty {
            out += "\nARGUMENTS:\n" + HelpText.list(operation.arguments.map { (HelpText.label(of: $0), HelpText.description(of: $0)) })
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

    /// `Also called get-customers, its full name in the API's document. Sends GET /v1/customers.`
    private static func facts(of operation: OperationSpec, in provider: ProviderDescriptor, programName: String) -> String? {
        var sentences: [String] = []
        if !operation.aliases.isEmpty {
            let names = operation.aliases.joined(separator: ", ")
            sentences.append("Also called \(names): its full name, from the API's document.")
        }
        if let path = operation.path {
            sentences.append("Sends \(operation.method) \(path) ('\(programName) api \(provider.name) PATH' sends any other).")
            if !operation.isRead {
                sentences.append("It writes: it asks before sending on a terminal, needs --yes otherwise, and --dry-run shows it.")
            }
        }
        return sentences.isEmpty ? nil : sentences.joined(separator: " ")
    }

    /// An option's help, marked when the operation cannot run without it.
    private static func description(of option: OptionSpec) -> String {
        let text = HelpText.description(of: option)
        return option.required ? text + " (required)" : text
    }
}

extension OperationHelpGenerator {
    /// `apicli help <provider> [<operation> | <word>…]`: the provider's page, one operation's,
    /// or the operations that mention the words; a word nothing mentions is a usage error
    /// naming the nearest operation.
    static func page(for provider: ProviderDescriptor, words: [String], in model: CommandLineModel) throws -> String {
        guard !words.isEmpty, !provider.operations.isEmpty else { return ProviderHelpGenerator.help(for: provider, in: model) }
        if words.count == 1, let operation = provider.operation(named: words[0]) {
            return help(for: operation, of: provider, in: model)
        }
        let found = provider.operations(mentioning: words)
        let shown = words.joined(separator: " ")
        guard !found.isEmpty else {
            var message = "no help for '\(shown)': no operation of \(provider.name) has it in its name, path or summary"
            if let near = NearestName.suggest(shown, among: provider.operations.map(\.name)) { message += "; did you mean '\(near)'?" }
            throw UsageError(message)
        }
        let program = model.programName
        var out = "\(program) \(provider.name): \(found.count) of \(provider.operations.count) operations mention '\(shown)'.\n\n"
        out += list(found)
        out += "\nOne operation's arguments and options: '\(program) help \(provider.name) <operation>'.\n"
        return out
    }
}
