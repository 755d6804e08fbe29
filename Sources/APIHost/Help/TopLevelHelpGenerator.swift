/// `apicli --help`: usage, providers, commands, global options, environment
/// variables and exit codes, all read from the ``CommandLineModel``.
public enum TopLevelHelpGenerator {
    public static func help(for model: CommandLineModel) -> String {
        let program = model.programName
        var out = HelpText.wrap("\(program) \(model.version): \(model.summary).", indent: 0).joined(separator: "\n") + "\n\n"
        out += "USAGE:\n"
        out += "  \(program) <provider> [arguments] [options]\n"
        out += "  \(program) <command> [arguments]\n"
        if !model.providers.isEmpty {
            out += "\nPROVIDERS:\n"
            out += HelpText.list(model.providers.map { ($0.name, $0.summary) })
        }
        out += "\nCOMMANDS:\n"
        out += HelpText.list(model.commands.map { command in
            let words = model.subcommands[command.name].map { " " + $0.joined(separator: "|") } ?? ""
            return (command.name + words, command.summary)
        })
        if !model.plugins.isEmpty {
            out += "\nPLUGINS (apicli-NAME on PATH):\n"
            out += HelpText.list(model.plugins.map { ($0.name, $0.shownPath) })
        }
        out += "\nGLOBAL OPTIONS:\n"
        out += HelpText.list(model.globalOptions.map { (HelpText.label(of: $0), HelpText.description(of: $0)) })
        out += "\nENVIRONMENT:\n"
        out += HelpText.list(model.environmentVariables(eachFile: false).map { ($0.name, $0.meaning) })
        out += "\nEXIT CODES:\n"
        out += HelpText.list(ExitCode.allCases.map { (String($0.rawValue), $0.meaning) })
        out += "\n" + HelpText.wrap(
            "API keys are read from the environment or the config file "
                + "('\(program) config set <provider>.api-key'), never from the command line, "
                + "where they would leak into ps and shell history. "
                + "Run '\(program) help <provider>' for a provider's arguments and options.",
            indent: 0
        ).joined(separator: "\n") + "\n"
        return out
    }
}
