#if !os(Linux)
// Linux uses CurlTransport (see DefaultTransport): linking FoundationNetworking there would
// load libcurl and its dependencies into every start-up.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The transport: one URLSession data task per request, streamed through a
/// delegate so that the client, not the platform, decides when to give up.
///
/// Why a delegate rather than `session.data(for:)`:
/// - the body is counted as it arrives, *after* decompression (curl on Linux and
///   CFNetwork on Apple platforms hand decoded bytes to the delegate), so a huge
///   body or a gzip bomb is cut off at ``maxBodyBytes`` instead of filling memory;
/// - the overall deadline (`RequestContext.deadline`) is enforced by a timer that
///   cancels the task. FoundationNetworking on Linux ignores
///   `timeoutIntervalForResource`, so a server that drips one byte a second would
///   otherwise hold the CLI forever;
/// - a redirect can be inspected before it is followed (see ``RedirectPolicy``).
///
/// The per-request idle timeout (`timeoutIntervalForRequest`) serves as the
/// connect timeout: no byte within ``connectTimeout`` means the server is not
/// answering. Every error carries `request.redactedURL`, never the real URL.
public struct URLSessionTransport: ClientTransport {
    /// The largest decoded body accepted; 32 MiB unless configured.
    public var maxBodyBytes: Int
    /// How long to wait for a connection, and for any byte once connected.
    public var connectTimeout: Duration

    /// Sent as `User-Agent` unless the request sets its own.
    public var userAgent: String?
    /// Accepted for the same shape as ``CurlTransport``; Apple platforms trust the
    /// authorities in the system keychain, where an extra one is added.
    public var extraCAFile: String?

    public static let defaultMaxBodyBytes = 32 * 1024 * 1024

    public init(
        maxBodyBytes: Int = URLSessionTransport.defaultMaxBodyBytes, connectTimeout: Duration = .seconds(10),
        userAgent: String? = nil, extraCAFile: String? = nil
    ) {
        self.maxBodyBytes = maxBodyBytes
        self.connectTimeout = connectTimeout
        self.userAgent = userAgent
        self.extraCAFile = extraCAFile
    }

    /// URLSession is part of the system: nothing to load ahead (``CurlTransport/startLoading()``).
    public static func startLoading() {}

    public func send(_ request: HTTPRequest, context: RequestContext) async throws -> HTTPResponse {
        let remaining = context.deadline.timeIntervalSinceNow
        guard remaining > 0 else { throw HTTPClientError.timedOut(url: request.redactedURL, after: .zero) }
        var request = request
        if let userAgent, request.headers["User-Agent"] == nil { request.headers["User-Agent"] = userAgent }
        let exchange = URLSessionExchange(request: request, maxBodyBytes: maxBodyBytes, connectTimeout: connectTimeout)
        let shownURL = request.redactedURL
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                exchange.start(continuation: continuation, timeLeft: remaining)
            }
        } onCancel: {
            exchange.fail(.cancelled(url: shownURL))
        }
    }
}
#endif
