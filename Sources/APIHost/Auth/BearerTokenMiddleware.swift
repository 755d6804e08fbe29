/// Sends an OAuth2 provider's requests with a token that is good: renewed shortly before
/// it expires, also in the middle of a long run, and once after the API answers 401, when
/// the request is sent again once with the new token. A second 401 is the sign-in's end:
/// exit 77 saying to sign in again.
///
/// It sits inside the cache (a fresh hit needs no token, `--offline` never renews) and
/// outside retry and rate limit (the repeated request pays for its own slot). The renewed
/// token is the request's credential from here down, so the scrubbing below keeps it out of
/// what the server echoes.
struct BearerTokenMiddleware: ClientMiddleware {
    let session: OAuth2Session

    func intercept(
        _ request: HTTPRequest, context: RequestContext,
        next: @Sendable (HTTPRequest, RequestContext) async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        guard request.credential?.placement == .bearer else { return try await next(request, context) }
        var request = request
        let token = try await session.usable()
        request.credential = Credential(placement: .bearer, value: token.accessToken)
        let response = try await next(request, context)
        guard response.status == 401 else { return response }
        let renewed = try await session.renew(after: token.accessToken)
        request.credential = Credential(placement: .bearer, value: renewed.accessToken)
        let again = try await next(request, context)
        guard again.status == 401 else { return again }
        let provider = session.provider
        throw CLIError(
            "\(provider.displayName) refused the token it issued; run 'apicli auth login \(provider.name)'",
            exitCode: .permissionDenied)
    }
}
