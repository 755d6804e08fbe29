#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `apicli api PROVIDER PATH`: one request (any method; a write only with `--yes` or a
/// yes on the terminal, and logged in the store's request log) through the provider's base URL, key,
/// rate limits, pacing, cache, retries and redaction, its body printed as it
/// came. It is how a plugin in any language (`apicli-NAME` on `PATH`) reaches an
/// API with the user's key and apicli's limits without handling either.
///
///     $ apicli api nyt /svc/topstories/v2/home.json | jq -r '.results[].title'
///
/// It goes through the same ``ClientFactory`` client as a provider run, so the
/// 5-a-minute NYT limit and its 12 s pacing hold across `apicli nyt`, `apicli api
/// nyt` and every process running either. Compiled providers and provider files
/// alike: only the descriptor is used (base URL, key, limits, cache time, paging).
struct APICommand: BuiltinCommandHandler {
    let host: Host
    let command: BuiltinCommand

    private var environment: HostEnvironment { host.environment }

    func run(_ words: [String]) async throws -> ExitCode {
        let arguments = try APIArguments(words, variables: environment.variables)
        if arguments.help {
            environment.console.out(command.helpText)
            return .success
        }
        guard let provider = try host.registry.provider(named: arguments.provider, running: nil) else {
            var message = "no provider named '\(arguments.provider)'"
            if let near = NearestName.suggest(arguments.provider, among: host.registry.allProviders.map(\.descriptor.name)) {
                message += "; did you mean '\(near)'?"
            }
            throw UsageError(message + " (see 'apicli providers')")
        }
        let descriptor = provider.descriptor
        let options = arguments.options
        let settings = try host.loadSettings()
        // A dry run sends nothing, not even to the authorization server.
        var lookup = options
        lookup.offline = options.offline || arguments.dryRun
        let (credential, session) = try await CredentialLookup.signedIn(
            for: descriptor, settings: settings, environment: environment, options: lookup)
        if let name = credential?.placement.queryName, arguments.query.contains(where: { $0.name == name }) {
            throw UsageError("-q \(name)=… is the key's parameter: apicli adds the key itself, from \(descriptor.credential?.environmentVariable ?? "the config")")
        }
        let baseURL = try settings.baseURL(for: descriptor, keyOwner: host.keyOwner(of: descriptor))
        let plan = try APIRequestPlan(
            arguments, keyPlacement: credential?.placement ?? descriptor.credential?.placement,
            configured: try HeaderOptions.configured(for: descriptor, settings: settings), readFile: Self.readInput)
        let isRead = HTTPRequest.isReadMethod(plan.method)
        if !isRead, arguments.paginate { throw UsageError("--paginate follows the pages of a read; \(plan.method) is a write") }
        if !isRead, options.offline, !arguments.dryRun {
            throw UsageError("--offline cannot send a \(plan.method): a write is never answered from the cache")
        }
        let pages = try APIPages(descriptor: descriptor, query: arguments.query + plan.extraQuery, paginate: arguments.paginate)
        let first = HTTPRequest(
            method: plan.method, baseURL: baseURL, path: arguments.path.sent(for: descriptor, baseURL: baseURL),
            query: pages.firstQuery, headers: plan.headers, credential: credential, body: plan.body)
        try Self.checkOrigin(first, baseURL: baseURL)
        if arguments.dryRun {
            environment.console.out(RequestDisplay.text(first))
            return .success
        }
        let decision = try WriteConfirmation.decide(
            first, yes: arguments.yes, stdinIsTerminal: environment.stdinIsTerminal, console: environment.console,
            readLine: environment.readLine)
        guard decision == .send else {
            environment.console.err("apicli: not sent\n")
            return .empty
        }

        if !options.offline { try ClientFactory.checkCAFile(environment.variables) }
        let paths = AppPaths(variables: environment.variables, databaseFlag: options.databasePath)
        let database = try paths.databaseLocation()
        // Only the default store's folder is made; a named one's folder must exist, as for a provider's run.
        let store = try StoreOpener.open(path: database, providers: [], intent: .create(folder: !paths.databaseIsNamed))
        let allowance = try KeyAllowance.of(descriptor, keyOwner: host.keyOwner(of: descriptor), variables: environment.variables)
        let client = ClientFactory.client(
            for: descriptor, allowance: allowance, store: store, environment: environment, options: options, session: session)
        let exchange = APIExchange(
            client: client, descriptor: descriptor, options: options, time: environment.time,
            messages: Messages(environment: environment, options: options))
        let printer = APIResponsePrinter(
            console: environment.console, include: arguments.include, onTerminal: environment.stdoutIsTerminal,
            secrets: first.secrets)

        var request = first
        var fetched: Set<String> = []
        while true {
            fetched.insert(request.cacheKey)
            let response = try await exchange.send(request, patient: fetched.count > 1)
            if !request.isRead { Self.log(request, response: response, descriptor: descriptor, store: store, exchange: exchange) }
            // An error page is not the answer a script reads: it shows with --include, for a look at it.
            if response.isSuccess || arguments.include { printer.print(response) }
            if !response.isSuccess { throw exchange.failure(response, path: request.path) }
            guard arguments.paginate else { return .success }
            switch pages.next(after: response, to: request, baseURL: baseURL, descriptor: descriptor, fetched: fetched) {
            case let .fetch(next):
                try Self.checkOrigin(next, baseURL: baseURL)
                request = next
            case let .stop(warning):
                if let warning {
                    exchange.messages.warning("stopped after \(fetched.count) page\(fetched.count == 1 ? "" : "s"): \(warning)")
                }
                return .success
            }
        }
    }

