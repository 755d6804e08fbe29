/// UTF-8 text gathered as bytes, for output written in large pieces.
///
/// Printing a large answer was mostly `String` appends: each one re-checks the
/// string's capacity, count and flags, even for a two-byte piece of JSON punctuation.
/// Appending to an array of bytes is a copy, but `Array.append(contentsOf:)` still takes
/// its generic growth path for a few bytes; so the array here is grown ahead of the text, initialised,
/// and ``count`` says how much of it is text: an append is one uniqueness check, one
/// bounds test and a copy. Everything appended is whole UTF-8
/// (strings, or ASCII bytes), so the bytes are always valid text; ``text`` reads them
/// back as a `String`.
public struct TextBuffer: Sendable {
    /// The bytes, of which the first ``count`` are the text; the rest is room.
    @usableFromInline var storage: [UInt8]
    @usableFromInline var used = 0

    /// How many bytes are text.
    public var count: Int { used }

    public init(capacity: Int = 0) {
        // Reserved, not filled: the room is initialised as text reaches it (a short
        // answer never pays for zeroing a 72 KiB piece buffer).
        storage = []
        storage.reserveCapacity(capacity)
    }

    /// The bytes gathered so far.
    public var bytes: [UInt8] { Array(storage[..<used]) }
    public var isEmpty: Bool { used == 0 }

    /// The bytes as text.
    public var text: String { String(decoding: storage[..<used], as: UTF8.self) }

    @inlinable public mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append(utf8: $0) }
    }

    @inlinable public mutating func append(_ text: Substring) {
        var text = text
        text.withUTF8 { append(utf8: $0) }
    }

    /// A literal (`", "`, `"\r\n"`): no `String` is made.
    @inlinable public mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append(utf8: $0) }
    }

    /// One ASCII byte (punctuation, a space); never part of a multi-byte character.
    @inlinable @inline(__always) public mutating func append(ascii byte: UInt8) {
        if used == storage.count { grow(toHold: used + 1) }
        storage[used] = byte
        used += 1
    }

    /// UTF-8 bytes that are whole characters (a run copied from a string).
    @inlinable @inline(__always) public mutating func append(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        let end = used + bytes.count
        if end > storage.count { grow(toHold: end) }
        let start = used
        storage.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            (base + start).update(from: source, count: bytes.count)
        }
        used = end
    }

    public mutating func append(spaces count: Int) {
        guard count > 0 else { return }
        let end = used + count
        if end > storage.count { grow(toHold: end) }
        let start = used
        storage.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            // An indent is a few bytes: stored one by one, as `memset` costs more to call than that.
            if count <= 32 {
                for offset in 0..<count { base[start + offset] = UInt8(ascii: " ") }
            } else {
                (base + start).update(repeating: UInt8(ascii: " "), count: count)
            }
        }
        used = end
    }

    /// `count` bytes written by `fill` from the pointer it is given, with one look at the
    /// room left: text of a known length made of several parts (a JSON member's start).
    @inlinable mutating func append(count: Int, _ fill: (UnsafeMutablePointer<UInt8>) -> Void) {
        let end = used + count
        if end > storage.count { grow(toHold: end) }
        let start = used
        storage.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            fill(base + start)
        }
        used = end
    }

    /// `"`, `bytes` and `"`, with one look at the room left: a JSON string that needs no
    /// escape (most keys and many values), which took three appends.
    @inlinable public mutating func append(quoted bytes: UnsafeBufferPointer<UInt8>) {
        append(count: bytes.count + 2) { text in
            text[0] = UInt8(ascii: "\"")
            if let source = bytes.baseAddress, !bytes.isEmpty { (text + 1).update(from: source, count: bytes.count) }
            text[bytes.count + 1] = UInt8(ascii: "\"")
        }
    }

    /// At least twice the room, so that appends stay amortised constant time, but
    /// no more than was reserved while that is enough (the piece buffer is never
    /// moved to a larger allocation it does not need).
    @usableFromInline mutating func grow(toHold needed: Int) {
        var size = Swift.max(needed, 2 * storage.count, 256)
        if needed <= storage.capacity { size = Swift.min(size, storage.capacity) }
        storage.append(contentsOf: repeatElement(0, count: size - storage.count))
    }

    /// `value` in decimal.
    public mutating func append(decimal value: Int64) {
        if value >= 0 && value < 10 {
            append(ascii: UInt8(ascii: "0") + UInt8(value))
            return
        }
        append(String(value))
    }

    /// Drops the spaces that end the buffer, but none of the first `start` bytes.
    public mutating func removeTrailingSpaces(after start: Int) {
        while used > start, storage[used - 1] == UInt8(ascii: " ") { used -= 1 }
    }

    /// Empties the buffer, keeping its capacity for the next piece.
    public mutating func removeAll() {
        used = 0
    }

    /// Runs `body` on the bytes gathered so far.
    public func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try storage.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[..<used])) }
    }
}
