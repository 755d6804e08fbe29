#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's size and mode from one `stat(2)`.
///
/// `FileManager.attributesOfItem` also resolves the owner's and group's names,
/// which reads `/etc/nsswitch.conf`, `/etc/passwd` and `/etc/group` each time:
/// after every commit (the WAL's size) and once per run (the config file's mode),
/// that was most of the files a cache miss opened.
public struct FileStatus: Sendable, Equatable {
    public let size: Int64
    /// The permission bits (`0o600`).
    public let permissions: Int

    /// The status of `path`, links followed; nil when it cannot be read (missing, no access).
    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        size = Int64(info.st_size)
        permissions = Int(info.st_mode) & 0o7777
    }
}
