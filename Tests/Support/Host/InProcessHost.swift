import APIHost
import APIHTTP
import Foundation

/// Runs apicli command lines in-process: a ``Host`` with the given sources, a
/// ``StubTransport``, a fixed environment under a temporary directory, and a
/// ``CapturingConsole`` per run. What a test asserts is the exit code and the
/// kind of message, not a process.
public struct InProcessHost: Sendable {
    public let directory: TemporaryDirectory
    public let transport: StubTransport
    public let registry: ProviderRegistry
    public let variables: [String: String]
    /// The clock and sleep the runs get: the system's, or a ``ManualClock`` so a test of a wait waits for nothing.
    public var time = TimeSource.system

    /// One run's result.
    public struct Run: Sendable {
        public var code: ExitCode
        public var stdout: String
        public var stderr: String
        /// The lines on stderr that report an error (`apicli: error: …`).
        public var errors: [String] { stderrLines.filter { $0.hasPrefix("apicli: error: ") } }
        /// The lines on stderr that warn (`apicli: warning: …`).
        public var warnings: [String] { stderrLines.filter { $0.hasPrefix("apicli: warning: ") } }
        /// Whether stderr is one error line and nothing else, with no Swift error dumped into it.
        public var isOneErrorLine: Bool {
            stderrLines.count == 1 && errors.count == 1 && !stderr.contains("Error(") && !stderr.contains("Swift.")
        }
        private var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }
    }

    public init(
        sources: [ProviderSource], variables: [String: String] = [:],
        answer: @escaping @Sendable (HTTPRequest, Int) throws -> HTTPResponse
    ) throws {
        directory = try TemporaryDirectory(prefix: "apicli-inprocess")
        transport = StubTransport(answer)
        registry = try ProviderRegistry(sources: sources)
        self.variables = [
            "XDG_CONFIG_HOME": directory.path("config"), "XDG_DATA_HOME": directory.path("data"),
            "HOME": directory.path(), "APICLI_DB": directory.path("store.sqlite3"),
        ].merging(variables) { _, given in given }
    }

    public func run(_ words: [String]) async -> Run {
        await run(words) { _ in }
    }

    /// `APICLI_TIMEOUT` for a run over a real connection, or one whose retries sleep in real time.
    /// In-process, the run shares the test runner's two cooperative threads with every test
    /// running beside it, and at the start of a full run those are busy for 25-30 s: a run's
    /// deadline, which starts when the run does, must bound a hang, not measure that wait (a
    /// refused connection was reported as a timeout, and a 503 retried until the deadline as
    /// "retry in 1 s" instead of "try again later").
    public static let realConnectionDeadline = "120"

    /// A JSON answer with `status`.
    public static func json(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
    }
}
