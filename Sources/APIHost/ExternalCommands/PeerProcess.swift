#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if os(Linux)
/// Who is at the other end of a unix socket: whether it is this user running this
/// very apicli file, the only process a plugin's credentials are handed to.
///
/// The kernel says which process connected (`SO_PEERCRED`, fixed when it
/// connected) and `/proc/PID/exe` which file it runs; the file is compared by
/// device and inode, so a copy of apicli or a script named `apicli` is another file
/// (a link to apicli is apicli). The process is alive while it waits for the answer,
/// so its number cannot have been reused by then.
struct PeerProcess {
    let pid: Int32
    let uid: UInt32

    /// The process that connected `socket`; nil when the kernel does not say.
    init?(connectedTo socket: Int32) {
        var credentials = (pid: Int32(0), uid: UInt32(0), gid: UInt32(0))
        var length = socklen_t(MemoryLayout.size(ofValue: credentials))
        guard getsockopt(socket, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0, credentials.pid > 0 else {
            return nil
        }
        pid = credentials.pid
        uid = credentials.uid
    }

    /// Whether it runs as this process's user and executes `executable`.
    func runs(_ executable: FileIdentity) -> Bool {
        uid == geteuid() && FileIdentity(path: "/proc/\(pid)/exe") == executable
    }
}
#endif

/// A file as the system knows it: its device and inode, whatever path names it.
struct FileIdentity: Sendable, Equatable {
    let device: UInt64
    let inode: UInt64

    /// The file `path` names once links are followed; nil when it cannot be read.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }

    /// The file this process runs; nil where the system does not say (only Linux's `/proc` is asked).
    static var ownExecutable: FileIdentity? {
        #if os(Linux)
        FileIdentity(path: "/proc/self/exe")
        #else
        nil
        #endif
    }
}
