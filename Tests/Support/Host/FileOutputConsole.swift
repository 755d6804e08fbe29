import APIHost
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A console whose stdout is a real file, as `apicli … > answer.json` has it: what a run
/// writes straight into a ``SeekableOutput`` lands there, and the test reads the file.
/// stderr is kept as text.
public final class FileOutputConsole: Console {
    public let path: String
    private let descriptor: Int32
    private let errors = Mutex("")
    private let failure = Mutex<OutputFailure?>(nil)

    /// A file at `path` holding `before`, open for writing after it (as `>` then a first command's output).
    public init(path: String, before: String = "") throws {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        out(before)
    }

    deinit { close(descriptor) }

    public func out(_ text: String) { out(bytes: Data(text.utf8)) }
    public func err(_ text: String) { errors.withLock { $0 += text } }

    public func out(bytes: Data) {
        guard failure.withLock({ $0 == nil }) else { return }
        if let failed = bytes.withUnsafeBytes({ StandardConsole.writeAll($0, to: descriptor) }) {
            failure.withLock { $0 = $0 ?? failed }
        }
    }

    public var outputFailure: OutputFailure? { failure.withLock { $0 } }

    /// As the real console finds it: no descriptor is stderr's here.
    public var seekableOutput: SeekableOutput? { SeekableOutput.of(descriptor, errors: -1) }

    /// Where the next write goes.
    public var offset: Int { Int(lseek(descriptor, 0, SEEK_CUR)) }

    /// What stdout holds now.
    public var stdout: String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
    public var stderr: String { errors.withLock { $0 } }
}
