/// The client credentials grant (RFC 6749 §4.4): the client's own id and secret buy a
/// token, no user involved. `auth login` runs it at once, and a run without a token runs
/// it by itself.
struct ClientCredentialsGrant: Sendable {
    var endpoint: TokenEndpoint
    var flow: OAuth2SignIn.Flow

    func run() async throws -> OAuth2Token {
        let provider = endpoint.provider
        guard endpoint.client.secret != nil else {
            let names = OAuth2Client.Names(provider)
            throw CLIError(
                "no \(provider.displayName) client secret, which the client credentials flow needs: set \(names.secretVariable) "
                    + "or run 'apicli config set \(names.secretSetting)'", exitCode: .configuration)
        }
        var fields = [QueryItem("grant_type", "client_credentials")]
        if !flow.scopes.isEmpty { fields.append(QueryItem("scope", flow.scopes.joined(separator: " "))) }
        let answer = try await endpoint.token(flow.tokenURL, grant: fields, flow: flow.kind, asked: flow.scopes)
        switch answer {
        case let .token(token): return token
        case let .error(code):
            throw CLIError(
                "\(provider.displayName)'s authorization server refused the client credentials ('\(code)'); check "
                    + "\(OAuth2Client.Names(provider).idVariable) and \(OAuth2Client.Names(provider).secretVariable)",
                exitCode: .permissionDenied)
        case .unreadable:
            throw CLIError("\(provider.displayName)'s authorization server did not answer with a bearer token", exitCode: .dataError)
        }
    }
}
