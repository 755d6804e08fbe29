/// One concern wrapped around the transport: retry, rate limit, cache, redaction, trace.
///
/// A middleware may answer by itself (a fresh cache hit), call `next` once or
/// several times (a retry), or change the request and context it passes down.
public protocol ClientMiddleware: Sendable {
    func intercept(
        _ request: HTTPRequest,
        context: RequestContext,
        next: @Sendable (HTTPRequest, RequestContext) async throws -> HTTPResponse
    ) async throws -> HTTPResponse
}
