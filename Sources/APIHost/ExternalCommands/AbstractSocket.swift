#if os(Linux)
import Glibc

/// A Linux unix socket in the abstract namespace: a name and no file, so nothing
/// is left behind when the process that listens on it ends, however it ends.
///
/// Anyone on the machine may connect to a name they know: the listener checks who
/// connected (``PeerProcess``), and the name is random, so it is neither guessed
/// nor taken first.
enum AbstractSocket {
    /// A listening socket, close-on-exec, under `name`; nil when the system refuses one.
    static func listen(on name: String) -> Int32? {
        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { return nil }
        let bound = withAddress(name) { address, length in bind(socket, address, length) }
        guard bound == 0, Glibc.listen(socket, 64) == 0 else {
            close(socket)
            return nil
        }
        return socket
    }

    /// A socket connected to the listener called `name`, close-on-exec; nil when there is none.
    static func connect(to name: String) -> Int32? {
        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { return nil }
        var connected: Int32
        repeat {
            connected = withAddress(name) { address, length in Glibc.connect(socket, address, length) }
        } while connected != 0 && errno == EINTR
        guard connected == 0 else {
            close(socket)
            return nil
        }
        return socket
    }

    /// A random name: 128 bits from the system's generator, as hex.
    static func randomName() -> String {
        var generator = SystemRandomNumberGenerator()
        let bits = [generator.next(), generator.next()] as [UInt64]
        return "apicli-credentials-" + bits.map { String($0, radix: 16).leftPadded(to: 16) }.joined()
    }

    /// The address of `name` (a NUL, then the name's bytes, with no terminating NUL).
    private static func withAddress<R>(_ name: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(name.utf8.prefix(MemoryLayout.size(ofValue: address.sun_path) - 1))
        withUnsafeMutableBytes(of: &address.sun_path) { path in
            path[0] = 0
            for (index, byte) in bytes.enumerated() { path[index + 1] = byte }
        }
        let length = socklen_t((MemoryLayout<sockaddr_un>.offset(of: \.sun_path) ?? MemoryLayout<sa_family_t>.size) + 1 + bytes.count)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }
}

extension String {
    /// The text with zeros in front up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
#endif
