#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Where output goes: stdout for results only, stderr for everything else.
///
/// Results are written in one piece per command; tests capture both streams.
public protocol Console: Sendable {
    func out(_ text: String)
    func err(_ text: String)
    /// Bytes for stdout exactly as they are, UTF-8 or not (`apicli api` prints a body as it came).
    func out(bytes: Data)
    /// The first write to stdout that failed, if any; later writes to it are skipped.
    var outputFailure: OutputFailure? { get }
    /// Copies `count` bytes of the file `descriptor` from its start to stdout in the kernel,
    /// with no copy through memory; false, having written nothing, where that cannot be done.
    func out(copying descriptor: Int32, count: Int) -> Bool
}

extension Console {
    public var outputFailure: OutputFailure? { nil }

    public func out(copying descriptor: Int32, count: Int) -> Bool { false }

    /// Consoles that hold text keep the bytes as UTF-8, invalid sequences replaced.
    public func out(bytes: Data) { out(String(decoding: bytes, as: UTF8.self)) }
}

/// Why stdout stopped taking output.
public enum OutputFailure: Sendable, Equatable {
    /// The reader went away (`apicli nyt x | head -1`): not an error, the run ends quietly.
    case closedPipe
    /// Anything else (`> /dev/full`, a closed descriptor): one error line and exit 74.
    case failed(reason: String)
}

/// The process's real stdout and stderr, written with `write(2)`.
///
/// Foundation's `FileHandle.write(_:)` traps when a write fails, so a full disk
/// or a closed pipe would crash the run; here a failure is recorded once and
/// the stream is left alone afterwards. SIGPIPE must be ignored (`main` does),
/// so that a closed pipe is an `EPIPE` error rather than a signal.
public final class StandardConsole: Console {
    private let failures = Mutex<(out: OutputFailure?, err: Bool)>((nil, false))

    public init() {}

    public func out(_ text: String) {
        guard failures.withLock({ $0.out == nil }) else { return }
        if let failure = Self.writeAll(text, to: STDOUT_FILENO) { failures.withLock { $0.out = $0.out ?? failure } }
    }

    public func err(_ text: String) {
        guard failures.withLock({ !$0.err }) else { return }
        if Self.writeAll(text, to: STDERR_FILENO) != nil { failures.withLock { $0.err = true } }
    }

    public func out(bytes: Data) {
        guard failures.withLock({ $0.out == nil }) else { return }
        let failure = bytes.withUnsafeBytes { Self.writeAll($0, to: STDOUT_FILENO) }
        if let failure { failures.withLock { $0.out = $0.out ?? failure } }
    }

    public var outputFailure: OutputFailure? { failures.withLock { $0.out } }

    /// `sendfile(2)`, which takes any output since Linux 2.6.33: a large answer's spool goes
    /// out with no read into memory and no second copy of each piece.
    public func out(copying descriptor: Int32, count: Int) -> Bool {
        #if os(Linux)
        guard failures.withLock({ $0.out == nil }) else { return true }
        var offset = off_t(0)
        while Int(offset) < count {
            let sent = sendfile(STDOUT_FILENO, descriptor, &offset, count - Int(offset))
            if sent > 0 { continue }
            guard sent < 0 else {
                failures.withLock { $0.out = $0.out ?? .failed(reason: "the answer's temporary file ended early") }
                return true
            }
            let code = errno
            if code == EINTR || code == EAGAIN { continue }
            // Nothing went out yet: the caller copies it as it would without the kernel's help.
            if offset == 0, code == EINVAL || code == ENOSYS { return false }
            let failure: OutputFailure = code == EPIPE ? .closedPipe : .failed(reason: String(cString: strerror(code)))
            failures.withLock { $0.out = $0.out ?? failure }
            return true
        }
        return true
        #else
        return false
        #endif
    }

    /// Writes the string's own UTF-8 bytes, all of them, retrying short writes
    /// and interruptions; the failure, if one stops it. No copy of the text is
    /// made (`--format ndjson` of a large answer is tens of MB).
    public static func writeAll(_ text: String, to descriptor: Int32) -> OutputFailure? {
        var text = text
        return text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
    }

    /// Writes `bytes`, all of them, retrying short writes and interruptions, as the text one does.
    public static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> OutputFailure? {
        guard var next = bytes.baseAddress else { return nil }
        var remaining = bytes.count
        while remaining > 0 {
            let written = write(descriptor, next, remaining)
            if written < 0 {
                let code = errno
                if code == EINTR { continue }
                if code == EPIPE { return .closedPipe }
                return .failed(reason: String(cString: strerror(code)))
            }
            next += written
            remaining -= written
        }
        return nil
    }
}

/// Collects what would be printed: for tests of the host in-process.
public final class CapturingConsole: Console {
    private let buffers = Mutex<(out: String, err: String)>(("", ""))

    public init() {}

    public func out(_ text: String) { buffers.withLock { $0.out += text } }
    public func err(_ text: String) { buffers.withLock { $0.err += text } }

    public var stdout: String { buffers.withLock { $0.out } }
    public var stderr: String { buffers.withLock { $0.err } }
}
