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
        /// The request body, sent as it is; nil sends none.
        var body: Data?
        var userAgent: String?
        var maxBodyBytes: Int
        var connectTimeout: Duration
        /// The time left before the request's deadline when it starts.
        var budget: Duration
        var extraCAFile: String?
        var redactedURL: String
        /// The key, kept out of any text libcurl hands back.
        var secret: String?
        /// Where a 2xx body goes once it is past the route's threshold (``LargeBodyRoute``); nil: kept whole.
        var largeBody: LargeBodyRoute?
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
        /// The status of the last status line read.
        var status = 0
        var bodyMode: BodyMode = .undecided
        /// Bytes handed to the sink.
        var streamed = 0
        /// The write callback paused the transfer because the sink had no room.
        var paused = false
        /// The sink has room again: the engine resumes the transfer.
        var resumeAsked = false
        /// The sink's reader wanted no more: the transfer stopped, and that is its answer.
        var readerStopped = false
        var sinkEnded = false
    }

    /// Where the body goes: settled at its first byte, and, for a body a route may
    /// take, again when it passes the route's threshold.
    enum BodyMode {
        case undecided, whole
        /// Held as a whole body is, until it passes the threshold.
        case held
        case streamed
    }

    /// What the write callback returns besides the count it took: stop, or pause.
    static let stop = 0
    static let pause = Int(APICLI_CURL_WRITEFUNC_PAUSE)

    /// Wakes the engine's thread; set by the engine when it takes the transfer.
    private let waker = Mutex<Waker?>(nil)

    /// The waker in a struct: a `Mutex` whose value is itself a function type wraps it in
    /// one more reabstraction thunk at every `withLock` (the value is written back through
    /// the generic `inout`), so calling it the n-th time costs n calls: a reader that pauses
    /// the transfer often would make resuming quadratic (docs/design/0023-no-mutex-of-function-type.md).
    private struct Waker: Sendable {
        let wake: @Sendable () -> Void
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

    func setWaker(_ wake: @escaping @Sendable () -> Void) {
        waker.withLock { $0 = Waker(wake: wake) }
    }

    /// Whether the engine should resume the paused transfer now (asked on its thread).
    func takeResume() -> Bool {
        state.withLock { state in
            guard state.paused && state.resumeAsked else { return false }
            state.paused = false
            state.resumeAsked = false
            state.lastByte = .now
            return true
        }
    }

    /// Why the engine must stop this transfer now, if it must: cancelled, or no
    /// byte for longer than the connect timeout.
    func stopReason(now: ContinuousClock.Instant) -> HTTPClientError? {
        state.withLock { state in
            if state.cancelled { return .cancelled(url: options.redactedURL) }
            // Paused for the reader, not silent: the reader always resumes or stops it.
            if !state.paused, now - state.lastByte > options.connectTimeout {
                return .timedOut(url: options.redactedURL, after: options.connectTimeout)
            }
            return nil
        }
    }

    /// When ``stopReason(now:)`` may next have something to say.
    var idleDeadline: ContinuousClock.Instant { state.withLock { $0.lastByte } + options.connectTimeout }

    // MARK: Callbacks (engine thread)

    /// Body bytes, already decoded: how many were taken (all of them), ``stop`` at the
    /// cap or when the sink's reader failed, ``pause`` when the sink has no room.
    func receive(_ bytes: UnsafeRawBufferPointer) -> Int {
        enum Step { case taken, offer(held: Data), stream, stop }
        let step = state.withLock { state -> Step in
            state.lastByte = .now
            guard state.body.count + state.streamed + bytes.count <= options.maxBodyBytes else {
                state.overflow = true
                return .stop
            }
            if state.bodyMode == .undecided {
                let offered = options.largeBody != nil && (200..<300).contains(state.status)
                    && options.method.uppercased() != "HEAD"
                state.bodyMode = offered ? .held : .whole
            }
            switch state.bodyMode {
            case .streamed:
                return .stream
            case .held:
                guard let threshold = options.largeBody?.threshold, state.body.count + bytes.count > threshold else {
                    // Room up front for an announced body that stays within the threshold only.
                    Self.append(bytes, to: &state, limit: min(options.maxBodyBytes, options.largeBody?.threshold ?? 0))
                    return .taken
                }
                // Past the threshold: the sink takes the body from here, the bytes held first.
                state.bodyMode = .streamed
                defer { state.body = Data() }
                return .offer(held: state.body)
            case .undecided, .whole:
                Self.append(bytes, to: &state, limit: options.maxBodyBytes)
                return .taken
            }
        }
        switch step {
        case .taken: return bytes.count
        case .stop: return Self.stop
        case let .offer(held):
            guard let sink = options.largeBody?.sink else { return Self.stop }
            let headers = HTTPHeaders(state.withLock { $0.headers })
            guard sink.begin(status: state.withLock { $0.status }, headers: headers, resume: { [weak self] in self?.resume() })
            else {
                state.withLock { state in
                    state.bodyMode = .whole
                    state.body = held
                    Self.append(bytes, to: &state, limit: options.maxBodyBytes)
                }
                return bytes.count
            }
            // A sink just begun has room: what was held goes at once, then these bytes as usual.
            if !held.isEmpty {
                guard held.withUnsafeBytes({ sink.receive($0) }) else {
                    state.withLock { $0.readerStopped = true }
                    return Self.stop
                }
                state.withLock { $0.streamed += held.count }
            }
            return stream(bytes, to: sink)
        case .stream:
            guard let sink = options.largeBody?.sink else { return Self.stop }
            return stream(bytes, to: sink)
        }
    }

    private func stream(_ bytes: UnsafeRawBufferPointer, to sink: any ResponseBodySink) -> Int {
        guard sink.hasRoom else {
            state.withLock { $0.paused = true }
            return Self.pause
        }
        guard sink.receive(bytes) else {
            state.withLock { $0.readerStopped = true }
            return Self.stop
        }
        state.withLock { $0.streamed += bytes.count }
        return bytes.count
    }

    /// The sink has room again (any thread).
    private func resume() {
        state.withLock { $0.resumeAsked = true }
        waker.withLock { $0 }?.wake()
    }

    private static func append(_ bytes: UnsafeRawBufferPointer, to state: inout State, limit: Int) {
        if state.body.isEmpty, let declared = declaredLength(state.headers), declared <= limit {
            // Room for the whole announced body up front: no doubling copies.
            state.body.reserveCapacity(declared)
        }
        state.body.append(contentsOf: bytes)
    }

    /// One header line; a status line starts a new header block (1xx answers).
    func receiveHeader(_ bytes: UnsafeRawBufferPointer) {
        let line = String(decoding: bytes, as: UTF8.self).trimmed(.whitespacesAndNewlines)
        state.withLock { state in
            state.lastByte = .now
            if line.hasPrefix("HTTP/") {
                state.headers = []
                state.status = line.pieces(between: " ", omittingEmpty: true).dropFirst().first.flatMap { Int($0) } ?? 0
            } else if let (name, value) = line.cut(atFirst: ":") {
                state.headers.append((String(name).trimmed(.whitespaces), String(value).trimmed(.whitespaces)))
            }
        }
    }

    // MARK: Completion

    /// Turns libcurl's verdict into a response or an error and resumes the caller.
    func complete(_ code: CURLcode, status: Int, detail: CurlFailureDetail) {
        let (headers, body, overflow, elapsed, mode, streamed, readerStopped) = state.withLock { state in
            (state.headers, state.body, state.overflow, ContinuousClock.now - state.started, state.bodyMode,
             state.streamed, state.readerStopped)
        }
        let received = mode == .streamed ? streamed : body.count
        let declared = Self.declaredLength(headers)
        if code == CURLE_OK || code == CURLE_PARTIAL_FILE, expectsBody(status), let declared, received < declared {
            finish(.failure(.truncated(url: options.redactedURL, received: received, expected: declared)))
            return
        }
        if code == CURLE_OK || readerStopped {
            var response = HTTPResponse(status: status, headers: HTTPHeaders(headers), body: body)
            if mode == .streamed {
                response.bodyStreamed = true
                response.streamedBytes = streamed
            }
            finish(.success(response))
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
        // The sink hears how its body ended before anyone hears of the response.
        let sink = state.withLock { state -> (any ResponseBodySink)? in
            guard state.bodyMode == .streamed, !state.sinkEnded else { return nil }
            state.sinkEnded = true
            return options.largeBody?.madeSink
        }
        if case let .failure(error) = result { sink?.end(error) } else { sink?.end(nil) }
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
