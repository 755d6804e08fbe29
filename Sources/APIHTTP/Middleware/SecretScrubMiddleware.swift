import Foundation

/// Takes the request's secrets out of the response a server sent, before any
/// other layer sees it: a server that echoes the key (in a header, a body, an
/// `ETag`) must not put it in the response cache, the provider's tables or the
/// output. Each secret becomes `***`.
///
/// It sits innermost, right above the transport, so the cache stores and every
/// layer above receives the scrubbed response.
public struct SecretScrubMiddleware: ClientMiddleware {
    public init() {}

    public func intercept(
        _ request: HTTPRequest,
        context: RequestContext,
        next: @Sendable (HTTPRequest, RequestContext) async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        let response = try await next(request, context)
        let secrets = request.secrets
        guard !secrets.isEmpty else { return response }
        return Self.scrub(response, secrets: secrets)
    }

    /// `response` with every occurrence of each secret (longest first) replaced by `***`.
    static func scrub(_ response: HTTPResponse, secrets: [String]) -> HTTPResponse {
        var scrubbed = response
        scrubbed.headers = HTTPHeaders(response.headers.map { (scrub($0.name, secrets), scrub($0.value, secrets)) })
        scrubbed.body = scrub(response.body, secrets)
        return scrubbed
    }

    static func scrub(_ text: String, _ secrets: [String]) -> String {
        secrets.reduce(text) { $0.replacingOccurrences(of: $1, with: "***") }
    }

    static func scrub(_ body: Data, _ secrets: [String]) -> Data {
        var body = body
        let mask = Data("***".utf8)
        for secret in secrets {
            let needle = Data(secret.utf8)
            var start = body.startIndex
            while start < body.endIndex, let found = body.range(of: needle, in: start..<body.endIndex) {
                body.replaceSubrange(found, with: mask)
                start = found.lowerBound + mask.count
            }
        }
        return body
    }
}
