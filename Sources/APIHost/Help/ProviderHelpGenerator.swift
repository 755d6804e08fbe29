/// `apicli help <provider>` and `apicli <provider> --help`: the provider's
/// usage line, discussion, arguments, options with their values and defaults,
/// examples, and the environment variables that configure it.
public enum ProviderHelpGenerator {
    public static func help(for provider: ProviderDescriptor, in model: CommandLineModel) -> String {
        let program = model.programName
        var out = HelpText.wrap("\(program) \(provider.name): \(provider.summary)", indent: 0).joined(separator: "\n") + "\n\n"
        out += "USAGE:\n" + HelpText.usage(of: provider, programName: program).joined(separator: "\n") + "\n"
        if !provider.discussion.isEmpty {
            out += "\n" + HelpText.wrap(provider.discussion, indent: 2).joined(separator: "\n") + "\n"
        }
        out += OperationHelpGenerator.section(of: provider, programName: program)
        if !provider.arguments.isEmpty {
            out += "\nARGUMENTS:\n"
            out += HelpText.list(provider.arguments.map { (HelpText.label(of: $0), HelpText.description(of: $0)) })
        }
        if !provider.options.isEmpty {
            out += "\nOPTIONS:\n"
            out += HelpText.list(provider.options.map { (HelpText.label(of: $0), HelpText.description(of: $0)) })
        }
        if !provider.examples.isEmpty {
            out += "\nEXAMPLES:\n" + provider.examples.map { "  " + $0 + "\n" }.joined()
        }
        out += sameKeySection(of: provider, in: model)
        out += "\nENVIRONMENT:\n"
        out += HelpText.list(environment(of: provider, programName: program))
        out += "\nGlobal options (--format, --offline, --refresh, --color...): '\(program) --help'.\n"
        return out
    }

    /// The key's variable, the base-URL override and one variable per configurable option.
    static func environment(of provider: ProviderDescriptor, programName: String) -> [(label: String, text: String)] {
        var rows: [(label: String, text: String)] = []
        if let credential = provider.credential {
            rows.append((credential.environmentVariable,
                         "The API key (get one at \(credential.signupURL)); or '\(programName) config set \(provider.apiKeySetting)'."))
        }
        rows.append((provider.baseURLVariable.name, provider.baseURLVariable.meaning))
        for option in provider.options where option.configurable {
            rows.append((provider.environmentVariable(for: option),
                         "Default for --\(option.name); or config key \(provider.name).\(option.name)."))
        }
        return rows
    }
}
