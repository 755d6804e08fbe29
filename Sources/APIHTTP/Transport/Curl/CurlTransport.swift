#if os(Linux)
import CCurlShim
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The Linux transport: libcurl's multi interface, opened with `dlopen` on the
/// first request (see `CCurlShim`), so that a cache hit, `--offline` or
/// `--version` never loads libcurl and its dependencies.
///
/// What it guarantees, each enforced inside libcurl or its callbacks:
/// - the overall deadline (`RequestContext.deadline`, `CURLOPT_TIMEOUT_MS`), and a
///   connect/idle timeout (no byte for ``connectTimeout`` ends the exchange);
/// - a cap on *decoded* bytes, counted in the write callback, so a gzip bomb stops
///   at ``maxBodyBytes`` with memory bounded by the cap;
/// - a 2xx body handed to the context's ``LargeBodyRoute`` sink once it passes the
///   route's threshold, and from then on as it arrives: the transfer pauses while the
///   sink has no room, so memory stays bounded by the threshold and the sink's, whatever
///   the body's length;
/// - http and https only; redirects are followed here, one hop at a time, through
///   ``RedirectPolicy`` (the key never travels to another origin);
/// - one connection pool per transport, shared by concurrent requests: the host
///   makes one transport per run, so 50 cities reuse a handful of connections;
/// - certificates always verified; `extraCAFile` adds a trusted authority.
///
/// Every error carries `request.redactedURL`, never the real URL.
public struct CurlTransport: ClientTransport {
    /// The largest decoded body accepted; 32 MiB unless configured.
    public var maxBodyBytes: Int
    /// How long to wait for a connection, and for any byte once connected.
    public var connectTimeout: Duration
    /// Sent as `User-Agent` unless the request sets its own.
    public var userAgent: String?
    /// A PEM file of extra certificate authorities, trusted besides the system's.
    public var extraCAFile: String?
    private let engine: CurlEngine

    public static let defaultMaxBodyBytes = 32 * 1024 * 1024
    /// More hops than any real API needs; past it the exchange fails.
    static let maxRedirects = 10

    public init(
        maxBodyBytes: Int = CurlTransport.defaultMaxBodyBytes, connectTimeout: Duration = .seconds(10),
        userAgent: String? = nil, extraCAFile: String? = nil
    ) {
        self.maxBodyBytes = maxBodyBytes
        self.connectTimeout = connectTimeout
        self.userAgent = userAgent
        self.extraCAFile = extraCAFile
        engine = CurlEngine()
    }

    /// Starts opening libcurl on a thread of its own, for a caller that knows a request
    /// will follow, so that loading it (relocating it and the libraries it needs) overlaps
    /// what comes before that request: creating a fresh store, whose writes wait on the
    /// disk (docs/design/0038-large-answer-end-to-end.md). The first request initialises
    /// libcurl, as ever.
    public static func startLoading() {
        apicli_curl_preload()
    }

    public func send(_ request: HTTPRequest, context: RequestContext) async throws -> HTTPResponse {
        var url = request.url
        var method = request.method
        // A header key goes to the request's own origin only, and never again once a hop left it.
        var headers = request.transportHeaders
        let budget = Duration.seconds(max(0, context.deadline.timeIntervalSinceNow))
        for hop in 0...Self.maxRedirects {
            let response = try await exchange(
                request, url: url, method: method, headers: headers, deadline: context.deadline,
                budget: hop == 0 ? .zero : budget, largeBody: context.largeBody)
            guard let next = redirect(response, from: url, request: request) else {
                var answered = response
                answered.url = url
                return answered
            }
            if !RedirectPolicy.sendsKeyHeader(to: next, from: request) { headers = request.headers }
            url = next
            if response.status == 303 || ([301, 302].contains(response.status) && method.uppercased() == "POST") {
                method = "GET"
            }
        }
        throw HTTPClientError.connectionFailed(url: request.redactedURL, reason: "too many or broken redirects")
    }

    /// The next URL for a 3xx answer, or nil to return the answer itself.
    /// A request that carries a body, or whose method is not GET or HEAD, is not redirected:
    /// its 3xx is its answer, so that a write is never sent twice or to a second place.
    private func redirect(_ response: HTTPResponse, from url: URL, request: HTTPRequest) -> URL? {
        guard request.followsRedirects, [301, 302, 303, 307, 308].contains(response.status),
              let location = response.headers["Location"],
              let target = URL(string: location, relativeTo: url)?.absoluteURL,
              ["http", "https"].contains(target.scheme?.lowercased() ?? "")
        else { return nil }
        return RedirectPolicy.follow(target, from: request)
    }

    /// - Parameter budget: what a deadline already passed is reported as (zero before the first hop).
    private func exchange(
        _ request: HTTPRequest, url: URL, method: String, headers: HTTPHeaders, deadline: Date, budget: Duration,
        largeBody: LargeBodyRoute?
    ) async throws -> HTTPResponse {
        let remaining = deadline.timeIntervalSinceNow
        guard remaining > 0 else { throw HTTPClientError.timedOut(url: request.redactedURL, after: budget) }
        guard ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
            throw HTTPClientError.connectionFailed(url: request.redactedURL, reason: "only http and https URLs are supported")
        }
        if let port = url.port, !(1...65_535).contains(port) {
            throw HTTPClientError.connectionFailed(url: request.redactedURL, reason: "port \(port) is not a port number (1 to 65535)")
        }
        let options = CurlTransfer.Options(
            url: url.absoluteString, method: method, headers: headers,
            body: method == request.method ? request.sentBody : nil, userAgent: userAgent,
            maxBodyBytes: maxBodyBytes, connectTimeout: connectTimeout, budget: .seconds(remaining),
            extraCAFile: extraCAFile, redactedURL: request.redactedURL, secret: request.credential?.value,
            largeBody: largeBody)
        let transfer = CurlTransfer(options: options)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                engine.submit(transfer, continuation: continuation)
            }
        } onCancel: {
            transfer.cancel()
            engine.wake()
        }
    }
}
#endif
