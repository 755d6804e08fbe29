import APIBasics
import Synchronization
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a large fresh answer's output waits while the answer still arrives and is
/// stored (``EarlyOutput``): a file in the temporary folder, unlinked as soon as it is
/// made, so that an answer printed piece by piece holds neither its items nor its text
/// in memory, whatever its length.
///
/// Why wait at all: the output is copied to stdout only once the page is whole, so an
/// answer that breaks off or cannot be read prints nothing of itself, as before; the
/// run shows the stored answer, or an error, instead of half a JSON array.
///
/// The file is made with the first bytes, so a run whose answer never streams makes none.
/// One that cannot be made, or stops taking bytes (a full disk), keeps what it took, and
/// the rest waits in memory: what is printed is never cut. Used from one thread at a time
/// (the page's decoding thread); the lock makes that safe to share, not fast to contend.
final class OutputSpool: Sendable {
    private let folder: String
    /// The most the file takes before it is treated as full (tests; a full disk otherwise).
    private let fileCapacity: Int
    private let state = Mutex(State())
    /// How much is read back from the file at once.
    static let readSize = 65_536

    private struct State {
        var opened = false
        /// -1 until the file is made, or if it could not be made.
        var descriptor: Int32 = -1
        /// False once a write to the file failed: it is still read back, never written again.
        var takesMore = true
        /// Bytes in the file, all of them whole.
        var written = 0
        /// What came after the file stopped taking bytes.
        var tail: [UInt8] = []
    }

    /// A spool in `folder` (`TMPDIR`; `/tmp` when empty). `fileCapacity`: where the file
    /// is full, for the tests of a full disk.
    init(in folder: String, fileCapacity: Int = .max) {
        self.folder = folder.isEmpty ? "/tmp" : folder
        self.fileCapacity = fileCapacity
    }

    deinit {
        state.withLock { if $0.descriptor >= 0 { close($0.descriptor) } }
    }

    /// A new file in `folder`, unlinked at once (nothing is left behind, whatever ends the
    /// run); -1 when none can be made.
    private static func open(in folder: String) -> Int32 {
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        var template = Array((base + "/apicli-answer-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return -1 }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        return descriptor
    }

    /// Adds `bytes` after what came before.
    func append(_ bytes: UnsafeRawBufferPointer) {
        state.withLock { state in
            if !state.opened {
                state.opened = true
                state.descriptor = Self.open(in: folder)
            }
            var done = 0
            while state.descriptor >= 0, state.takesMore, done < bytes.count, let base = bytes.baseAddress {
                let room = min(bytes.count - done, fileCapacity - (state.written + done))
                let count = room > 0 ? write(state.descriptor, base + done, room) : 0
                if count > 0 {
                    done += count
                } else if count < 0, errno == EINTR {
                    continue
                } else {
                    // Full, or failing: what it holds stays and is read back; the rest is kept here.
                    state.takesMore = false
                }
            }
            state.written += done
            if done < bytes.count { state.tail.append(contentsOf: bytes[done...]) }
        }
    }

    /// How many bytes it holds.
    var count: Int { state.withLock { $0.written + $0.tail.count } }

    /// Writes everything it holds to `console`'s stdout, in pieces that end between
    /// characters (a console that keeps text sees valid UTF-8 in each). Stops once stdout
    /// refuses output (a closed pipe: the console records it).
    func copy(to console: any Console) throws {
        try state.withLock { state in
            if state.tail.isEmpty, state.written > 0, console.out(copying: state.descriptor, count: state.written) { return }
            var buffer = [UInt8](repeating: 0, count: Self.readSize)
            var offset = 0
            var carried = 0
            while offset < state.written, console.outputFailure == nil {
                let wanted = min(Self.readSize - carried, state.written - offset)
                let read = buffer.withUnsafeMutableBytes { pread(state.descriptor, $0.baseAddress! + carried, wanted, off_t(offset)) }
                if read < 0, errno == EINTR { continue }
                guard read > 0 else {
                    throw CLIError(
                        "could not read the answer back from its temporary file: \(SystemErrorText.text(errno: errno))",
                        exitCode: .ioError)
                }
                offset += read
                let filled = carried + read
                // The last character may go on in the next read: it waits for it.
                let end = offset < state.written || !state.tail.isEmpty ? Self.lastBoundary(in: buffer[..<filled]) : filled
                console.out(bytes: Data(buffer[..<end]))
                carried = filled - end
                if carried > 0 { buffer.replaceSubrange(0..<carried, with: buffer[end..<filled]) }
            }
            let rest = buffer[..<carried] + state.tail
            if !rest.isEmpty, console.outputFailure == nil { console.out(bytes: Data(rest)) }
        }
    }

    /// Lets go of what it holds, and closes its file.
    ///
    /// Closing is what frees an unlinked file's pages (in `ext4_evict_inode`, a time that
    /// grows with the file): done by the thread that copied it, while the page is
    /// still being stored, it is not left to the run's last step on the main thread.
    func discard() {
        state.withLock { state in
            if state.descriptor >= 0 { close(state.descriptor) }
            state.descriptor = -1
            state.takesMore = false
            state.written = 0
            state.tail = []
        }
    }

    /// Where the last UTF-8 character that starts in `bytes` starts: the bytes before it are whole.
    static func lastBoundary(in bytes: ArraySlice<UInt8>) -> Int {
        var index = bytes.endIndex
        // A character is at most four bytes: look back no further.
        while index > bytes.startIndex, bytes.endIndex - index < 4 {
            index -= 1
            if bytes[index] & 0xC0 != 0x80 { return index }
        }
        return bytes.endIndex
    }
}
