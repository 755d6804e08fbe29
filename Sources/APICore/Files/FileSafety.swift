#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Refuses a file, or the folder holding it, that someone else could have
/// written, as ssh refuses a loose `authorized_keys`: a provider file decides
/// where a key is sent, and an `apicli-NAME` plugin runs with the user's keys.
/// One rule for both, so it lives in the kit beside neither.
public enum FileSafety {
    /// Why `path` may not be trusted, with the command that fixes it; nil when it may.
    public static func problem(with path: String, what: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let mode = info.st_mode & 0o777
        if mode & 0o022 != 0 {
            return "\(what) \(path) is writable by others (mode \(String(mode, radix: 8))), so it is not used; "
                + "run 'chmod go-w \(path)'"
        }
        if info.st_uid != getuid() && info.st_uid != 0 {
            return "\(what) \(path) belongs to another user, so it is not used; run 'chown \(getuid()) \(path)' or remove it"
        }
        return nil
    }
}
