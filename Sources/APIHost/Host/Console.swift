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

    public func out(_ text: String) { Self.write(text, to: FileHandle.standardOutput) }
    public func err(_ text: String) { Self.write(text, to: FileHandle.standardError) }

    /// Writes the string's own UTF-8 bytes: `Data(text.utf8)` copied the whole
    /// output first, a second ~20 MB for `--format ndjson` of 20,000 articles.
    private static func write(_ text: String, to handle: FileHandle) {
        var text = text
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
            handle.write(Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: bytes.count, deallocator: .none))
        }
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
