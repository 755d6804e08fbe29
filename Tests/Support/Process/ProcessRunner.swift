import Foundation
import Synchronization

/// Runs a program to completion with captured output and a hard timeout: how
/// end-to-end tests run the built `apicli`, and how fixtures are gzipped.
public enum ProcessRunner {
    public struct Result: Sendable {
        public var exitCode: Int32
        public var stdout: Data
        public var stderr: Data
        /// True when the timeout killed the process.
        public var timedOut: Bool

        public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
        public var stderrText: String { String(decoding: stderr, as: UTF8.self) }
    }

    /// Runs `executable` and waits for it, at most `timeout`; then it is killed
    /// (SIGKILL) and `timedOut` is set.
    ///
    /// - Parameter environment: the whole environment of the child; nil inherits ours.
    public static func run(
        executable: URL,
        arguments: [String] = [],
        environment: [String: String]? = nil,
        stdin: Data = Data(),
        currentDirectory: URL? = nil,
        timeout: Duration = .seconds(60)
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors

        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()

        // Read both pipes while the child runs, so that a full pipe never blocks it.
        // Threads, not GCD: these block, and GCD's pool is as small as the machine.
        let out = Collected(), err = Collected()
        for (pipe, sink) in [(output, out), (errors, err)] {
            Thread.detachNewThread {
                sink.set(pipe.fileHandleForReading.readDataToEndOfFile())
                sink.done.signal()
            }
        }
        Thread.detachNewThread {
            try? input.fileHandleForWriting.write(contentsOf: stdin)
            try? input.fileHandleForWriting.close()
        }

        var timedOut = false
        if exited.wait(timeout: .now() + LoopbackServer.seconds(timeout)) == .timedOut {
            timedOut = true
            kill(process.processIdentifier, SIGKILL)
            _ = exited.wait(timeout: .now() + 5)
        }
        _ = out.done.wait(timeout: .now() + 5)
        _ = err.done.wait(timeout: .now() + 5)
        return Result(
            exitCode: process.terminationStatus, stdout: out.data, stderr: err.data, timedOut: timedOut
        )
    }

    /// The built `apicli` executable, next to the running test bundle
    /// (`.build/<triple>/<config>/`); `APICLI_BINARY` overrides it.
    public static func apicliExecutable() throws -> URL {
        var candidates: [URL] = []
        if let path = ProcessInfo.processInfo.environment["APICLI_BINARY"], !path.isEmpty {
            candidates.append(URL(fileURLWithPath: path))
        }
        let running = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        candidates.append(running.deletingLastPathComponent().appendingPathComponent("apicli"))
        if let first = CommandLine.arguments.first {
            let url = URL(fileURLWithPath: first).resolvingSymlinksInPath()
            candidates.append(url.deletingLastPathComponent().appendingPathComponent("apicli"))
            // macOS: …/debug/apicliPackageTests.xctest/Contents/MacOS/apicliPackageTests
            candidates.append(url.deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("apicli"))
        }
        candidates.append(Fixtures.packageRoot.appendingPathComponent(".build/debug/apicli"))
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate
        }
        throw LoopbackServerError.setup(
            "no built apicli binary (looked in \(candidates.map(\.path).joined(separator: ", "))); run `swift build`"
        )
    }

    /// Runs the built `apicli`.
    public static func apicli(
        _ arguments: [String], environment: [String: String], stdin: Data = Data(),
        timeout: Duration = .seconds(60)
    ) throws -> Result {
        try run(
            executable: apicliExecutable(), arguments: arguments, environment: environment, stdin: stdin,
            timeout: timeout
        )
    }
}

/// One pipe's bytes, handed from the reading thread to the caller.
private final class Collected: Sendable {
    private let value = Mutex(Data())
    let done = DispatchSemaphore(value: 0)
    func set(_ data: Data) { value.withLock { $0 = data } }
    var data: Data { value.withLock { $0 } }
}
