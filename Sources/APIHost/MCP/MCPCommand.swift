#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APICore

/// `apicli mcp`: the Model Context Protocol over stdio, for an agent host to start.
///
/// Another front end over the same registry, pipeline and store: one tool per provider
/// command, described from the same description as help and completions, plus the
/// store's search, read-only SQL and schema (``ToolCatalog``). Ends with exit 0 when
/// stdin closes.
struct MCPCommand: BuiltinCommandHandler {
    let host: Host
    let command: BuiltinCommand

    static let defaultWait = 15

    static let specs: [OptionSpec] = [
        .flag("allow-writes", help: "Offer the operations that change data at an API too (each marked as a write)."),
        .value(
            "max-wait", valueName: "SECONDS",
            help: "The longest a tool call waits for a rate limit; one that would wait longer answers 'rate limited until …' at once.",
            default: String(defaultWait)),
    ]

    func run(_ words: [String]) async throws -> ExitCode {
        let parsed = try CommandLineParser(options: GlobalOptions.specs + Self.specs).parse(words)
        let console = host.environment.console
        if parsed.values["help"] == "true" {
            console.out(BuiltinHelpGenerator.help(for: command, action: nil))
            return .success
        }
        if let extra = parsed.positionals.first { throw UsageError("'apicli mcp' takes no argument, not '\(extra)'") }
        let options = try RunOptions(parsed.values, variables: host.environment.variables)
        if options.offline || options.refresh {
            throw UsageError("'apicli mcp' takes no --offline or --refresh: each tool call says (offline, refresh)")
        }
        let seconds = parsed.values["max-wait"] ?? String(Self.defaultWait)
        guard let wait = Int(seconds), (0...3_600).contains(wait) else {
            throw UsageError("--max-wait must be a whole number of seconds from 0 to 3600, not '\(seconds)'")
        }
        let settings = try host.loadSettings()
        let providers = host.registry.model(of: host.registry.readSources(whole: true)).providers
        let catalog = ToolCatalog(providers: providers, allowWrites: parsed.values["allow-writes"] == "true")
        let guardian = SecretGuard(descriptors: providers, settings: settings, variables: host.environment.variables)
        let output = MCPOutput(console: console, verbose: options.verbose, guardian: guardian)
        output.log("serving \(catalog.providerTools.count) provider tools and \(StoreTool.allCases.count) store tools; "
            + "\(catalog.withheldWrites.count) write operations withheld")
        let server = MCPServer(
            host: host, catalog: catalog, output: output, databasePath: options.databasePath, waitBound: .seconds(wait))
        await server.serve(StdinLines.stream())
        return .success
    }
}
