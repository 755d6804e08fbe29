#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Talks to an authorization server's endpoints (token, device authorization) for one
/// client: each call is a form POST (RFC 6749 §4, RFC 8628 §3.1) through the shared
/// transport, with the client secret, when there is one, in `Authorization: Basic`
/// (§2.3.1) and the client id in the form.
///
/// What it sends (secret, code, verifier, refresh and device codes) never reaches a
/// trace or an error: the trace line shows the method and the endpoint's URL, errors
/// are the transport's (which hold no body) or the server's `error` code alone.
struct TokenEndpoint: Sendable {
    var provider: ProviderDescriptor
    var client: OAuth2Client
    var transport: any ClientTransport
    var time: TimeSource
    var timeout: Duration
    var trace: (@Sendable (String) -> Void)?

    /// The token answer to a grant: `fields` plus the client id; `asked` are the scopes asked for.
    func token(
        _ url: URL, grant fields: [QueryItem], flow: OAuth2SignIn.Flow.Kind, asked: [String], keeping refresh: String? = nil
    ) async throws -> TokenResponse {
        let response = try await post(url, fields)
        return TokenResponse.read(response.body, flow: flow.rawValue, now: time.now(), asked: asked, keeping: refresh)
    }

    /// POSTs `fields` (with `client_id`) as a form to `url`.
    func post(_ url: URL, _ fields: [QueryItem]) async throws -> HTTPResponse {
        let form = PercentEncoding.formQuery([QueryItem("client_id", client.id)] + fields)
        // §2.3.1: id and secret are form-encoded before they are joined for Basic.
        let credential = client.secret.map {
            Credential(placement: .basic, value: PercentEncoding.encode(client.id) + ":" + PercentEncoding.encode($0))
        }
        let request = HTTPRequest(
            method: "POST", baseURL: url, path: "",
            headers: ["Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"],
            credential: credential, body: Data(form.utf8), isRead: false)
        var middlewares: [any ClientMiddleware] = [RedactionMiddleware()]
        if let trace { middlewares.append(TraceMiddleware(sink: trace, time: time)) }
        middlewares.append(SecretScrubMiddleware())
        let context = RequestContext(
            provider: provider.name, displayName: provider.displayName,
            deadline: time.now().addingTimeInterval(timeout.timeInterval), cacheMode: .refresh)
        do {
            return try await HTTPClient(transport: transport, middlewares: middlewares).send(request, context: context)
        } catch let error as HTTPClientError {
            throw CLIError(
                "could not reach \(provider.displayName)'s authorization server: \(error.description)", exitCode: .unavailable)
        }
    }
}
