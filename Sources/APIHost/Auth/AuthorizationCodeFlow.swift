#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The authorization code grant (RFC 6749 §4.1) as a native app runs it: PKCE with `S256`
/// (RFC 7636) and a loopback redirect on 127.0.0.1 with a port of the moment (RFC 8252
/// §7.3). The page to sign in on is opened (``BrowserLaunch``) and always printed; the
/// answer must carry the `state` sent, else nothing is exchanged (§10.12).
struct AuthorizationCodeFlow: Sendable {
    var endpoint: TokenEndpoint
    var flow: OAuth2SignIn.Flow
    var tell: @Sendable (String) -> Void
    /// Opens the URL; false when nothing could be opened.
    var open: @Sendable (String) -> Bool
    /// How long the user has to sign in.
    var patience: Duration = .seconds(300)

    func run() async throws -> OAuth2Token {
        let provider = endpoint.provider
        guard let authorization = flow.authorizationURL else {
            throw CLIError("\(provider.name)'s provider file names no authorization endpoint", exitCode: .configuration)
        }
        let redirect = try LoopbackRedirect.listen()
        defer { redirect.close() }
        let pkce = PKCE.fresh()
        let state = PKCE.randomToken(bytes: 16)
        var query = [
            QueryItem("response_type", "code"), QueryItem("client_id", endpoint.client.id),
            QueryItem("redirect_uri", redirect.redirectURI),
        ]
        if !flow.scopes.isEmpty { query.append(QueryItem("scope", flow.scopes.joined(separator: " "))) }
        query += [QueryItem("state", state), QueryItem("code_challenge", pkce.challenge), QueryItem("code_challenge_method", "S256")]
        let base = authorization.absoluteString
        let url = base + (base.contains("?") ? "&" : "?") + PercentEncoding.formQuery(query)
        tell("To sign in to \(provider.displayName), open this page:\n  \(url)\n")
        if open(url) { tell("(opened in the browser) Waiting for the sign-in…\n") } else { tell("Waiting for the sign-in…\n") }
        guard let answer = await redirect.wait(until: endpoint.time.now().addingTimeInterval(patience.timeInterval)) else {
            throw CLIError(
                "no answer from the sign-in page within \(patience.components.seconds) seconds; run 'apicli auth login \(provider.name)' again",
                exitCode: .temporaryFailure)
        }
        guard answer["state"] == state else {
            throw CLIError(
                "the sign-in's answer did not carry the state apicli sent, so it was not used; run 'apicli auth login \(provider.name)' again",
                exitCode: .permissionDenied)
        }
        if let error = answer["error"] {
            let shown = TerminalSanitizer.clean(error)
            throw CLIError(
                error == "access_denied" ? "the sign-in to \(provider.displayName) was denied"
                    : "\(provider.displayName)'s authorization server refused the sign-in ('\(shown)')",
                exitCode: .permissionDenied)
        }
        guard let code = answer["code"], !code.isEmpty else {
            throw CLIError("the sign-in's answer carried no code", exitCode: .dataError)
        }
        let token = try await endpoint.token(
            flow.tokenURL,
            grant: [
                QueryItem("grant_type", "authorization_code"), QueryItem("code", code),
                QueryItem("redirect_uri", redirect.redirectURI), QueryItem("code_verifier", pkce.verifier),
            ],
            flow: flow.kind, asked: flow.scopes)
        switch token {
        case let .token(token): return token
        case let .error(code):
            throw CLIError("\(provider.displayName)'s authorization server refused the code ('\(code)')", exitCode: .permissionDenied)
        case .unreadable:
            throw CLIError("\(provider.displayName)'s authorization server did not answer with a bearer token", exitCode: .dataError)
        }
    }
}
