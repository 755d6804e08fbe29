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
import APIBasics

/// A small file apicli writes whole (the config file, a provider file): owner-only, made
/// beside its path and renamed over it, so that a reader sees the old file or the new one.
///
/// Every failure keeps the operating system's reason, since it decides the exit code: a
/// full disk, a file-size limit (`ulimit -f`: EFBIG, once SIGXFSZ is ignored), a quota or
/// an I/O error is the disk's fault (74), anything else (a folder that cannot be made, no
/// permission) the setup's, which the caller words.
enum OwnerOnlyFile {
    /// Why a write failed.
    struct Failure: Error {
        var code: Int32
        /// The C library's line for it.
        var reason: String { SystemErrorText.text(errno: code) }
        /// Whether the disk, not the setup, refused it.
        var isDisk: Bool { [ENOSPC, EFBIG, EDQUOT, EIO].contains(code) }
    }

    /// Writes `text` to `path` (mode 0600) through a temporary file in the same folder.
    static func save(_ text: String, to path: String) throws(Failure) {
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Failure(code: errno) }
        var failed: Int32?
        let bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + done, $0.count - done) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                failed = count < 0 ? errno : ENOSPC
                break
            }
            done += count
        }
        if failed == nil, fsync(descriptor) != 0 { failed = errno }
        if close(descriptor) != 0, failed == nil { failed = errno }
        if failed == nil, rename(temporary, path) != 0 { failed = errno }
        if let failed {
            unlink(temporary)
            throw Failure(code: failed)
        }
    }
}
