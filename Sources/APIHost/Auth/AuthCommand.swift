#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APICore

/// `apicli auth login|status|logout`: signs in to a provider whose key is an OAuth2 token,
/// shows what is held (never the token) and forgets it. See docs/oauth2.md.
struct AuthCommand: GlobalOptionsCommand {
    let host: Host
    let command: BuiltinCommand

    static let specs: [OptionSpec] = [
        .value(
            "flow", valueName: "FLOW",
            help: "auth login: the flow to run among those the provider declares (default: device, else authorization-code, else client-credentials).",
            choices: OAuth2SignIn.Flow.Kind.allCases.map(\.word)),
    ]

    static let usage = "usage: apicli auth login NAME [--flow FLOW] | status [NAME] [--format json] | logout NAME"

    func run(_ line: BuiltinLine) async throws -> ExitCode {
        let rest = Array(line.arguments.dropFirst())
        switch line.arguments.first {
        case "login":
            guard rest.count == 1 else { throw UsageError("usage: apicli auth login NAME [--flow FLOW]") }
            return try await login(try signingIn(rest[0]), options: line.options, flow: line.values["flow"])
        case "status":
            guard rest.count <= 1 else { throw UsageError("usage: apicli auth status [NAME] [--format json]") }
            let providers = try rest.first.map { [try signingIn($0)] } ?? host.registry.allProviders.map(\.descriptor)
                .filter { $0.credential?.oauth2 != nil }
            try status(providers, format: line.options.format)
            return .success
        case "logout":
            guard rest.count == 1 else { throw UsageError("usage: apicli auth logout NAME") }
            let descriptor = try signingIn(rest[0])
            let removed = try tokenFile().remove(descriptor.name)
            console.err(removed ? "apicli: signed out of \(descriptor.displayName)\n" : "apicli: not signed in to \(descriptor.displayName)\n")
            return .success
        case let verb?:
            var message = "unknown auth command '\(verb)'"
            if let near = NearestName.suggest(verb, among: ["login", "status", "logout"]) { message += "; did you mean '\(near)'?" }
            throw UsageError(message + "; " + Self.usage)
        case nil:
            throw UsageError(Self.usage)
        }
    }

    /// The description of `name`, which must sign in with OAuth2.
    private func signingIn(_ name: String) throws -> ProviderDescriptor {
        guard let provider = try host.registry.provider(named: name, running: nil) else {
            var message = "no provider named '\(name)'"
            if let near = NearestName.suggest(name, among: host.registry.allProviders.map(\.descriptor.name)) { message += "; did you mean '\(near)'?" }
            throw UsageError(message + " (see 'apicli providers')")
        }
        let descriptor = provider.descriptor
        guard descriptor.credential?.oauth2 != nil else {
            throw UsageError(
                "\(name) does not sign in with OAuth2: its provider file records no flow (a key from elsewhere is set with 'apicli config set \(descriptor.apiKeySetting)')")
        }
        return descriptor
    }

    private func tokenFile() throws -> TokenFile {
        TokenFile(configFolder: PathText.folder(of: try AppPaths(variables: host.environment.variables).configFileLocation()))
    }

