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

/// One line saying why a file operation failed, for messages such as "cannot
/// write …: Permission denied". Foundation's `localizedDescription` lives in
/// Foundation proper (next to ICU); FileManager's errors carry the POSIX error
/// underneath, and its text is the C library's (`strerror`).
public enum SystemErrorText {
    public static func describe(_ error: any Error) -> String {
        if let posix = error as? POSIXError { return text(errno: posix.code.rawValue) }
        if let cocoa = error as? CocoaError {
            if let underlying = cocoa.userInfo["NSUnderlyingError"] as? POSIXError {
                return text(errno: underlying.code.rawValue)
            }
            return "error \(cocoa.code.rawValue)"
        }
        return String(describing: error)
    }

    /// The C library's line for `code` (`strerror`).
    public static func text(errno code: Int32) -> String {
        guard let message = strerror(code) else { return "error \(code)" }
        return String(cString: message)
    }
}
