import Foundation
import Synchronization

/// Where output goes: stdout for results only, stderr for everything else.
///
/// Results are written in one piece per command; tests capture both streams.
public protocol Console: Sendable {
    func out(_ text: String)
    func err(_ text: String)
}

/// The process's real stdout and stderr.
public struct StandardConsole: Console {
    public init() {}

    public func out(_ text: String) { FileHandle.standardOutput.write(Data(text.utf8)) }
    public func err(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }
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
