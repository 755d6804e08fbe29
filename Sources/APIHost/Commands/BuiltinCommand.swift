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
    /// What one action does and how it is called (`store sql`), for `apicli store sql --help`
    /// and `apicli help store sql`; an action without one is shown with the whole command.
    public var actionHelp: [String: ActionHelp]
    /// Command lines worth copying, each with what it does after `#`.
    public var examples: [String]
    /// What runs it; required, so a command cannot be described without one.
    let handler: Handler

    /// One action's own summary, usage lines and examples.
    public struct ActionHelp: Sendable, Hashable {
        public var summary: String
        public var usage: [String]
        public var examples: [String]

        public init(_ summary: String, usage: [String], examples: [String] = []) {
            self.summary = summary
            self.usage = usage
            self.examples = examples
        }
    }

    /// A word that completes from the current registry rather than a fixed list.
    public enum Operand: Sendable, Hashable {
        case provider
        /// A provider file's name: the providers that can be shown, checked or removed.
        case fileProvider
        case configKey
    }

    init(
        _ name: String, runBy handler: any BuiltinCommandHandler.Type, summary: String, usage: [String],
        actions: [String] = [], operand: Operand? = nil,
        operands: [String: Operand] = [:], options: [OptionSpec] = [], actionHelp: [String: ActionHelp] = [:],
        examples: [String] = []
    ) {
        self.name = name
        self.summary = summary
        self.usage = usage
        self.actions = actions
        self.operand = operand
        self.operands = operands
        self.options = options
        self.actionHelp = actionHelp
        self.examples = examples
        self.handler = Handler(type: handler)
    }

    /// Every built-in command, in the order help lists them.
    public static let all: [BuiltinCommand] = [
        BuiltinCommand("providers", runBy: ProvidersHandler.self, summary: "List the providers and what they do.", usage: ["apicli providers"]),
        BuiltinCommand(
            "help", runBy: HelpHandler.self, summary: "Show help for apicli or a provider.", usage: ["apicli help [PROVIDER]"], operand: .provider),
        BuiltinCommand(
            "config", runBy: ConfigHandler.self, summary: "Get, set, unset or list settings and keys.",
            usage: [
                "apicli config set KEY [VALUE]   (a key is read from stdin, never from the command line)",
                "apicli config get KEY", "apicli config unset KEY", "apicli config list",
            ],
            actions: ["set", "get", "unset", "list"],
            operands: ["set": .configKey, "get": .configKey, "unset": .configKey],
            examples: [
                "apicli config set nyt.api-key            # asks for the key, which is never an argument",
                "apicli config set weather.units imperial # the default for every weather run",
                "apicli config get weather.units          # exit 1 when it is not set",
                "apicli config list                       # every setting, keys shown only as set",
            ]),
        BuiltinCommand(
            "store", runBy: StoreHandler.self, summary: "Inspect, query (read-only SQL) and maintain the local store.",
            usage: [
                "apicli store info | clear [PROVIDER] | vacuum | check   [--db PATH]",
                "apicli store sql \"SELECT …\" | schema   (read-only; every --format, --fields, --template)",
                "apicli store export [PROVIDER] [--format ndjson|csv|sqlite] [--since TIME] [--versions] [--output FILE]",
            ],
            actions: ["info", "clear", "vacuum", "check", "sql", "schema", "prune", "export", "sync"],
            operands: ["clear": .provider, "export": .provider],
            options: [.value("keep", valueName: "DURATION", help: "store prune: keep versions fetched within DURATION (90d, 36h, 2w); also APICLI_STORE_KEEP."),
                .value("since", valueName: "TIME", help: "store export: only items fetched at or after TIME (2026-12-01T06:00, UTC unless it gives an offset)."),
                .flag("versions", help: "store export: every stored version, not only each item's latest."),
                .value("output", short: "o", valueName: "FILE", help: "store export: write FILE (whole, or not at all) instead of stdout; '-' is stdout."),
                .value("schema", valueName: "NAME", help: "store sync, store sql --db postgresql://…: the team database's schema (default apicli)."),
            ],
            actionHelp: [
                "sql": ActionHelp(
                    "Run one read-only SQL query on the store and print its rows in any format.",
                    usage: [
                        "apicli store sql \"SELECT …\" [--format table|json|ndjson|csv|line] [--fields A,B] [--template T] [--db PATH]",
                        "(one statement; anything that writes, attaches or loads is refused, exit 65)",
                    ],
                    examples: [
                        "apicli store sql \"SELECT headline, pub_date FROM nyt_articles ORDER BY pub_date DESC LIMIT 5\"",
                        "apicli store sql \"SELECT * FROM weather_places\" --format csv",
                        "apicli store schema                      # the tables and columns to query",
                    ]),
                "schema": ActionHelp(
                    "List the store's tables and columns, by provider.", usage: ["apicli store schema [--db PATH]"]),
                "export": ActionHelp(
                    "Export stored items as NDJSON, CSV or a SQLite file, for DuckDB, pandas, jq or psql; streamed.",
                    usage: [
                        "apicli store export [PROVIDER] [--format ndjson|csv|sqlite] [--since TIME] [--versions] [--output FILE]",
                        "(each line: provider, id, fetched_at, hash, query, content; sqlite needs --output; see docs/export.md)",
                    ],
                    examples: [
                        "apicli store export > items.ndjson                 # every provider's items, each in its latest version",
                        "apicli store export nyt --format csv --since 2026-12-01",
                        "apicli store export --format sqlite --output items.sqlite3",
                    ]),
                "sync": ActionHelp(
                    "Merge the store's items and versions with a team's PostgreSQL database, both ways.",
                    usage: [
                        "apicli store sync [postgresql://USER@HOST:PORT/DATABASE] [--schema NAME] [--db PATH]",
                        "(the URL, else APICLI_STORE_SYNC_URL or 'config set store.sync-url'; the password from",
                        "APICLI_PGPASSWORD, PGPASSWORD or 'config set store.sync-password', never the command line)",
                    ],
                    examples: [
                        "apicli config set store.sync-url postgresql://me@db.example.org/team",
                        "apicli config set store.sync-password    # asks for it, as for a key",
                        "apicli store sync                        # sends what is new here, receives what others sent",
                        "apicli store sql --db postgresql://me@db.example.org/team \"SELECT provider, count(*) FROM apicli.items GROUP BY 1\"",
                    ]),
                "prune": ActionHelp(
                    "Delete the versions fetched before a time, keeping each item's latest, in one transaction.",
                    usage: ["apicli store prune --keep DURATION [--db PATH]   (90d, 36h, 2w; default APICLI_STORE_KEEP)"]),
            ],
            examples: [
                "apicli store info                        # where the store is, its size, rows per provider",
                "apicli store clear nyt                   # empties NYT's tables only",
                "apicli store check                       # exit 70 when the store is damaged",
                "apicli store sql \"SELECT COUNT(*) FROM nyt_articles\" --format line",
            ]),
        BuiltinCommand(
            "history", runBy: HistoryHandler.self, summary: "Show the stored versions of one item and what changed between them.",
            usage: ["apicli history PROVIDER ITEM   (newest first; every --format, --fields, --template)"],
            operand: .provider,
            examples: [
                "apicli history nyt nyt://article/7c1e…   # an article's versions: headline, byline… old → new",
                "apicli history weather current/paris/metric/ --format csv",
                "apicli store sql \"SELECT DISTINCT item FROM nyt_versions\"   # the items that have versions",
            ]),
        BuiltinCommand(
            "completions", runBy: CompletionsHandler.self, summary: "Print a shell completion script (bash, zsh, fish).",
            usage: ["apicli completions bash|zsh|fish"], actions: ["bash", "zsh", "fish"]),
        BuiltinCommand("manpage", runBy: ManPageHandler.self, summary: "Print the man page (roff).", usage: ["apicli manpage"]),
        BuiltinCommand(
            "provider", runBy: ProviderFileCommand.self, summary: "Add, list, show, check or remove provider files (new APIs without recompiling).",
            usage: [
                "apicli provider add NAME --base-url URL --path /PATH --items KEYPATH --query-param P (--no-key | --key-param P | --key-header H) [--sample FILE]",
                "apicli provider add NAME --openapi FILE|URL [--operation OP]… [--query-param P] [--base-url URL | --server N] [--bearer] [--key-of PROVIDER] [--rate N/UNIT,…] [--spacing SECONDS] [--sample FILE]",
                "apicli provider list | show NAME | check NAME|FILE [--sample FILE] | remove NAME [--yes]",
            ],
            actions: ["add", "list", "show", "check", "remove"],
            operands: ["show": .fileProvider, "check": .fileProvider, "remove": .fileProvider],
            options: ProviderFileCommand.specs),
        BuiltinCommand(
            "api", runBy: APICommand.self, summary: "Send one request to a provider's API with its key, limits and cache; print the body as it came.",
            usage: [
                "apicli api PROVIDER PATH [-q NAME=VALUE]… [--include] [--paginate] [--refresh | --offline] [--verbose]",
                "apicli api PROVIDER PATH -X POST|PUT|PATCH|DELETE [-f|-F NAME=VALUE]… [--input FILE|-] [-H 'NAME: VALUE']… [--yes] [--dry-run]",
                "(after PROVIDER, -q is --query; --quiet keeps its long form)",
            ],
            operand: .provider, options: APIArguments.specs),
        BuiltinCommand(
            "mcp", runBy: MCPCommand.self,
            summary: "Serve every provider and the store to an AI agent as Model Context Protocol tools (stdio).",
            usage: ["apicli mcp [--allow-writes] [--max-wait SECONDS] [--db PATH] [--verbose]"],
            options: MCPCommand.specs,
            examples: [
                "apicli mcp                               # started by an agent host; speaks JSON-RPC on stdin/stdout",
                "apicli mcp --max-wait 5                  # a call that would wait longer for a rate limit answers at once",
            ]),
        BuiltinCommand(
            "quota", runBy: QuotaHandler.self, summary: "Show each key's requests this minute and day against its limits, the reserve, and the API's last word.",
            usage: ["apicli quota [PROVIDER]   (APICLI_HARVEST_RESERVE: the share of the day kept from harvests, default 10%)"],
            operand: .provider,
            examples: ["apicli quota nyt                         # NYT's key: apicli nyt, nyt-top, nyt-books…"]),
        BuiltinCommand(
            "harvest", runBy: HarvestHandler.self, summary: "Pull a long range (every Archive month, every search result) within the key's daily budget; resumable.",
            usage: [
                "apicli harvest nyt-archive --from YYYY-MM --to YYYY-MM [--wait]",
                "apicli harvest nyt WORDS --from YYYY-MM-DD --to YYYY-MM-DD [--fq FILTER] [--wait]",
                "apicli harvest NAME [OPERATION] [ARGS…] [--since-last FIELD] [-- OPTIONS…] [--wait]   (every page)",
                "apicli harvest --resume [JOB] [--wait] | --list",
            ],
            options: HarvestHandler.specs,
            examples: [
                "apicli harvest nyt-archive --from 2019-01 --to 2019-12   # 12 requests, one month each",
                "apicli harvest nyt climate --from 2020-01-01 --to 2020-12-31   # split until each range has at most 1,000",
                "apicli harvest nyt election --since-last pub_date -- --sort newest   # every page, then only what is newer",
                "apicli harvest --resume                                  # the newest unfinished job",
            ]),
        BuiltinCommand(
            "auth", runBy: AuthCommand.self, summary: "Sign in to an OAuth2 API, show the sign-in (never the token), or sign out.",
            usage: [
                "apicli auth login NAME [--flow device|authorization-code|client-credentials]",
                "apicli auth status [NAME] [--format json]",
                "apicli auth logout NAME",
                "(the client id and secret: NAME_CLIENT_ID and NAME_CLIENT_SECRET, or 'apicli config set NAME.client-id')",
            ],
            actions: ["login", "status", "logout"],
            operands: ["login": .provider, "status": .provider, "logout": .provider],
            options: AuthCommand.specs,
            examples: [
                "apicli config set spotify.client-id        # asks for the id; never an argument",
                "apicli auth login spotify                  # opens the sign-in page, waits for the redirect",
                "apicli auth status                         # flow, scopes, expiry; never the token",
                "apicli auth logout spotify                 # removes the token file",
            ]),
    ]

    /// The built-in command called `name`, if any.
    public static func named(_ name: String) -> BuiltinCommand? {
        all.first { $0.name == name }
    }
}
