import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real HTTP/1.1 server on a loopback address and an ephemeral port, started
/// by a test and answering from a script.
///
/// Each connection carries one request (`Connection: close`), served on its own
/// thread, so concurrent clients and slow scripted answers do not block
/// one another. The server stops on ``stop()``, on deinit, or by itself after
/// `maxLifetime`, so a forgotten server never outlives a test run; every loop in
/// it is bounded by a deadline.
///
/// ```swift
/// let server = try LoopbackServer { request in
///     request.path == "/data" ? .json(#"{"ok":true}"#) : .status(404)
/// }
/// defer { server.stop() }
/// // … point the client at server.baseURL, then assert on server.requests
/// ```
public final class LoopbackServer: Sendable {
    /// `127.0.0.1` unless another loopback address was asked for.
    public let host: String
    public let port: UInt16
    /// `http://<host>:<port>`, without a trailing slash.
    public let baseURL: URL
    private let core: ServerCore

    /// - Parameters:
    ///   - host: a loopback address; on Linux every `127.x.y.z` works, which gives a
    ///     second, distinct host for redirect tests.
    ///   - maxLifetime: after this the server closes its socket by itself.
    ///   - handler: the script: one answer per request.
    public init(
        host: String = "127.0.0.1",
        maxLifetime: Duration = .seconds(120),
        handler: @escaping @Sendable (RecordedRequest) -> ScriptedResponse
    ) throws {
        let listener = try Socket.listen(host: host)
        guard let url = URL(string: "http://\(host):\(listener.port)") else {
            close(listener.fd)
            throw LoopbackServerError.setup("bad host \(host)")
        }
        self.host = host
        self.port = listener.port
        self.baseURL = url
        self.core = ServerCore(listener: listener.fd, handler: handler)
        let core = self.core
        let lifetime = Date().addingTimeInterval(Self.seconds(maxLifetime))
        Thread.detachNewThread { core.acceptLoop(until: lifetime) }
    }

    /// A server that answers each path from its own queue, in order; the last
    /// answer of a queue repeats, and an unknown path gets 404.
    public convenience init(
        host: String = "127.0.0.1", maxLifetime: Duration = .seconds(120),
        routes: [String: [ScriptedResponse]]
    ) throws {
        let queues = ScriptedRoutes(routes)
        try self.init(host: host, maxLifetime: maxLifetime) { queues.next(for: $0.path) }
    }

    deinit { core.stop(wait: false) }

    /// Every request received so far, in arrival order.
    public var requests: [RecordedRequest] { core.requests }

    /// The requests whose path is `path`.
    public func requests(to path: String) -> [RecordedRequest] {
        core.requests.filter { $0.path == path }
    }

    /// Stops accepting connections and closes the listening socket. Idempotent.
    public func stop() { core.stop(wait: true) }

    /// A URL on this server: `url("/a/b")`.
    public func url(_ path: String) -> URL {
        baseURL.appendingPathComponent(path.hasPrefix("/") ? String(path.dropFirst()) : path)
    }

    static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}

public enum LoopbackServerError: Error, CustomStringConvertible {
    case setup(String)

    public var description: String {
        switch self {
        case let .setup(reason): "loopback server: \(reason)"
        }
    }
}

/// Per-path queues of scripted answers.
final class ScriptedRoutes: Sendable {
    private let queues: Mutex<[String: [ScriptedResponse]]>

    init(_ routes: [String: [ScriptedResponse]]) { queues = Mutex(routes) }

    func next(for path: String) -> ScriptedResponse {
        queues.withLock { queues in
            guard var queue = queues[path], let first = queue.first else { return .status(404, body: "no route") }
            if queue.count > 1 { queue.removeFirst() }
            queues[path] = queue
            return first
        }
    }
}
