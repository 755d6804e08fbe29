#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One line per attempt for `--verbose`: what was sent, what came back, how big
/// and how long.
///
/// ```
/// GET https://api.nytimes.com/svc/search/v2/articlesearch.json?q=rust&api-key=*** -> 200, 48213 B, 312 ms, attempt 1
/// GET https://api.openweathermap.org/data/2.5/forecast?q=Paris&appid=*** -> error: could not reach …: connection refused, 3 ms, attempt 2
/// ```
///
/// It sits innermost, next to the transport, so every retry is its own line and
/// a cache hit (answered further out) is reported by the cache instead. The URL
/// is always the redacted one.
public struct TraceMiddleware: ClientMiddleware {
    public var sink: @Sendable (String) -> Void
    public var time: TimeSource

    public init(sink: @escaping @Sendable (String) -> Void, time: TimeSource = .system) {
        self.sink = sink
        self.time = time
    }

    public func intercept(
        _ request: HTTPRequest,
        context: RequestContext,
        next: @Sendable (HTTPRequest, RequestContext) async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        let start = time.now()
        let head = "\(request.method.uppercased()) \(request.redactedURL)"
        do {
            let response = try await next(request, context)
            sink("\(head) -> \(response.status), \(response.bodyCount) B, \(elapsed(since: start)), attempt \(context.attempt)")
            return response
        } catch {
            sink("\(head) -> error: \(error), \(elapsed(since: start)), attempt \(context.attempt)")
            throw error
        }
    }

    private func elapsed(since start: Date) -> String {
        "\(Int(saturating: time.now().timeIntervalSince(start) * 1000, rounding: .toNearestOrAwayFromZero) ?? 0) ms"
    }
}
