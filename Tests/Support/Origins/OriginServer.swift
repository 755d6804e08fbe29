import Foundation

/// `Scripts/origin-server.py` in a child process: one server reachable as several
/// origins (127.0.0.1:P, 127.0.0.2:P, 127.0.0.1:Q, each over HTTP and HTTPS on the
/// same port), which redirects or links to the origin a path names and logs every
/// request with the origin it reached. What the tests that a credential stays at
/// its origin read (see ``OriginPair``).
///
/// Needs python3 and openssl: a test that uses it declares `.needs("python3", "openssl")`.
///
/// One server serves a whole test run (``shared()``): each test case uses a path and a
/// credential of its own, so cases running side by side never read each other's lines.
public final class OriginServer: Sendable {
    /// The port 127.0.0.1 and 127.0.0.2 share.
    public let port: Int
    /// The other port of 127.0.0.1.
    public let otherPort: Int
    /// The authority that signed the certificate for 127.0.0.1, 127.0.0.2 and localhost.
    public let caFile: String
    private let process: Process
    private let directory: TemporaryDirectory

    /// One request as the server logged it.
    public struct Request: Sendable {
        /// `scheme://host:port`, as the request arrived.
        public var origin: String
        public var method: String
        public var target: String
        public var headers: [(name: String, value: String)]

        /// Everything the client sent in the head, for "the secret is nowhere in it" checks.
        public var headText: String {
            ([method + " " + target] + headers.map { "\($0.name): \($0.value)" }).joined(separator: "\n")
        }
    }

    public enum Failure: Error, CustomStringConvertible {
        case notStarted(String)
        public var description: String {
            switch self { case let .notStarted(why): "the origin server did not start: \(why)" }
        }
    }

    private static let instance = SharedInstance()

    /// The server of this test run, started on first use.
    public static func shared() async throws -> OriginServer { try await instance.server() }

    private actor SharedInstance {
        var started: OriginServer?

        func server() async throws -> OriginServer {
            if let started { return started }
            let server = try await OriginServer.start()
            started = server
            return server
        }
    }

    /// Starts a server on a thread of its own: making the authority and starting python3 take a while,
    /// and must not hold one of the few threads that run every test's tasks.
    public static func start(lifetime: Duration = .seconds(900)) async throws -> OriginServer {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try OriginServer(lifetime: lifetime) })
            }
        }
    }

    private init(lifetime: Duration) throws {
        directory = try TemporaryDirectory(prefix: "apicli-origins")
        let root = Fixtures.packageRoot.path
        let python = try RequiredTool.require("python3")
        if case .failure(let failed) = try TestAuthority.make(in: directory.path("ca")) {
            throw Failure.notStarted("make-test-ca: \(failed.text)")
        }
        caFile = directory.path("ca/ca.pem")
        process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [
            root + "/Scripts/origin-server.py", "--port-file", directory.path("port"),
            "--log", directory.path("log"), "--tls-cert", directory.path("ca/server.pem"),
            "--tls-key", directory.path("ca/server.key"), "--lifetime", String(lifetime.components.seconds),
        ]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var ports: [Int] = []
        for _ in 0..<1_000 where ports.count != 2 && process.isRunning {
            ports = ((try? String(contentsOfFile: directory.path("port"), encoding: .utf8)) ?? "")
                .split(separator: " ").compactMap { Int($0) }
            if ports.count != 2 { usleep(10_000) }
        }
        guard ports.count == 2 else {
            kill(process.processIdentifier, SIGKILL)
            throw Failure.notStarted("no ports after 10 s")
        }
        (port, otherPort) = (ports[0], ports[1])
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// `scheme://host:port` of one of the server's origins.
    public func origin(tls: Bool, host: String = "127.0.0.1", otherPort: Bool = false) -> String {
        "\(tls ? "https" : "http")://\(host):\(otherPort ? self.otherPort : port)"
    }

    /// Every request logged so far, in arrival order.
    public var requests: [Request] {
        let text = (try? String(contentsOfFile: directory.path("log"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let origin = object["origin"] as? String, let method = object["method"] as? String,
                  let target = object["target"] as? String, let headers = object["headers"] as? [[String]]
            else { return nil }
            return Request(
                origin: origin, method: method, target: target,
                headers: headers.compactMap { $0.count == 2 ? ($0[0], $0[1]) : nil })
        }
    }
}
