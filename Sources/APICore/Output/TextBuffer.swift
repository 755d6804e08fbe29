/// UTF-8 text gathered as bytes, for output written in large pieces.
///
/// Printing a large answer was mostly `String` appends: each one re-checks the
/// string's capacity, count and flags (about 300 instructions for a two-byte piece
/// of JSON punctuation). Appending to an array of bytes is a copy. Everything
/// appended is whole UTF-8 (strings, or ASCII bytes), so the bytes are always valid
/// text; ``text`` reads them back as a `String`.
public struct TextBuffer: Sendable {
    @usableFromInline var storage: [UInt8] = []

    public init(capacity: Int = 0) {
        storage.reserveCapacity(capacity)
    }

    /// The bytes gathered so far.
    public var bytes: [UInt8] { storage }
    public var count: Int { storage.count }
    public var isEmpty: Bool { storage.isEmpty }

    /// The bytes as text.
    public var text: String { String(decoding: storage, as: UTF8.self) }

    @inlinable public mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { storage.append(contentsOf: $0) }
    }

    @inlinable public mutating func append(_ text: Substring) {
        var text = text
        text.withUTF8 { storage.append(contentsOf: $0) }
    }

    /// A literal (`", "`, `"\r\n"`): no `String` is made.
    @inlinable public mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { storage.append(contentsOf: $0) }
    }

    /// One ASCII byte (punctuation, a space); never part of a multi-byte character.
    @inlinable public mutating func append(ascii byte: UInt8) {
        storage.append(byte)
    }

    /// UTF-8 bytes that are whole characters (a run copied from a string).
    @inlinable public mutating func append(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        storage.append(contentsOf: bytes)
    }

    @inlinable public mutating func append(spaces count: Int) {
        guard count > 0 else { return }
        storage.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
    }

    /// `value` in decimal.
    public mutating func append(decimal value: Int64) {
        if value >= 0 && value < 10 {
            storage.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        append(String(value))
    }

    /// Drops the spaces that end the buffer, but none of the first `start` bytes.
    public mutating func removeTrailingSpaces(after start: Int) {
        while storage.count > start, storage.last == UInt8(ascii: " ") { storage.removeLast() }
    }

    /// Empties the buffer, keeping its capacity for the next piece.
    public mutating func removeAll() {
        storage.removeAll(keepingCapacity: true)
    }

    /// Runs `body` on the bytes gathered so far.
    public func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try storage.withUnsafeBytes(body)
    }
}
