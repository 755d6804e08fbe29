#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import APIBasics

/// A strict, forward-only reader of JSON bytes for a provider's hot path: the
/// records of a large answer (NYT's docs), read field by field with no map of
/// the document and no `Decoder` per field.
///
/// It reads only the plain grammar — strings with valid escapes and valid
/// UTF-8, numbers as RFC 8259 writes them, `true`/`false`/`null`, nesting up to
/// 512 deep — and throws ``Unsupported`` at anything else, however harmless.
/// The caller then decodes that record with `JSONDecoder`, which gives the
/// answer, or the error, it always gave. So this reader never accepts bytes
/// `JSONDecoder` refuses, and never has to reproduce its edge cases.
///
///     var reader = JSONByteReader(bytes)
///     try reader.beginObject()
///     while let key = try reader.nextKey() {
///         if JSONByteReader.equal(key, "title") { title = try reader.string() } else { try reader.skipValue() }
///     }
///     try reader.end()
public struct JSONByteReader {
    /// Something this reader does not read: decode the record another way.
    public struct Unsupported: Error {
        public init() {}
    }

    /// The kind of the next value.
    public enum Kind { case string, number, object, array, bool, null }

    @usableFromInline let bytes: UnsafeRawBufferPointer
    @usableFromInline var at = 0
    @usableFromInline var depth = 0
    /// True right after an object's `{`: its first member needs no comma. Reading a
    /// nested value leaves it false again (its own `}` clears it), so one flag serves every level.
    @usableFromInline var atFirstMember = false

    @inlinable public init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The next value's kind (after whitespace).
    @inlinable public mutating func kind() throws(Unsupported) -> Kind {
        skipSpace()
        guard at < bytes.count else { throw Unsupported() }
        switch bytes[at] {
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        default: throw Unsupported()
        }
    }

    /// At a `{`: enters the object; read its members with ``nextKey()``.
    @inlinable public mutating func beginObject() throws(Unsupported) {
        guard try kind() == .object, depth < 512 else { throw Unsupported() }
        at += 1
        depth += 1
        atFirstMember = true
    }

    /// The next member's key (its raw bytes: a key with escapes is ``Unsupported``),
    /// with the reader at its value; nil after the object's `}`, which it consumes.
    @inlinable public mutating func nextKey() throws(Unsupported) -> UnsafeRawBufferPointer? {
        skipSpace()
        guard at < bytes.count, depth > 0 else { throw Unsupported() }
        if bytes[at] == UInt8(ascii: "}") {
            at += 1
            depth -= 1
            atFirstMember = false
            return nil
        }
        if !atFirstMember {
            guard bytes[at] == UInt8(ascii: ",") else { throw Unsupported() }
            at += 1
            skipSpace()
        }
        let key = try memberKey()
        atFirstMember = false
        return key
    }

    /// At a `{`: reads each member through `member`, given its key's bytes (it must
    /// read or skip exactly one value). A key written twice is ``Unsupported``, as is
    /// an object of more than 64 members: each key is compared with the earlier ones,
    /// kept on the stack, which costs less than hashing them into a `Set`.
    @inlinable public mutating func forEachMember(
        _ member: (UnsafeRawBufferPointer, inout JSONByteReader) throws(Unsupported) -> Void
    ) throws(Unsupported) {
        try beginObject()
        var failed = false
        withUnsafeTemporaryAllocation(of: UnsafeRawBufferPointer.self, capacity: 64) { keys in
            guard let seen = keys.baseAddress else { return failed = true }
            var count = 0
            do {
                while let key = try nextKey() {
                    for index in 0..<count where Self.same(seen[index], key) { throw Unsupported() }
                    guard count < keys.count else { throw Unsupported() }
                    (seen + count).initialize(to: key)
                    count += 1
                    try member(key, &self)
                }
            } catch {
                failed = true
            }
        }
        if failed { throw Unsupported() }
    }

    /// At a `[`: reads each element through `element` (which must read or skip exactly one value).
    @inlinable public mutating func forEachElement(_ element: (inout JSONByteReader) throws(Unsupported) -> Void)
        throws(Unsupported)
    {
        guard try kind() == .array, depth < 512 else { throw Unsupported() }
        at += 1
        depth += 1
        skipSpace()
        if at < bytes.count, bytes[at] == UInt8(ascii: "]") {
            at += 1
            depth -= 1
            return
        }
        while true {
            try element(&self)
            skipSpace()
            guard at < bytes.count else { throw Unsupported() }
            if bytes[at] == UInt8(ascii: "]") {
                at += 1
                depth -= 1
                return
            }
            guard bytes[at] == UInt8(ascii: ",") else { throw Unsupported() }
            at += 1
        }
    }

    /// At a `"`: the string, escapes decoded.
    @inlinable public mutating func string() throws(Unsupported) -> String {
        let (raw, scan) = try nextString()
        return try Self.makeString(raw, scan)
    }

    /// At a `"`: the string's raw contents and what they hold, the reader moved past it.
    @inlinable mutating func nextString() throws(Unsupported) -> (raw: UnsafeRawBufferPointer, scan: JSONStringScan) {
        skipSpace()
        guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { throw Unsupported() }
        let scan = try Self.scanString(bytes, from: at + 1)
        let raw = UnsafeRawBufferPointer(rebasing: bytes[(at + 1)..<scan.end])
        at = scan.end + 1
        return (raw, scan)
    }

