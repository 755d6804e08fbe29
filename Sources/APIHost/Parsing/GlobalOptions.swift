/// The options every command accepts, declared once for parsing, help,
/// completions and the man page.
public enum GlobalOptions {
    public static let specs: [OptionSpec] = [
        .value("format", short: "f", valueName: "FORMAT", help: "Output format.",
               choices: OutputFormat.allCases.map(\.rawValue), default: "table"),
        .flag("json", help: "Same as --format json."),
        .flag("offline", help: "Answer from the local store only; never touch the network."),
        .flag("refresh", help: "Bypass the response cache (results are still stored)."),
        .value("db", valueName: "PATH", help: "The SQLite store to use (also APICLI_DB)."),
        .value("color", valueName: "WHEN", help: "Colour output.", choices: ["auto", "always", "never"], default: "auto"),
        .flag("wide", help: "Never truncate table cells to fit the terminal."),
        .flag("verbose", short: "v", help: "Trace every HTTP attempt on stderr (keys redacted)."),
        .flag("quiet", short: "q", help: "No progress or notices on stderr; errors still print."),
        .flag("help", short: "h", help: "Show help."),
        .value("fields", valueName: "LIST", help: "Only these fields, in this order (a,b,city.name); 'help' lists them."),
        .value("template", valueName: "TEXT",
               help: "The line --format line prints per item: {field}, {time:%H:%M}, {temp:.1}, {headline:40}, {gust|-}."),
        .flag("new", help: "Print only the items that were not in the store before this run."),
        .value("as-of", valueName: "TIME",
               help: "With --offline: the answer as stored at TIME (2026-12-01T06:00, UTC unless it gives an offset)."),
        .flag("changed", help: "Print only the items whose content the store had not seen: changed since it last saw them, or new."),
        .flag("fail-empty", help: "Exit 1 when there is nothing to print (also when --new finds nothing new)."),
    ]
}
