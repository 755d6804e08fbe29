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
    /// What the path is: a regular file, a folder, a FIFO, a device or a socket.
    public let kind: Kind

    /// The file types `stat(2)` tells apart; a store can only be a ``Kind/regular`` file.
    public enum Kind: String, Sendable {
        case regular = "a regular file"
        case folder = "a folder"
        case fifo = "a FIFO (named pipe)"
        case characterDevice = "a character device"
        case blockDevice = "a block device"
        case socket = "a socket"
        case other = "not a regular file"
    }

    /// The status of `path`, links followed; nil when it cannot be read (missing, no access).
    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        size = Int64(info.st_size)
        permissions = Int(info.st_mode) & 0o7777
        kind = switch info.st_mode & S_IFMT {
        case S_IFREG: .regular
        case S_IFDIR: .folder
        case S_IFIFO: .fifo
        case S_IFCHR: .characterDevice
        case S_IFBLK: .blockDevice
        case S_IFSOCK: .socket
        default: .other
        }
    }
}
