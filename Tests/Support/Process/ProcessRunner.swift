import Foundation
import Synchronization

/// Runs a program to completion with captured output and a hard timeout: how
/// end-to-end tests run the built `apicli`, and how fixtures are gzipped.
///
/// It is `async` and does its blocking (pipe reads, waiting for the exit) on
/// threads of its own: blocking Swift's cooperative pool, which on a 2-core
/// machine has two threads, would stall every other test running in parallel.
public enum ProcessRunner {
    public struct Result: Sendable {
        public var exitCode: Int32
        public var stdout: Data
        public var stderr: Data
        /// True when the timeout killed the process.
        public var timedOut: Bool
        /// True when a signal ended it (a Swift trap is SIGILL or SIGTRAP); `exitCode` is then the signal's number.
        public var signalled: Bool = false

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
    ) async throws -> Result {
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
        let pid = process.processIdentifier

        Thread.detachNewThread {
            try? input.fileHandleForWriting.write(contentsOf: stdin)
            try? input.fileHandleForWriting.close()
        }
        // Both pipes are drained while the child runs, so a full pipe never blocks it.
        // A grandchild may keep them open after the child is gone: reading stops at
        // end of file, or two seconds after the child has exited.
        let exitedAt = ExitTime()
        let out = PipeDrain(output.fileHandleForReading, exitedAt: exitedAt)
        let err = PipeDrain(errors.fileHandleForReading, exitedAt: exitedAt)
        let timedOut = await onThread { () -> Bool in
            var killed = false
            if exited.wait(timeout: .now() + LoopbackServer.seconds(timeout)) == .timedOut {
                killed = true
                kill(pid, SIGKILL)
                _ = exited.wait(timeout: .now() + 5)
            }
            // The handler may run before Foundation marks the process as ended;
            // `terminationStatus` traps until it has.
            process.waitUntilExit()
            exitedAt.mark()
            return killed
        }
        return Result(
            exitCode: process.terminationStatus, stdout: await out.data(), stderr: await err.data(), timedOut: timedOut,
            signalled: process.terminationReason == .uncaughtSignal)
    }

    /// The variable that names the binary every end-to-end test runs, in place of the
    /// debug build: `.ci/run` points it at the release build (`Scripts/build-release`).
    public static let binaryVariable = "APICLI_TEST_BINARY"

    /// The `apicli` executable the end-to-end tests run: the one `APICLI_TEST_BINARY` names
    /// when it is set (and an error when that is not an executable file: never another
    /// binary in its place), else the build next to the running test bundle
    /// (`.build/<triple>/<config>/`).
    public static func apicliExecutable() throws -> URL {
        if let path = ProcessInfo.processInfo.environment[binaryVariable], !path.isEmpty {
            let named = URL(fileURLWithPath: path)
            guard FileManager.default.isExecutableFile(atPath: named.path) else {
                throw LoopbackServerError.setup("\(binaryVariable)=\(path) is not an executable file")
            }
            return named
        }
        var candidates: [URL] = []
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

    /// Runs the built `apicli` with exactly `environment` (nothing inherited), in
    /// `currentDirectory` or the system's temporary folder: never in the package, where
    /// a relative `--db` (the fuzz gives `--db -91,0`) would leave a store behind.
    public static func apicli(
        _ arguments: [String], environment: [String: String], stdin: Data = Data(),
        timeout: Duration = .seconds(60), currentDirectory: URL? = nil
    ) async throws -> Result {
        try await run(
            executable: apicliExecutable(), arguments: arguments, environment: environment, stdin: stdin,
            currentDirectory: currentDirectory ?? FileManager.default.temporaryDirectory, timeout: timeout
        )
    }

    /// Reads until end of file. A grandchild may hold the pipe open after the child
    /// is gone, so once the child has exited for two seconds an idle pipe ends the
    /// read too — but only when nothing is waiting in it, so a reader that was
    /// scheduled late on a loaded machine still gets every byte.
    fileprivate static func readLoop(_ fd: Int32, exitedAt: ExitTime) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 100)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            if ready == 0 {
                if exitedAt.isLongAgo { break }
                continue
            }
            let count = read(fd, &buffer, buffer.count)
            if count > 0 {
                data.append(contentsOf: buffer[0..<count])
            } else if count < 0 && (errno == EINTR || errno == EAGAIN) {
                continue
            } else {
                break
            }
        }
        return data
    }

    /// Runs blocking `work` on a thread of its own and awaits its result.
    private static func onThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: work()) }
        }
    }
}

/// A pipe drained by a thread of its own from the moment the child starts.
///
/// Not a task that starts one: at the start of a full test run the cooperative pool's two
/// threads are busy for tens of seconds, and a reader that waited for one let the child
/// fill the pipe's 64 KiB and block there until the timeout killed it (seen on CI).
/// Not `FileHandle.readDataToEndOfFile()`: it traps when a signal (SIGCHLD from a killed
/// child) interrupts the read.
private final class PipeDrain: Sendable {
    private struct State {
        var data: Data?
        var waiter: CheckedContinuation<Data, Never>?
    }

    private let state = Mutex(State())

    init(_ handle: FileHandle, exitedAt: ExitTime) {
        Thread.detachNewThread { [self] in
            // The closure holds `handle`, so its descriptor stays open (and is not reused
            // by another test's file) until reading is over.
            let data = withExtendedLifetime(handle) { ProcessRunner.readLoop(handle.fileDescriptor, exitedAt: exitedAt) }
            let waiter = state.withLock { state in
                state.data = data
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: data)
        }
    }

    /// Everything read, once the pipe ended.
    func data() async -> Data {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Data? in
                if let data = state.data { return data }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}

/// When the child exited, shared with the pipe readers.
private final class ExitTime: Sendable {
    private let date = Mutex<Date?>(nil)

    func mark() { date.withLock { $0 = Date() } }

    /// More than two seconds since the child exited.
    var isLongAgo: Bool { date.withLock { $0.map { Date().timeIntervalSince($0) > 2 } ?? false } }
}
