#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The file `store export --output FILE` writes, made whole under a temporary name
/// beside it and renamed into place: until the rename the old file (or none) is there,
/// after it the new one is complete. A failure, a closed reader or Ctrl-C removes the
/// temporary file, so no half export is ever found at FILE. Only `kill -9` can leave the
/// temporary file (`FILE.new-…`), never a half FILE.
final class ExportFile {
    let path: String
    let temporary: String
    private var descriptor: Int32
    private var committed = false

    /// Whether the file is written where it is: a device or a pipe (`/dev/null`, a FIFO)
    /// cannot be replaced by a rename, and must not be.
    let inPlace: Bool

    /// Creates the temporary file beside `path`, or opens `path` itself when it is a
    /// device or a pipe; exit 74 when neither can be done. `regularOnly` refuses the
    /// latter (a database is written by SQLite at a path, never into a pipe).
    init(replacing path: String, regularOnly: Bool) throws {
        self.path = path
        var status = stat()
        inPlace = stat(path, &status) == 0 && status.st_mode & S_IFMT != S_IFREG
        if inPlace {
            guard status.st_mode & S_IFMT != S_IFDIR else { throw Self.failure(path, EISDIR) }
            guard !regularOnly else {
                throw CLIError("could not write \(path): a database is written to a regular file", exitCode: .ioError)
            }
            temporary = path
            descriptor = open(path, O_WRONLY | O_CLOEXEC)
        } else {
            temporary = path + ".new-" + String(UInt64.random(in: 1...UInt64.max), radix: 16)
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        }
        guard descriptor >= 0 else { throw Self.failure(path, errno) }
    }

    deinit { discard() }

    /// The bytes written so far, flushed, and the file renamed to ``path``; the folder is
    /// flushed so that the rename survives a crash.
    func commit() throws {
        guard !inPlace else {
            discard()
            return
        }
        guard fsync(descriptor) == 0 else { throw Self.failure(path, errno) }
        close(descriptor)
        descriptor = -1
        guard rename(temporary, path) == 0 else { throw Self.failure(path, errno) }
        committed = true
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let folderDescriptor = open(folder.isEmpty ? "/" : folder, O_RDONLY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            _ = fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// Removes the temporary file, unless it was renamed into place.
    func discard() {
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
        if !committed && !inPlace { unlink(temporary) }
    }

    /// Where text output goes: a console whose stdout is the file (errors still go to stderr).
    func console(errors: any Console) -> any Console { FileOutput(descriptor: descriptor, errors: errors) }

    static func failure(_ path: String, _ code: Int32) -> CLIError {
        CLIError("could not write \(path): \(String(cString: strerror(code)))", exitCode: .ioError)
    }
}

/// Output pieces written to a file with `write(2)`, the first failure kept, as the real stdout does.
private final class FileOutput: Console, @unchecked Sendable {
    // Used by one thread, the export's: written while rows are stepped, read after.
    private let descriptor: Int32
    private let errors: any Console
    private var failure: OutputFailure?

    init(descriptor: Int32, errors: any Console) {
        self.descriptor = descriptor
        self.errors = errors
    }

    func out(_ text: String) {
        guard failure == nil else { return }
        failure = StandardConsole.writeAll(text, to: descriptor)
    }

    func out(bytes: Data) {
        guard failure == nil else { return }
        failure = bytes.withUnsafeBytes { StandardConsole.writeAll($0, to: descriptor) }
    }

    func err(_ text: String) { errors.err(text) }

    var outputFailure: OutputFailure? { failure }
}
