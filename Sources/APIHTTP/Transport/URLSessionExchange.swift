#if !os(Linux)
// Linux uses CurlTransport (see DefaultTransport): linking FoundationNetworking there would
// load libcurl and its dependencies into every start-up.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// One request in flight: owns its session and task, collects the body, and
/// resumes its continuation exactly once — with the response, or with the first
/// failure (body cap, deadline, cancellation, network).
///
/// It is the session's delegate; the session retains it until the exchange ends
/// and invalidates the session.
final class URLSessionExchange: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // @unchecked: every mutable field lives in `state`, behind the mutex.
    private let request: HTTPRequest
    private let maxBodyBytes: Int
    private let connectTimeout: Duration
    private let state = Mutex(State())

    private struct State {
        var continuation: CheckedContinuation<HTTPResponse, any Error>?
        var session: URLSession?
        var task: URLSessionDataTask?
        var response: HTTPURLResponse?
        var body = Data()
        /// Set once; later events are ignored.
        var finished = false
    }

    init(request: HTTPRequest, maxBodyBytes: Int, connectTimeout: Duration) {
        self.request = request
        self.maxBodyBytes = maxBodyBytes
        self.connectTimeout = connectTimeout
    }

    private var url: String { request.redactedURL }

    func start(continuation: CheckedContinuation<HTTPResponse, any Error>, timeLeft: TimeInterval) {
        let connectSeconds = connectTimeout.timeInterval
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = connectSeconds
        configuration.timeoutIntervalForResource = max(timeLeft, 1)
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpShouldSetCookies = false
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: queue)

        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.sentBody
        urlRequest.timeoutInterval = connectSeconds
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        for field in request.transportHeaders { urlRequest.setValue(field.value, forHTTPHeaderField: field.name) }
        let task = session.dataTask(with: urlRequest)

        let alreadyOver = state.withLock { state -> Bool in
            if state.finished { return true }
            state.continuation = continuation
            state.session = session
            state.task = task
            return false
        }
        if alreadyOver {
            // Cancelled before it started: `fail` found no continuation to resume.
            session.invalidateAndCancel()
            continuation.resume(throwing: HTTPClientError.cancelled(url: url))
            return
        }
        let budget = Duration.seconds(timeLeft)
        DispatchQueue.global().asyncAfter(deadline: .now() + timeLeft) { [weak self] in
            guard let self else { return }
            self.fail(.timedOut(url: self.url, after: budget))
        }
        task.resume()
    }

    /// Ends the exchange with `error` unless it has already ended.
    func fail(_ error: HTTPClientError) {
        finish(.failure(error))
    }

    private func finish(_ result: Result<HTTPResponse, HTTPClientError>) {
        let taken = state.withLock { state -> (CheckedContinuation<HTTPResponse, any Error>?, URLSession?)? in
            if state.finished { return nil }
            state.finished = true
            defer {
                state.continuation = nil
                state.session = nil
                state.task = nil
                state.body = Data()
            }
            return (state.continuation, state.session)
        }
        guard let (continuation, session) = taken else { return }
        switch result {
        case .success: session?.finishTasksAndInvalidate()
        case .failure: session?.invalidateAndCancel()
        }
        continuation?.resume(with: result.mapError { $0 as any Error })
    }

    // MARK: URLSessionDataDelegate

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let http = response as? HTTPURLResponse else {
            completionHandler(.cancel)
            fail(.connectionFailed(url: url, reason: "not an HTTP response"))
            return
        }
        state.withLock { $0.response = http }
        let declared = Self.declaredLength(http)
        if let declared, declared > maxBodyBytes {
            completionHandler(.cancel)
            fail(.bodyTooLarge(url: url, limit: maxBodyBytes))
            return
        }
        // Room for the whole announced body (already capped) up front: growing by
        // doubling copies the body each time it outgrows its buffer (two copies at once).
        if let declared, declared > 0 { state.withLock { $0.body.reserveCapacity(declared) } }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let tooLarge = state.withLock { state -> Bool in
            guard !state.finished else { return false }
            if state.body.count + data.count > maxBodyBytes { return true }
            state.body.append(data)
            return false
        }
        if tooLarge { fail(.bodyTooLarge(url: url, limit: maxBodyBytes)) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (response, body) = state.withLock { ($0.response, $0.body) }
        if let response, expectsBody(response), let declared = Self.declaredLength(response), body.count < declared {
            fail(.truncated(url: url, received: body.count, expected: declared))
            return
        }
        if let error {
            fail(TransportErrorMapping.clientError(error, url: url, connectTimeout: connectTimeout))
            return
        }
        guard let response else {
            fail(.connectionFailed(url: url, reason: "no response"))
            return
        }
        var answered = HTTPResponse(status: response.statusCode, headers: Self.headers(response), body: body)
        answered.url = response.url
        finish(.success(answered))
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        guard let target = newRequest.url, let allowed = RedirectPolicy.follow(target, from: request) else {
            completionHandler(nil)
            return
        }
        var followed = newRequest
        followed.url = allowed
        // URLSession copies the previous hop's headers: a header key is taken out for
        // another origin, and is then absent from every later hop too.
        if let name = request.credential?.placement.headerName, !RedirectPolicy.sendsKeyHeader(to: allowed, from: request) {
            followed.setValue(nil, forHTTPHeaderField: name)
        }
        completionHandler(followed)
    }

    // MARK: Helpers

    /// HEAD answers and 204/304 may announce a length without sending a body.
    private func expectsBody(_ response: HTTPURLResponse) -> Bool {
        request.method.uppercased() != "HEAD" && ![204, 304].contains(response.statusCode)
            && !(100..<200).contains(response.statusCode)
    }

    /// `Content-Length` when it counts the bytes the delegate will see: not when
    /// the body is compressed, since the delegate sees the decoded bytes.
    static func declaredLength(_ response: HTTPURLResponse) -> Int? {
        let encoding = response.value(forHTTPHeaderField: "Content-Encoding")?.lowercased() ?? "identity"
        guard encoding == "identity" || encoding.isEmpty else { return nil }
        return response.value(forHTTPHeaderField: "Content-Length").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }

    static func headers(_ response: HTTPURLResponse) -> HTTPHeaders {
        let pairs = response.allHeaderFields.compactMap { key, value -> (String, String)? in
            guard let name = key as? String else { return nil }
            return (name, "\(value)")
        }
        return HTTPHeaders(pairs.sorted { $0.0.lowercased() < $1.0.lowercased() })
    }
}
#endif
