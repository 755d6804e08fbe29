#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One provider's OAuth2 token for one run: read from the token file, renewed shortly
/// before it expires and once after the API refuses it, with the refresh token (RFC 6749
/// §6) or, for client credentials, by asking for a new one (§4.4). Shared by every
/// request of the run, so concurrent requests renew once (docs/design/0247).
actor OAuth2Session {
    let provider: ProviderDescriptor
    let signIn: OAuth2SignIn
    let client: OAuth2Client?
    let file: TokenFile
    let endpoint: TokenEndpoint?
    let time: TimeSource
    /// The token as last read or obtained.
    private var token: OAuth2Token?

    /// Renewed this long before `expiresAt`, so a request does not leave with a token that expires on its way.
    static let margin: TimeInterval = 60

    init(provider: ProviderDescriptor, signIn: OAuth2SignIn, client: OAuth2Client?, file: TokenFile, endpoint: TokenEndpoint?, time: TimeSource) {
        self.provider = provider
        self.signIn = signIn
        self.client = client
        self.file = file
        self.endpoint = endpoint
        self.time = time
        token = file.read(provider.name)
    }

    /// The token on file, as this run started with it.
    var current: OAuth2Token? { token }

    /// A token good for at least ``margin`` more seconds: the one held, or a renewed one.
    func usable() async throws -> OAuth2Token {
        if let token, !token.expires(within: Self.margin, of: time.now()) { return token }
        return try await renew(after: token?.accessToken)
    }

    /// A token other than `rejected` (the one the API refused or that expires): one another
    /// run wrote meanwhile, else one renewed here; exit 77 saying to sign in again when
    /// neither is to be had.
    func renew(after rejected: String?) async throws -> OAuth2Token {
        let lock = TokenLock(folder: file.folder, provider: provider.name)
        defer { lock?.release() }
        if let stored = file.read(provider.name), stored.accessToken != rejected, !stored.expires(within: Self.margin, of: time.now()) {
            token = stored
            return stored
        }
        let held = file.read(provider.name) ?? token
        let renewed: OAuth2Token
        if let refresh = held?.refreshToken, let endpoint, let flow = signIn.flow(for: held?.flow) {
            let answer = try await endpoint.token(
                flow.tokenURL, grant: [QueryItem("grant_type", "refresh_token"), QueryItem("refresh_token", refresh)],
                flow: flow.kind, asked: held?.scopes ?? flow.scopes, keeping: refresh)
            guard case let .token(fresh) = answer else { throw Self.renewalFailed(provider, answer: answer) }
            renewed = fresh
        } else if let endpoint, let flow = signIn.flow(.clientCredentials),
                  held.map({ $0.flow == flow.kind.rawValue }) ?? (signIn.preferred?.kind == .clientCredentials) {
            do {
                renewed = try await ClientCredentialsGrant(endpoint: endpoint, flow: flow).run()
            } catch let error as CLIError where held != nil && error.exitCode != .unavailable {
                // A token was held and none replaces it: the same end as a refresh that fails.
                throw Self.renewalFailed(provider, answer: nil)
            }
        } else {
            throw Self.renewalFailed(provider, answer: nil)
        }
        try Self.save(renewed, for: provider, in: file)
        token = renewed
        return renewed
    }

    /// Writes `token`, or exit 74 naming the file.
    static func save(_ token: OAuth2Token, for provider: ProviderDescriptor, in file: TokenFile) throws {
        do {
            try file.write(token, for: provider.name)
        } catch {
            throw CLIError("could not write the token file \(file.path(of: provider.name)): \(error.reason)", exitCode: .ioError)
        }
    }

    /// Exit 77: the token is gone for good and only signing in again brings one back.
    static func renewalFailed(_ provider: ProviderDescriptor, answer: TokenResponse?) -> CLIError {
        let why: String = switch answer {
        case let .error(code)?: " (the authorization server answered '\(code)')"
        case .unreadable?: " (the authorization server's answer was not a token)"
        default: ""
        }
        return CLIError(
            "the \(provider.displayName) sign-in has expired and could not be renewed\(why); run 'apicli auth login \(provider.name)'",
            exitCode: .permissionDenied)
    }
}

extension OAuth2SignIn {
    /// The flow a token was obtained with (``OAuth2Token/flow``), else the preferred one.
    func flow(for name: String?) -> Flow? {
        name.flatMap(Flow.Kind.init(rawValue:)).flatMap(flow) ?? preferred
    }
}
