#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Takes the request's secrets out of the response a server sent, before any
/// other layer sees it: a server that echoes the key (in a header, a body, an
/// `ETag`) must not put it in the response cache, the provider's tables or the
/// output. Each secret becomes `***`, as sent, percent-encoded or written with
/// JSON escapes (``SecretScrubber``).
///
/// It sits innermost, right above the transport, so the cache stores and every
/// layer above receives the scrubbed response. A body that streams to a
/// ``ResponseBodySink`` (past its ``LargeBodyRoute``'s threshold) is scrubbed on its
/// way there (``ScrubbingBodySink``).
public struct SecretScrubMiddleware: ClientMiddleware {
    public init() {}

    public func intercept(
        _ request: HTTPRequest,
        context: RequestContext,
        next: @Sendable (HTTPRequest, RequestContext) async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        let secrets = request.secrets
        guard !secrets.isEmpty else { return try await next(request, context) }
        var context = context
        // A body that streams is scrubbed on its way to the sink, chunk by chunk.
        if let route = context.largeBody {
            context.largeBody = route.wrapped { ScrubbingBodySink($0, scrubber: SecretScrubber(secrets: secrets)) }
        }
        let response = try await next(request, context)
        return Self.scrub(response, secrets: secrets)
    }

    /// `response` with every secret, however the server escaped it, replaced by `***`.
    static func scrub(_ response: HTTPResponse, secrets: [String]) -> HTTPResponse {
        let scrubber = SecretScrubber(secrets: secrets)
        var scrubbed = response
        scrubbed.headers = HTTPHeaders(response.headers.map { (scrubber.scrub($0.name), scrubber.scrub($0.value)) })
        scrubbed.body = scrubber.scrub(response.body)
        return scrubbed
    }
}
