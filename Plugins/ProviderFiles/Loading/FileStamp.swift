import APICore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What one `stat(2)` says of a file that changes whenever its contents may have:
/// size, modification and status-change times to the nanosecond, inode and device.
///
/// The index of the providers folder (``ProviderIndex``) keeps each provider file's
/// stamp and trusts what it compiled from a file only while the stamp is the same.
/// The status-change time is the one a user cannot set back (`touch -d` and `cp -p` set
/// the modification time, and writing or renaming over a file changes the other two).
struct FileStamp: Sendable, Hashable, CustomStringConvertible {
    let size: Int64
    let modified: Int64
    let changed: Int64
    let inode: UInt64
    let device: UInt64

    /// The stamp of the regular file at `path`, links followed; nil when there is none.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        size = Int64(info.st_size)
        #if canImport(Darwin)
        modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        changed = Int64(info.st_ctimespec.tv_sec) * 1_000_000_000 + Int64(info.st_ctimespec.tv_nsec)
        #else
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
        #endif
        inode = UInt64(info.st_ino)
        device = UInt64(info.st_dev)
    }

    /// The stamp written back by ``description``; nil for any other text.
    init?(_ text: Substring) {
        let parts = text.pieces(between: ":")
        guard parts.count == 5, let size = Int64(parts[0]), let modified = Int64(parts[1]), let changed = Int64(parts[2]),
              let inode = UInt64(parts[3]), let device = UInt64(parts[4])
        else { return nil }
        self.size = size
        self.modified = modified
        self.changed = changed
        self.inode = inode
        self.device = device
    }

    /// `size:modified:changed:inode:device`.
    var description: String { "\(size):\(modified):\(changed):\(inode):\(device)" }
}
