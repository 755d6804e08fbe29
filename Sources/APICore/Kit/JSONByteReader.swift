#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

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
        guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { throw Unsupported() }
        let start = at + 1
        var end = start
        var ascii = true
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
            guard bytes[end] >= 0x20, bytes[end] != UInt8(ascii: "\\") else { throw Unsupported() }
            ascii = ascii && bytes[end] < 0x80
            end += 1
        }
        guard end < bytes.count else { throw Unsupported() }
        if !ascii, String(validating: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self) == nil {
            throw Unsupported()
        }
        at = end + 1
        skipSpace()
        guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { throw Unsupported() }
        at += 1
        atFirstMember = false
        return UnsafeRawBufferPointer(rebasing: bytes[start..<end])
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
        guard try kind() == .string else { throw Unsupported() }
        at += 1
        let start = at
        var plain = true
        while at < bytes.count {
            let byte = bytes[at]
            if byte == UInt8(ascii: "\"") { break }
            guard byte >= 0x20 else { throw Unsupported() }
            if byte == UInt8(ascii: "\\") {
                plain = false
                at += 2
            } else {
                at += 1
            }
        }
        guard at < bytes.count else { throw Unsupported() }
        let raw = UnsafeRawBufferPointer(rebasing: bytes[start..<at])
        at += 1
        let text = plain ? String(validating: raw, as: UTF8.self) : try Self.unescaped(raw)
        guard let text else { throw Unsupported() }
        return text
    }

    /// At a number: its text, checked against JSON's grammar.
    @inlinable public mutating func numberText() throws(Unsupported) -> String {
        guard try kind() == .number else { throw Unsupported() }
        let start = at
        if bytes[at] == UInt8(ascii: "-") { at += 1 }
        guard digits() > 0 else { throw Unsupported() }
        if bytes[start + (bytes[start] == UInt8(ascii: "-") ? 1 : 0)] == UInt8(ascii: "0"),
            at - start > (bytes[start] == UInt8(ascii: "-") ? 2 : 1) {
            throw Unsupported()  // a leading zero
        }
        if at < bytes.count, bytes[at] == UInt8(ascii: ".") {
            at += 1
            guard digits() > 0 else { throw Unsupported() }
        }
        if at < bytes.count, bytes[at] | 0x20 == UInt8(ascii: "e") {
            at += 1
            if at < bytes.count, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") { at += 1 }
            guard digits() > 0 else { throw Unsupported() }
        }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<at]), as: UTF8.self)
    }

    /// At a number written as a plain integer (`-12`, `0`): its value; anything else is ``Unsupported``.
    @inlinable public mutating func integer() throws(Unsupported) -> Int64 {
        let text = try numberText()
        guard !text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }),
            let value = Int64(text)
        else { throw Unsupported() }
        return value
    }

    /// At `null`: consumes it.
    @inlinable public mutating func null() throws(Unsupported) {
        try literal("null")
    }

    /// Skips one value of any kind, checking it as strictly as the rest.
    @inlinable public mutating func skipValue() throws(Unsupported) {
        switch try kind() {
        case .string: _ = try string()
        case .number: _ = try numberText()
        case .null: try literal("null")
        case .bool: try literal(bytes[at] == UInt8(ascii: "t") ? "true" : "false")
        case .array: try forEachElement { (reader: inout JSONByteReader) throws(Unsupported) in try reader.skipValue() }
        case .object:
            try beginObject()
            while try nextKey() != nil { try skipValue() }
        }
    }

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

    @usableFromInline mutating func literal(_ word: StaticString) throws(Unsupported) {
        let count = word.utf8CodeUnitCount
        guard at + count <= bytes.count,
            word.withUTF8Buffer({ UnsafeRawBufferPointer(rebasing: bytes[at..<(at + count)]).elementsEqual($0) })
        else { throw Unsupported() }
        at += count
    }

    @usableFromInline mutating func digits() -> Int {
        let start = at
        while at < bytes.count, bytes[at] >= UInt8(ascii: "0"), bytes[at] <= UInt8(ascii: "9") { at += 1 }
        return at - start
    }

    @usableFromInline mutating func skipSpace() {
        while at < bytes.count {
            switch bytes[at] {
            case 0x20, 0x0A, 0x0D, 0x09: at += 1
            default: return
            }
        }
    }

    /// The text of a string's raw bytes with its escapes decoded; a lone surrogate is ``Unsupported``.
    @usableFromInline static func unescaped(_ raw: UnsafeRawBufferPointer) throws(Unsupported) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var at = 0
        while at < raw.count {
            let byte = raw[at]
            guard byte == UInt8(ascii: "\\") else {
                out.append(byte)
                at += 1
                continue
            }
            guard at + 1 < raw.count else { throw Unsupported() }
            switch raw[at + 1] {
            case UInt8(ascii: "\""): out.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "/"): out.append(UInt8(ascii: "/"))
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var unit = try codeUnit(raw, at + 2)
                at += 6
                if (0xD800..<0xDC00).contains(unit) {
                    guard at + 1 < raw.count, raw[at] == UInt8(ascii: "\\"), raw[at + 1] == UInt8(ascii: "u") else {
                        throw Unsupported()
                    }
                    let low = try codeUnit(raw, at + 2)
                    guard (0xDC00..<0xE000).contains(low) else { throw Unsupported() }
                    unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    at += 6
                }
                guard let scalar = Unicode.Scalar(unit) else { throw Unsupported() }
                out.append(contentsOf: String(Character(scalar)).utf8)
                continue
            default: throw Unsupported()
            }
            at += 2
        }
        return String(validating: out, as: UTF8.self)
    }

    @usableFromInline static func codeUnit(_ raw: UnsafeRawBufferPointer, _ at: Int) throws(Unsupported) -> UInt32 {
        guard at + 4 <= raw.count else { throw Unsupported() }
        var value: UInt32 = 0
        for offset in at..<(at + 4) {
            let byte = raw[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw Unsupported()
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
