/// The shared client: one transport under a chain of middleware.
///
/// Middleware run in the order given, the first outermost: with
/// `[cache, retry, rateLimit, trace]` a fresh cache hit costs no rate-limit token
/// and every retry is traced. `HTTPClient+Standard.swift` assembles the chain
/// every provider gets.
public struct HTTPClient: Sendable {
    public let transport: any ClientTransport
    public let middlewares: [any ClientMiddleware]

    public init(transport: any ClientTransport, middlewares: [any ClientMiddleware] = []) {
        self.transport = transport
        self.middlewares = middlewares
    }

    public func send(_ request: HTTPRequest, context: RequestContext) async throws -> HTTPResponse {
        let transport = self.transport
        var next: @Sendable (HTTPRequest, RequestContext) async throws -> HTTPResponse = { request, context in
            try await transport.send(request, context: context)
        }
        for middleware in middlewares.reversed() {
            let inner = next
            next = { request, context in
                try await middleware.intercept(request, context: context, next: inner)
            }
        }
        return try await next(request, context)
    }
}
