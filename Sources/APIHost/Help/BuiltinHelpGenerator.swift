/// `apicli <builtin> --help` and `apicli help <builtin> [ACTION]`: the command's (or one
/// action's) summary, usage, options and examples, from its ``BuiltinCommand``
/// description, the same one completions and the man page read.
enum BuiltinHelpGenerator {
    static func help(for command: BuiltinCommand, action: String? = nil) -> String {
        if let action, let details = command.actionHelp[action] {
            var text = "apicli \(command.name) \(action): \(details.summary)\n\nUSAGE:\n" + lines(details.usage)
            if !details.examples.isEmpty { text += "\nEXAMPLES:\n" + lines(details.examples) }
            return text
        }
        var text = "apicli \(command.name): \(command.summary)\n\nUSAGE:\n" + lines(command.usage)
        if !command.options.isEmpty {
            text += "\nOPTIONS:\n" + HelpText.list(command.options.map { (HelpText.label(of: $0), $0.help) })
        }
        if !command.examples.isEmpty { text += "\nEXAMPLES:\n" + lines(command.examples) }
        let detailed = command.actions.filter { command.actionHelp[$0] != nil }
        if !detailed.isEmpty {
            text += "\n" + detailed.map { "'apicli \(command.name) \($0) --help' tells more about \($0).\n" }.joined()
        }
        return text
    }

    private static func lines(_ lines: [String]) -> String {
        lines.map { "  \($0)\n" }.joined()
    }
}
