/// A NUL-terminated array of NUL-terminated strings, as `execve` and `posix_spawn`
/// take their arguments and environment, made from bytes so that a value that is
/// not UTF-8 passes unchanged.
enum CStrings {
    /// The table of `strings`, valid inside `body`.
    static func with<R>(_ strings: [[UInt8]], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
        let table = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: strings.count + 1)
        for (position, bytes) in strings.enumerated() {
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
            copy[bytes.count] = 0
            table[position] = copy
        }
        table[strings.count] = nil
        defer {
            for position in 0..<strings.count { table[position]?.deallocate() }
            table.deallocate()
        }
        return body(UnsafePointer(table))
    }
}
