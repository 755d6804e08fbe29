import Foundation

/// `Scripts/replay-server.py` in a child process: the loopback replay of recorded API
/// answers that `Scripts/demo` runs, so that a test sees what a reader of the README
/// sees when they run the same command against it.
///
/// It listens on 127.0.0.1 only and stops on ``stop()``, on deinit, or after
/// `lifetime`. Needs python3: a test that uses it declares `.needs("python3")`.
public final class ReplayServer: Sendable {
    public let baseURL: URL
    private let process: Process
    private let directory: TemporaryDirectory

    public enum Failure: Error, CustomStringConvertible {
        case notStarted(String)
        public var description: String {
            switch self { case let .notStarted(why): "the replay server did not start: \(why)" }
        }
    }

    /// Starts a server, on a thread of its own: starting python3 takes a while on a loaded
    /// machine, and blocking one of the few threads that run every test's tasks would stall
    /// the other tests.
    public static func start(lifetime: Duration = .seconds(600)) async throws -> ReplayServer {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try ReplayServer(lifetime: lifetime) })
            }
        }
    }

    private init(lifetime: Duration) throws {
        directory = try TemporaryDirectory(prefix: "apicli-replay")
        let portFile = directory.path("port")
        guard FileManager.default.createFile(atPath: portFile, contents: nil),
            let output = FileHandle(forWritingAtPath: portFile)
        else { throw Failure.notStarted("cannot write \(portFile)") }
        let python = try RequiredTool.require("python3")
        process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [
            Fixtures.packageRoot.path + "/Scripts/replay-server.py",
            "--lifetime", String(lifetime.components.seconds),
        ]
        process.standardOutput = output
        try process.run()
        try? output.close()
        var port: Substring?
        for _ in 0..<1000 {
            let text = (try? String(contentsOfFile: portFile, encoding: .utf8)) ?? ""
            port = text.split(separator: "\n").first { $0.hasPrefix("PORT ") }?.dropFirst(5)
            if port != nil || !process.isRunning { break }
            usleep(10_000)
        }
        guard let port, let url = URL(string: "http://127.0.0.1:" + port) else {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            throw Failure.notStarted("no port after 10 s")
        }
        baseURL = url
    }

    deinit { stop() }

    /// SIGKILL: a child of the test runner may inherit SIGTERM ignored.
    public func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}
