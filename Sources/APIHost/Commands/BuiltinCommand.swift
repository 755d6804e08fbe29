/// One command that is not a provider (`store`, `config`…), described once:
/// parsing finds it, `apicli <command> --help` prints its usage, and the
/// top-level help, the man page and every completion script list it, all from
/// this value.
public struct BuiltinCommand: Sendable, Hashable {
    public var name: String
    /// One line for `apicli --help` and the completion menus.
    public var summary: String
    /// The lines `apicli <command> --help` prints under USAGE.
    public var usage: [String]
    /// The fixed words it takes first (`store` → `info`, `clear`…), shown as `store info|clear|…`.
    public var actions: [String]
    /// What the first word is when there are no actions (`help` takes a provider).
    public var operand: Operand?
    /// What the word after an action is (`config set` takes a config key).
    public var operands: [String: Operand]
    /// Its own options (`provider add --base-url URL`…), besides the global ones:
    /// parsed, listed by `--help`, completed and in the man page from this list.
    public var options: [OptionSpec]

    /// A word that completes from the current registry rather than a fixed list.
    public enum Operand: Sendable, Hashable {
        case provider
        /// A provider file's name: the providers that can be shown, checked or removed.
        case fileProvider
        case configKey
    }

    public init(
        _ name: String, summary: String, usage: [String], actions: [String] = [], operand: Operand? = nil,
        operands: [String: Operand] = [:], options: [OptionSpec] = []
    ) {
        self.name = name
        self.summary = summary
        self.usage = usage
        self.actions = actions
        self.operand = operand
        self.operands = operands
        self.options = options
    }

    /// Every built-in command, in the order help lists them.
    public static let all: [BuiltinCommand] = [
        BuiltinCommand("providers", summary: "List the providers and what they do.", usage: ["apicli providers"]),
        BuiltinCommand(
            "help", summary: "Show help for apicli or a provider.", usage: ["apicli help [PROVIDER]"], operand: .provider),
        BuiltinCommand(
            "config", summary: "Get, set, unset or list settings and keys.",
            usage: [
                "apicli config set KEY [VALUE]   (a key is read from stdin, never from the command line)",
                "apicli config get KEY", "apicli config unset KEY", "apicli config list",
            ],
            actions: ["set", "get", "unset", "list"],
            operands: ["set": .configKey, "get": .configKey, "unset": .configKey]),
        BuiltinCommand(
            "store", summary: "Inspect, query (read-only SQL) and maintain the local store.",
            usage: [
                "apicli store info | clear [PROVIDER] | vacuum | check   [--db PATH]",
                "apicli store sql \"SELECT …\" | schema   (read-only; every --format, --fields, --template)",
            ],
            actions: ["info", "clear", "vacuum", "check", "sql", "schema"],
            operands: ["clear": .provider]),
        BuiltinCommand(
            "completions", summary: "Print a shell completion script (bash, zsh, fish).",
            usage: ["apicli completions bash|zsh|fish"], actions: ["bash", "zsh", "fish"]),
        BuiltinCommand("manpage", summary: "Print the man page (roff).", usage: ["apicli manpage"]),
        BuiltinCommand(
            "provider", summary: "Add, list, show, check or remove provider files (new APIs without recompiling).",
            usage: [
                "apicli provider add NAME --base-url URL --path /PATH --items KEYPATH --query-param P (--no-key | --key-param P | --key-header H) [--sample FILE]",
                "apicli provider add NAME --openapi FILE --operation OP [--query-param P] [--sample FILE]",
                "apicli provider list | show NAME | check NAME|FILE [--sample FILE] | remove NAME [--yes]",
            ],
            actions: ["add", "list", "show", "check", "remove"],
            operands: ["show": .fileProvider, "check": .fileProvider, "remove": .fileProvider],
            options: ProviderFileCommand.specs),
        BuiltinCommand(
            "api", summary: "Send one GET to a provider's API with its key, limits and cache; print the body as it came.",
            usage: [
                "apicli api PROVIDER PATH [-q NAME=VALUE]… [--include] [--paginate] [--refresh | --offline] [--verbose]",
                "(after PROVIDER, -q is --query; --quiet keeps its long form)",
            ],
            operand: .provider, options: APIArguments.specs),
    ]

    /// The built-in command called `name`, if any.
    public static func named(_ name: String) -> BuiltinCommand? {
        all.first { $0.name == name }
    }
}