    private func login(_ descriptor: ProviderDescriptor, options: RunOptions, flow word: String?) async throws -> ExitCode {
        guard let signIn = descriptor.credential?.oauth2 else { return .usage }
        let flow: OAuth2SignIn.Flow
        if let word {
            guard let kind = OAuth2SignIn.Flow.Kind(word: word), let chosen = signIn.flow(kind) else {
                throw UsageError(
                    "\(descriptor.name) offers no \(word) flow; it offers \(signIn.flows.map(\.kind.word).joined(separator: ", "))")
            }
            flow = chosen
        } else {
            guard let preferred = signIn.preferred else { return .usage }
            flow = preferred
        }
        let settings = try host.loadSettings()
        let names = OAuth2Client.Names(descriptor)
        guard let client = settings.oauth2Client(for: descriptor) else {
            throw CLIError(
                "no \(descriptor.displayName) client id: set \(names.idVariable) or run 'apicli config set \(names.idSetting)' "
                    + "(the id of the application registered with \(descriptor.displayName))", exitCode: .configuration)
        }
        try ClientFactory.checkCAFile(host.environment.variables)
        let environment = host.environment
        let console = environment.console
        let endpoint = TokenEndpoint(
            provider: descriptor, client: client, transport: ClientFactory.transport(environment), time: environment.time,
            timeout: options.timeout, trace: options.verbose ? { @Sendable line in console.err("apicli: " + line + "\n") } : nil)
        let tell: @Sendable (String) -> Void = { console.err($0) }
        let token: OAuth2Token
        switch flow.kind {
        case .clientCredentials:
            token = try await ClientCredentialsGrant(endpoint: endpoint, flow: flow).run()
        case .deviceAuthorization:
            token = try await DeviceAuthorizationFlow(endpoint: endpoint, flow: flow, tell: tell).run()
        case .authorizationCode:
            let variables = environment.variables
            let browser = BrowserLaunch.command(variables)
            token = try await AuthorizationCodeFlow(
                endpoint: endpoint, flow: flow, tell: tell,
                open: { url in browser.map { BrowserLaunch.open(url, with: $0, variables: variables) } ?? false }
            ).run()
        }
        let file = try tokenFile()
        try OAuth2Session.save(token, for: descriptor, in: file)
        console.err("apicli: signed in to \(descriptor.displayName) (\(flow.kind.word))\(Self.expiry(token, now: environment.time.now()))\n")
        return .success
    }

    private static func expiry(_ token: OAuth2Token, now: Date) -> String {
        guard let expiresAt = token.expiresAt else { return "" }
        return "; the token expires at \(expiresAt.ISO8601Format())" + (token.refreshToken == nil ? "" : " and is renewed by itself")
    }

    /// One line per provider, or a JSON array: flow, scopes, expiry, whether a refresh token is held.
    private func status(_ providers: [ProviderDescriptor], format: OutputFormat) throws {
        let file = try tokenFile()
        let now = host.environment.time.now()
        let rows = providers.map { descriptor in (descriptor, file.read(descriptor.name)) }
        if format == .json {
            let elements: [JSONValue] = rows.map { descriptor, token in
                var members: [JSONValue.Member] = [.init("provider", .string(descriptor.name)), .init("signed_in", .bool(token != nil))]
                if let token {
                    let kind = OAuth2SignIn.Flow.Kind(rawValue: token.flow)
                    members += [
                        .init("flow", .string(kind?.word ?? token.flow)),
                        .init("scopes", .array(token.scopes.map(JSONValue.string))),
                        .init("expires_at", token.expiresAt.map { .string($0.ISO8601Format()) } ?? .null),
                        .init("expired", .bool(token.expires(within: 0, of: now))),
                        .init("refresh_token", .bool(token.refreshToken != nil)),
                    ]
                }
                return .object(members)
            }
            console.out(JSONValue.array(elements).serialized(pretty: true) + "\n")
            return
        }
        if rows.isEmpty { console.err("apicli: no provider signs in with OAuth2 (see docs/oauth2.md)\n") }
        for (descriptor, token) in rows {
            guard let token else {
                console.out("\(descriptor.name): not signed in ('apicli auth login \(descriptor.name)')\n")
                continue
            }
            let kind = OAuth2SignIn.Flow.Kind(rawValue: token.flow)?.word ?? token.flow
            let scopes = token.scopes.isEmpty ? "no scopes" : "scopes " + token.scopes.joined(separator: " ")
            let expiry = token.expiresAt.map { ($0 <= now ? "expired at " : "expires at ") + $0.ISO8601Format() } ?? "no expiry given"
            let refresh = token.refreshToken == nil ? "no refresh token" : "refresh token held"
            console.out(TerminalSanitizer.clean("\(descriptor.name): signed in (\(kind)), \(scopes), \(expiry), \(refresh)") + "\n")
        }
    }
}
