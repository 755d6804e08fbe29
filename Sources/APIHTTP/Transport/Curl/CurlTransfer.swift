#if os(Linux)
import CCurlShim
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APIBasics
import Synchronization

/// One request on one libcurl easy handle: its options, the body and headers
/// as they arrive, and the continuation it resumes exactly once.
///
/// libcurl calls back on the engine's thread; the caller's task may cancel from
/// any thread. Everything mutable sits behind the mutex.
final class CurlTransfer: Sendable {
    struct Options: Sendable {
        var url: String
        var method: String
        var headers: HTTPHeaders
        var userAgent: String?
        var maxBodyBytes: Int
        var connectTimeout: Duration
        /// The time left before the request's deadline when it starts.
        var budget: Duration
        var extraCAFile: String?
        var redactedURL: String
        /// The key, kept out of any text libcurl hands back.
        var secret: String?
    }

    let options: Options
    private let state: Mutex<State>

    private struct State {
        var continuation: CheckedContinuation<HTTPResponse, any Error>?
        var finished = false
        var cancelled = false
        var overflow = false
        var started = ContinuousClock.now
        var lastByte = ContinuousClock.now
        var headers: [(String, String)] = []
        var body = Data()
    }

    init(options: Options) {
        self.options = options
        state = Mutex(State())
    }

    /// Takes the continuation; false when the caller already cancelled (then it
    /// was resumed with `.cancelled` here).
    func begin(_ continuation: CheckedContinuation<HTTPResponse, any Error>) -> Bool {
        let proceed = state.withLock { state -> Bool in
            if state.cancelled { return false }
            state.continuation = continuation
            state.started = .now
            state.lastByte = .now
            return true
        }
        if !proceed { continuation.resume(throwing: HTTPClientError.cancelled(url: options.redactedURL)) }
        return proceed
    }

    func cancel() {
        state.withLock { $0.cancelled = true }
    }

    /// Why the engine must stop this transfer now, if it must: cancelled, or no
    /// byte for longer than the connect timeout.
    func stopReason(now: ContinuousClock.Instant) -> HTTPClientError? {
        state.withLock { state in
            if state.cancelled { return .cancelled(url: options.redactedURL) }
            if now - state.lastByte > options.connectTimeout {
                return .timedOut(url: options.redactedURL, after: options.connectTimeout)
            }
            return nil
        }
    }

    /// When ``stopReason(now:)`` may next have something to say.
    var idleDeadline: ContinuousClock.Instant { state.withLock { $0.lastByte } + options.connectTimeout }

    // MARK: Callbacks (engine thread)

    /// Body bytes, already decoded; false stops the transfer at the cap.
    func receive(_ bytes: UnsafeRawBufferPointer) -> Bool {
        state.withLock { state in
            state.lastByte = .now
            guard state.body.count + bytes.count <= options.maxBodyBytes else {
                state.overflow = true
                return false
            }
            if state.body.isEmpty, let declared = Self.declaredLength(state.headers), declared <= options.maxBodyBytes {
                // Room for the whole announced body up front: no doubling copies.
                state.body.reserveCapacity(declared)
            }
            state.body.append(contentsOf: bytes)
            return true
        }
    }

    /// One header line; a status line starts a new header block (1xx answers).
    func receiveHeader(_ bytes: UnsafeRawBufferPointer) {
        let line = String(decoding: bytes, as: UTF8.self).trimmed(.whitespacesAndNewlines)
        state.withLock { state in
            state.lastByte = .now
            if line.hasPrefix("HTTP/") {
                state.headers = []
            } else if let colon = line.firstIndex(of: ":") {
                let name = String(line[..<colon]).trimmed(.whitespaces)
                let value = String(line[line.index(after: colon)...]).trimmed(.whitespaces)
                state.headers.append((name, value))
            }
        }
    }

    // MARK: Completion

    /// Turns libcurl's verdict into a response or an error and resumes the caller.
    func complete(_ code: CURLcode, status: Int, detail: CurlFailureDetail) {
        let (headers, body, overflow, elapsed) = state.withLock { state in
            (state.headers, state.body, state.overflow, ContinuousClock.now - state.started)
        }
        let declared = Self.declaredLength(headers)
        if code == CURLE_OK || code == CURLE_PARTIAL_FILE, expectsBody(status), let declared, body.count < declared {
            finish(.failure(.truncated(url: options.redactedURL, received: body.count, expected: declared)))
            return
        }
        if code == CURLE_OK {
            finish(.success(HTTPResponse(status: status, headers: HTTPHeaders(headers), body: body)))
            return
        }
        if overflow || code == CURLE_FILESIZE_EXCEEDED {
            finish(.failure(.bodyTooLarge(url: options.redactedURL, limit: options.maxBodyBytes)))
            return
        }
        var detail = detail
        detail.status = status
        finish(.failure(CurlErrorMapping.clientError(code, detail: detail, elapsed: elapsed, options: options)))
    }

    /// Resumes the caller once; later calls do nothing.
    func finish(_ result: Result<HTTPResponse, HTTPClientError>) {
        let continuation = state.withLock { state -> CheckedContinuation<HTTPResponse, any Error>? in
            if state.finished { return nil }
            state.finished = true
            state.body = Data()
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(with: result.mapError { $0 as any Error })
    }

    /// HEAD answers, 1xx, 204 and 304 may announce a length without sending a body.
    private func expectsBody(_ status: Int) -> Bool {
        options.method.uppercased() != "HEAD" && ![204, 304].contains(status) && !(100..<200).contains(status)
    }

    /// `Content-Length` when it counts the bytes the write callback sees: not
    /// when the body is compressed, since libcurl hands over decoded bytes.
    static func declaredLength(_ headers: [(String, String)]) -> Int? {
        let fields = HTTPHeaders(headers)
        let encoding = fields["Content-Encoding"]?.lowercased() ?? "identity"
        guard encoding == "identity" || encoding.isEmpty else { return nil }
        return fields["Content-Length"].flatMap { Int($0.trimmed(.whitespaces)) }
    }
}
#endif
