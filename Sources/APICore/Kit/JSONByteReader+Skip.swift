import APIBasics

/// Skipping a value ``JSONByteReader`` does not keep (most of an NYT doc's multimedia and
/// keywords), in one loop over its bytes.
///
/// It checks exactly what reading the value would: strings scanned eight bytes at a time
/// with their UTF-8 and escapes checked, keys without escapes, numbers and literals by
/// the grammar, commas and colons where they belong, nesting up to 512 deep. What it
/// saves is the way there: before, each nested value was a recursive call through a
/// closure per array element and a ``nextKey()`` per member.
extension JSONByteReader {
    /// Skips one value of any kind, checking it as strictly as the rest.
    @inlinable public mutating func skipValue() throws(Unsupported) {
        // One bit per container opened here, innermost lowest: 1 for an object. Past 64
        // levels the inner value is skipped by a nested call, with 64 more.
        var objects: UInt64 = 0
        var open = 0
        while true {
            // At a value.
            skipSpace()
            guard at < bytes.count else { throw Unsupported() }
            var closed = true
            switch bytes[at] {
            case UInt8(ascii: "\""): try skipString()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if open == 64 {
                    try skipValue()
                    break
                }
                let object = bytes[at] == UInt8(ascii: "{")
                guard depth < 512 else { throw Unsupported() }
                at += 1
                depth += 1
                skipSpace()
                guard at < bytes.count else { throw Unsupported() }
                if bytes[at] == (object ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    at += 1
                    depth -= 1
                    if object { atFirstMember = false }
                    break
                }
                objects = objects << 1 | (object ? 1 : 0)
                open += 1
                if object { _ = try memberKey() }
                closed = false
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try skipNumber()
            default: throw Unsupported()
            }
            guard closed else { continue }
            // After a value: a comma and the next one, or the ends of the containers it closes.
            while open > 0 {
                skipSpace()
                guard at < bytes.count else { throw Unsupported() }
                let object = objects & 1 == 1
                if bytes[at] == UInt8(ascii: ",") {
                    at += 1
                    if object { _ = try memberKey() }
                    break
                }
                guard bytes[at] == (object ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { throw Unsupported() }
                at += 1
                depth -= 1
                if object { atFirstMember = false }
                objects >>= 1
                open -= 1
            }
            if open == 0 { return }
        }
    }

    /// At a member's key (after whitespace): its raw bytes, with the reader past its
    /// colon. A key with escapes is ``Unsupported``, as is one that is not valid UTF-8.
    @inlinable @inline(__always) mutating func memberKey() throws(Unsupported) -> UnsafeRawBufferPointer {
        skipSpace()
        guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { throw Unsupported() }
        let start = at + 1
        let scan = try Self.scanString(bytes, from: start)
        let end = scan.end
        guard !scan.escaped else { throw Unsupported() }
        if !scan.ascii, !JSONString.isValidUTF8(UnsafeRawBufferPointer(rebasing: bytes[start..<end])) { throw Unsupported() }
        at = end + 1
        skipSpace()
        guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { throw Unsupported() }
        at += 1
        return UnsafeRawBufferPointer(rebasing: bytes[start..<end])
    }
}