    /// Keeps a write's answer in the request log; a log that cannot be written is a warning,
    /// since the write itself went out and its answer is printed.
    private static func log(
        _ request: HTTPRequest, response: HTTPResponse, descriptor: ProviderDescriptor, store: Store, exchange: APIExchange
    ) {
        do {
            try RequestLog.record(request, response: response, provider: descriptor.name, at: exchange.time.now(), in: store)
        } catch {
            exchange.messages.warning("the answer was not kept in the request log: \(error)")
        }
    }

    /// The bytes of `--input FILE` or `@FILE` (`-`: standard input).
    static func readInput(_ path: String) throws -> Data {
        if path == "-" { return StandardInput.readAll() }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CLIError("cannot read \(path): \(SystemErrorText.describe(error))", exitCode: .noInput)
        }
    }

    /// Belt and braces after ``APIPath``: the URL sent has the base URL's origin and starts with its path,
    /// byte for byte (`hasPrefix` compares canonically: `e\u{301}` would pass for `é`, a path the server
    /// does not take for the same one).
    static func checkOrigin(_ request: HTTPRequest, baseURL: URL) throws {
        let sent = request.url
        var basePath = baseURL.path
        while basePath.hasSuffix("/") { basePath.removeLast() }
        guard RedirectPolicy.sendsKeyHeader(to: sent, from: request), sent.path.startsWithLiteral(basePath) else {
            throw UsageError("refused API path '\(request.path)': it would leave \(URLPassword.redacted(baseURL.absoluteString))")
        }
    }
}

extension BuiltinCommand {
    /// What `apicli <command> --help` prints: the summary, the usage lines and its own options.
    var helpText: String {
        "apicli \(name): \(summary)\n\nUSAGE:\n" + usage.map { "  \($0)\n" }.joined()
            + (options.isEmpty ? "" : "\nOPTIONS:\n" + HelpText.list(options.map { (HelpText.label(of: $0), $0.help) }))
    }
}

extension CredentialPlacement {
    /// The query parameter that carries the key; nil for a header.
    var queryName: String? {
        guard case let .query(name) = self else { return nil }
        return name
    }
}
