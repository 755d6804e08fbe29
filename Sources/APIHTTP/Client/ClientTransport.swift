/// The one piece that actually talks to a server.
///
/// Exactly one transport sits at the bottom of an ``HTTPClient``; tests swap in a
/// stub. A transport returns every status as a response (a 404 is not an error
/// here) and throws ``HTTPClientError`` only when no complete response arrived.
public protocol ClientTransport: Sendable {
    func send(_ request: HTTPRequest, context: RequestContext) async throws -> HTTPResponse
}
