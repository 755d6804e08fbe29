#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// stdout when it is a regular file of its own, at its end: a large answer printed as it is
/// decoded is written straight into it from `start`, and cut back to `start` if the page
/// breaks off, instead of waiting in a temporary file and being copied over at the end
/// (``OutputSpool``).
///
/// Why only then: a pipe or a terminal cannot take bytes back; a file opened for appending
/// may be written by another process between our writes; a file stderr writes into too
/// would lose the warnings said meanwhile when it is cut back; and a file with bytes after
/// the offset (`1<>file`) would lose those. A run that is killed part way leaves what it
/// wrote, as `curl -o` does.
public struct SeekableOutput: Sendable, Equatable {
    /// stdout's descriptor (not owned: never closed).
    public let descriptor: Int32
    /// Where the answer starts: the file's offset and size when it was looked at.
    public let start: Int

    /// `output` as a seekable output, if it is one that may be written ahead and cut back;
    /// `errors`: the descriptor stderr writes to.
    public static func of(_ output: Int32, errors: Int32) -> SeekableOutput? {
        var file = stat()
        guard fstat(output, &file) == 0, file.st_mode & S_IFMT == S_IFREG else { return nil }
        let flags = fcntl(output, F_GETFL)
        guard flags >= 0, flags & O_APPEND == 0, flags & O_ACCMODE != O_RDONLY else { return nil }
        var other = stat()
        if fstat(errors, &other) == 0, other.st_dev == file.st_dev, other.st_ino == file.st_ino { return nil }
        let offset = lseek(output, 0, SEEK_CUR)
        guard offset >= 0, Int(offset) == Int(file.st_size) else { return nil }
        return SeekableOutput(descriptor: output, start: Int(offset))
    }

    /// Leaves the file's offset after `count` bytes of the answer, where the next output goes.
    func keep(_ count: Int) {
        _ = lseek(descriptor, off_t(start + count), SEEK_SET)
    }

    /// Takes back everything written from `start`, as if nothing had been.
    func takeBack() {
        while ftruncate(descriptor, off_t(start)) != 0, errno == EINTR {}
        _ = lseek(descriptor, off_t(start), SEEK_SET)
    }
}
