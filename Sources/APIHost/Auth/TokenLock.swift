#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive lock on `tokens/NAME.lock`, held while a token is renewed, so that two
/// runs whose token expires together do not both spend the refresh token: an
/// authorization server that rotates refresh tokens (RFC 9700 §4.14.2) would refuse the
/// second. The one that waited reads the token the first one wrote. The lock is advisory
/// (`flock`) and released when the process ends, however it ends.
final class TokenLock {
    private var descriptor: Int32 = -1

    /// Waits for the lock; nil when the lock file cannot be made (the renewal then goes ahead unlocked:
    /// the token file's atomic rename still keeps it whole).
    init?(folder: String, provider: String) {
        if mkdir(folder, 0o700) != 0, errno != EEXIST { return nil }
        let fd = open(folder + "/" + provider + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return nil }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else {
                close(fd)
                return nil
            }
        }
        descriptor = fd
    }

    /// Lets the next run renew; idempotent.
    func release() {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}
