import Foundation

/// `Benchmarks/server.py` in a child process: real fixture bodies over HTTP/1.1
/// with keep-alive (``LoopbackServer`` closes every connection), optionally over
/// TLS with a throwaway authority from `Scripts/make-test-ca`, counting the
/// connections it accepts.
///
/// It listens on 127.0.0.1 only, and stops on ``stop()``, on deinit, after
/// `lifetime`, or when this process goes away. Needs python3 (and openssl for TLS): a test
/// that uses it declares `.needs("python3")` (and `"openssl"`).
public final class KeepAliveServer: Sendable {
    public let baseURL: URL
    /// The authority that signed the server's certificate, when it serves HTTPS.
    public let caFile: String?
    private let process: Process
    private let directory: TemporaryDirectory

    public enum Failure: Error, CustomStringConvertible {
        case notStarted(String)
        public var description: String {
            switch self { case let .notStarted(why): "the keep-alive server did not start: \(why)" }
        }
    }

    /// Starts a server. Making the authority and starting python3 take a while on a loaded machine,
    /// so they run on a thread of their own: blocking one of the few threads that run every test's
    /// tasks would stall the other tests (a 1 s deadline would seem to take 6).
    ///
    /// - Parameters:
    ///   - tls: serve HTTPS with a certificate for 127.0.0.1 signed by a fresh authority.
    ///   - latency: added before each answer.
    public static func start(tls: Bool = false, latency: Duration = .zero, lifetime: Duration = .seconds(120))
        async throws -> KeepAliveServer
    {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try KeepAliveServer(tls: tls, latency: latency, lifetime: lifetime) })
            }
        }
    }

    private init(tls: Bool, latency: Duration, lifetime: Duration) throws {
        directory = try TemporaryDirectory(prefix: "apicli-keepalive")
        let root = Fixtures.packageRoot.path
        let python = try RequiredTool.require("python3")
        var arguments = [
            root + "/Benchmarks/server.py", "--port-file", directory.path("port"), "--log", directory.path("log"),
            "--connections-file", directory.path("connections"),
            "--lifetime", String(lifetime.components.seconds),
            "--latency-ms", String(Double(latency.components.attoseconds) / 1e15 + Double(latency.components.seconds) * 1000),
        ]
        if tls {
            if case .failure(let failed) = try TestAuthority.make(in: directory.path("ca")) {
                throw Failure.notStarted("make-test-ca: \(failed.text)")
            }
            arguments += ["--tls-cert", directory.path("ca/server.pem"), "--tls-key", directory.path("ca/server.key")]
            caFile = directory.path("ca/ca.pem")
        } else {
            caFile = nil
        }
        process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var port: String?
        for _ in 0..<500 {
            port = try? String(contentsOfFile: directory.path("port"), encoding: .utf8)
            if port != nil || !process.isRunning { break }
            usleep(10_000)
        }
        guard let port, let url = URL(string: (tls ? "https" : "http") + "://127.0.0.1:" + port) else {
            kill(process.processIdentifier, SIGKILL)
            throw Failure.notStarted("no port after 5 s")
        }
        baseURL = url
    }

    deinit { stop() }

    /// Connections accepted so far.
    public var connections: Int {
        (try? String(contentsOfFile: directory.path("connections"), encoding: .utf8)).flatMap { Int($0) } ?? 0
    }

    /// Requests answered so far (one log line each).
    public var requestCount: Int {
        ((try? String(contentsOfFile: directory.path("log"), encoding: .utf8)) ?? "").split(separator: "\n").count
    }

    /// SIGKILL: a child of the test runner may inherit SIGTERM ignored.
    public func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}
