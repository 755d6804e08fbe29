/// `apicli <builtin> --help` and `apicli help <builtin>`: the command's summary,
/// usage and options, from its ``BuiltinCommand`` description, the same one
/// completions and the man page read.
enum BuiltinHelpGenerator {
    static func help(for command: BuiltinCommand) -> String {
        var text = "apicli \(command.name): \(command.summary)\n\nUSAGE:\n" + command.usage.map { "  \($0)\n" }.joined()
        if !command.options.isEmpty {
            text += "\nOPTIONS:\n" + HelpText.list(command.options.map { (HelpText.label(of: $0), $0.help) })
        }
        return text
    }
}
