#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APIBasics

/// Defence in depth: no error leaves the client with the API key in its text.
///
/// Every layer already builds its errors from `request.redactedURL`, but a layer
/// written tomorrow, or an error from the platform, might not. This outermost
/// middleware checks the text of any error coming up for the key — as sent and
/// percent-encoded — and rewrites it with `***`. ``HTTPClientError`` keeps its
/// case; any other error becomes a ``RedactedError`` holding the cleaned text.
public struct RedactionMiddleware: ClientMiddleware {
    public init() {}

    public func intercept(
        _ request: HTTPRequest,
        context: RequestContext,
        next: @Sendable (HTTPRequest, RequestContext) async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        do {
            return try await next(request, context)
        } catch {
            let secrets = request.secrets
            guard !secrets.isEmpty else { throw error }
            throw Self.redact(error, forms: secrets)
        }
    }

    /// `error` unchanged when its text is clean, else rewritten with `***`.
    public static func redact(_ error: any Error, secret: String) -> any Error {
        redact(error, forms: Set([secret, PercentEncoding.encode(secret)]).sorted { $0.count > $1.count })
    }

    /// `error` unchanged when its text holds none of `forms` (longest first), else rewritten with `***`.
    static func redact(_ error: any Error, forms: [String]) -> any Error {
        func clean(_ text: String) -> String {
            forms.reduce(text) { $0.replacingAll($1, with: "***") }
        }
        let text = "\(error)" + " " + String(reflecting: error)
        guard forms.contains(where: { text.containsLiteral($0) }) else { return error }
        guard let error = error as? HTTPClientError else { return RedactedError(description: clean("\(error)")) }
        switch error {
        case let .connectionFailed(url, reason): return HTTPClientError.connectionFailed(url: clean(url), reason: clean(reason))
        case let .timedOut(url, after): return HTTPClientError.timedOut(url: clean(url), after: after)
        case let .bodyTooLarge(url, limit): return HTTPClientError.bodyTooLarge(url: clean(url), limit: limit)
        case let .badAnswer(url, reason): return HTTPClientError.badAnswer(url: clean(url), reason: clean(reason))
        case let .truncated(url, received, expected):
            return HTTPClientError.truncated(url: clean(url), received: received, expected: expected)
        case let .retryLater(url, after, reason):
            return HTTPClientError.retryLater(url: clean(url), after: after, reason: clean(reason))
        case let .offline(url): return HTTPClientError.offline(url: clean(url))
        case let .cancelled(url): return HTTPClientError.cancelled(url: clean(url))
        case let .transportUnavailable(reason): return HTTPClientError.transportUnavailable(reason: clean(reason))
        }
    }
}

/// An error from below the client whose text held the key, with the key replaced.
public struct RedactedError: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String

    public init(description: String) { self.description = description }
}