    /// At a string: its contents as they lie between the quotes, checked as ``string()``
    /// checks them, with no `String` made. Contents that hold escapes are unescaped by
    /// ``unescape(_:appendingTo:)``, which checks the escapes.
    ///
    /// For a reader that copies a field's bytes somewhere of its own (NYT packs an
    /// article's text into one buffer): a `String` per field was an allocation, a copy
    /// and a release, a large part of reading a doc.
    @inlinable public mutating func stringContents() throws(Unsupported) -> (raw: UnsafeRawBufferPointer, escaped: Bool) {
        let (raw, scan) = try nextString()
        guard scan.ascii || JSONString.isValidUTF8(raw) else { throw Unsupported() }
        return (raw, scan.escaped)
    }

    /// Appends the UTF-8 that the escaped contents `raw` (from ``stringContents()``) stand
    /// for to `bytes`; ``Unsupported`` for an escape JSON does not have, `bytes` left as it was.
    public static func unescape(_ raw: UnsafeRawBufferPointer, appendingTo bytes: inout [UInt8]) throws(Unsupported) {
        let start = bytes.count
        // Escapes only shorten a string (`\u00e9` is 6 bytes for 2), so its raw length is enough room.
        bytes.append(contentsOf: repeatElement(0, count: raw.count))
        let written = bytes.withUnsafeMutableBufferPointer { buffer in
            try? JSONEscape.unescape(raw, into: buffer.baseAddress.map { $0 + start }, loneSurrogates: .refuse)
        }
        guard let written else {
            bytes.removeLast(raw.count)
            throw Unsupported()
        }
        bytes.removeLast(raw.count - written)
    }

    /// At a `"`: skips the string, checked as ``string()`` checks it.
    @inlinable mutating func skipString() throws(Unsupported) {
        let scan = try Self.scanString(bytes, from: at + 1)
        let raw = UnsafeRawBufferPointer(rebasing: bytes[(at + 1)..<scan.end])
        at = scan.end + 1
        try Self.checkString(raw, scan)
    }

    /// At a number: its text, checked against JSON's grammar.
    @inlinable public mutating func numberText() throws(Unsupported) -> String {
        let start = at
        try skipNumber()
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<at]), as: UTF8.self)
    }

    /// At a number: its bytes, checked against JSON's grammar (valid until the body is freed).
    @inlinable public mutating func numberBytes() throws(Unsupported) -> UnsafeRawBufferPointer {
        let start = at
        try skipNumber()
        return UnsafeRawBufferPointer(rebasing: bytes[start..<at])
    }

    /// At a number: skips it, checked against JSON's grammar.
    @inlinable mutating func skipNumber() throws(Unsupported) {
        guard try kind() == .number else { throw Unsupported() }
        let scan = JSONNumber.scan(bytes, from: at)
        guard scan.valid else { throw Unsupported() }
        at = scan.end
    }

    /// At a number written as a plain integer (`-12`, `0`): its value, read from the
    /// digits as they are scanned; a fraction, an exponent or more than `Int64` holds
    /// is ``Unsupported``.
    @inlinable public mutating func integer() throws(Unsupported) -> Int64 {
        guard try kind() == .number else { throw Unsupported() }
        let negative = bytes[at] == UInt8(ascii: "-")
        if negative { at += 1 }
        let first = at
        // Summed towards the sign, so that Int64.min is read too.
        var value: Int64 = 0
        while at < bytes.count, bytes[at] >= UInt8(ascii: "0"), bytes[at] <= UInt8(ascii: "9") {
            let digit = Int64(bytes[at] - UInt8(ascii: "0"))
            let (tens, overflowTens) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow) =
                negative ? tens.subtractingReportingOverflow(digit) : tens.addingReportingOverflow(digit)
            guard !overflowTens, !overflow else { throw Unsupported() }
            value = next
            at += 1
        }
        guard at > first, bytes[first] != UInt8(ascii: "0") || at - first == 1 else { throw Unsupported() }
        if at < bytes.count, bytes[at] == UInt8(ascii: ".") || bytes[at] | 0x20 == UInt8(ascii: "e") {
            throw Unsupported()
        }
        return value
    }

    /// At `null`: consumes it.
    @inlinable public mutating func null() throws(Unsupported) {
        try literal("null")
    }

    /// How many bytes have been read: after a whole value (depth 0 again), its length
    /// from the start, for a caller that reads a value from the front of more bytes.
    @inlinable public var offset: Int { at }

    /// Nothing but whitespace is left.
    @inlinable public mutating func end() throws(Unsupported) {
        skipSpace()
        guard at == bytes.count, depth == 0 else { throw Unsupported() }
    }

    /// Whether the key bytes `key` spell `name`.
    @inlinable public static func equal(_ key: UnsafeRawBufferPointer, _ name: StaticString) -> Bool {
        guard key.count == name.utf8CodeUnitCount else { return false }
        guard let base = key.baseAddress else { return true }
        return memcmp(base, name.utf8Start, key.count) == 0
    }

    /// Whether two runs of bytes (two keys, two strings' UTF-8) are the same.
    @inlinable public static func same(_ one: UnsafeRawBufferPointer, _ other: UnsafeRawBufferPointer) -> Bool {
        guard one.count == other.count else { return false }
        guard let first = one.baseAddress, let second = other.baseAddress else { return true }
        return memcmp(first, second, one.count) == 0
    }

    @usableFromInline mutating func literal(_ word: StaticString) throws(Unsupported) {
        let count = word.utf8CodeUnitCount
        guard at + count <= bytes.count, let base = bytes.baseAddress, memcmp(base + at, word.utf8Start, count) == 0
        else { throw Unsupported() }
        at += count
    }

    /// Always inlined, with the usual case (no space: NYT's answers are compact) first:
    /// called between every two tokens, a call each time cost more than the spaces.
    @inlinable @inline(__always) mutating func skipSpace() {
        guard at < bytes.count, bytes[at] <= 0x20 else { return }
        while at < bytes.count {
            switch bytes[at] {
            case 0x20, 0x0A, 0x0D, 0x09: at += 1
            default: return
            }
        }
    }
}
