#if canImport(Glibc)
import Glibc
#endif

/// This process's environment as the system keeps it: the block that
/// `/proc/PID/environ` shows to every process of the same user, a plugin too.
enum EnvironmentBlock {
    /// Overwrites with NUL bytes the values of the variables `names`, so that the block
    /// no longer shows them. What the process read of them before is unchanged
    /// (``HostEnvironment/variables`` is a copy); `getenv` finds them empty afterwards.
    static func blankValues(of names: Set<String>) {
        var cursor = environ
        while let entry = cursor.pointee {
            cursor += 1
            let length = strlen(entry)
            var equals = 0
            while equals < length && entry[equals] != CChar(UInt8(ascii: "=")) { equals += 1 }
            guard equals < length else { continue }
            let name = entry.withMemoryRebound(to: UInt8.self, capacity: equals) {
                String(decoding: UnsafeBufferPointer(start: $0, count: equals), as: UTF8.self)
            }
            if names.contains(name) { memset(entry + equals + 1, 0, length - equals - 1) }
        }
    }
}
