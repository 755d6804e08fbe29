#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A 64-bit FNV-1a hash of an item's stored content, value by value: what tells a
/// fetched item that repeats its latest version from one that changed, with one
/// integer compared instead of every column read back.
///
/// Each value is hashed with a tag for its storage class and, for text and blobs, its
/// length, so that `("ab", "c")` and `("a", "bc")`, or `NULL` and `""`, never hash
/// alike. A text lent as bytes hashes as the same text given as a `String`, so a row
/// bound from packed bytes and the same row read back as ``SQLValue``s agree
/// (docs/design/0260-item-versions.md).
///
///     var hash = VersionHash()
///     hash.value(.text("headline"))
///     hash.integer(42)
///     let stored = hash.value   // the column's INTEGER
public struct VersionHash: Sendable, Hashable {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    /// The hash as SQLite stores it: the same 64 bits, signed.
    public var value: Int64 { Int64(bitPattern: state) }

    /// UTF-8 text lent in place; nil hashes as `NULL`.
    public mutating func text(_ bytes: UnsafeBufferPointer<UInt8>?) {
        guard let bytes else { return tag(0) }
        tag(3)
        length(bytes.count)
        for byte in bytes { mix(byte) }
    }

    /// Text; nil hashes as `NULL`.
    public mutating func text(_ text: String?) {
        guard var text else { return tag(0) }
        text.withUTF8 { self.text($0) }
    }

    /// An integer; nil hashes as `NULL`.
    public mutating func integer(_ value: Int64?) {
        guard let value else { return tag(0) }
        tag(1)
        word(UInt64(bitPattern: value))
    }

    /// Any value, by its storage class.
    public mutating func value(_ value: SQLValue) {
        switch value {
        case .null: tag(0)
        case let .integer(number): integer(number)
        case let .real(number):
            tag(2)
            word(number.bitPattern)
        case let .text(text): self.text(text)
        case let .blob(data):
            tag(4)
            length(data.count)
            for byte in data { mix(byte) }
        }
    }

    /// Values in order.
    public mutating func values(_ values: some Sequence<SQLValue>) {
        for value in values { self.value(value) }
    }

    /// The hash of `values` in order.
    public static func of(_ values: some Sequence<SQLValue>) -> Int64 {
        var hash = VersionHash()
        hash.values(values)
        return hash.value
    }

    private mutating func tag(_ kind: UInt8) { mix(kind) }

    private mutating func length(_ count: Int) { word(UInt64(count)) }

    private mutating func word(_ word: UInt64) {
        var rest = word
        for _ in 0..<8 {
            mix(UInt8(truncatingIfNeeded: rest))
            rest >>= 8
        }
    }

    @inline(__always)
    private mutating func mix(_ byte: UInt8) {
        state = (state ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
}
