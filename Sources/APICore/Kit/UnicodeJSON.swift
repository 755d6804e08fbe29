#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An answer sent as UTF-16 or UTF-32, recognised as `JSONDecoder` recognises it (a
/// byte-order mark, else the zero bytes around the first two characters, which are
/// ASCII: RFC 4627 §3) and made UTF-8, so that ``JSONValueReader`` reads what
/// `JSONDecoder` read.
enum UnicodeJSON {
    /// The UTF-8 of `data` when it is UTF-16 or UTF-32; nil when it is not (it is
    /// read as UTF-8), or an empty array when it does not decode (then it is not JSON).
    static func utf8(from data: Data) -> [UInt8]? {
        let head = Array(data.prefix(4)) + [UInt8](repeating: 0xAA, count: max(0, 4 - data.count))
        let short = data.count < 4
        switch (head[0], head[1], head[2], head[3]) {
        case (0, 0, 0xFE, 0xFF): return utf32(data.dropFirst(4), bigEndian: true)
        case (0xFF, 0xFE, 0, 0) where !short: return utf32(data.dropFirst(4), bigEndian: false)
        case (0xFE, 0xFF, _, _): return utf16(data.dropFirst(2), bigEndian: true)
        case (0xFF, 0xFE, _, _): return utf16(data.dropFirst(2), bigEndian: false)
        case (0, 0, 0, let fourth) where fourth != 0 && !short: return utf32(data[...], bigEndian: true)
        case (let first, 0, 0, 0) where first != 0 && !short: return utf32(data[...], bigEndian: false)
        case (0, let second, _, _) where second != 0: return utf16(data[...], bigEndian: true)
        case (let first, 0, _, _) where first != 0: return utf16(data[...], bigEndian: false)
        default: return nil
        }
    }

    private static func utf16(_ bytes: Data, bigEndian: Bool) -> [UInt8] {
        let bytes = Array(bytes)
        guard bytes.count % 2 == 0 else { return [] }
        let units = stride(from: 0, to: bytes.count, by: 2).map { at -> UInt16 in
            let (high, low) = bigEndian ? (bytes[at], bytes[at + 1]) : (bytes[at + 1], bytes[at])
            return UInt16(high) << 8 | UInt16(low)
        }
        return transcoded(units, from: UTF16.self)
    }

    private static func utf32(_ bytes: Data, bigEndian: Bool) -> [UInt8] {
        let bytes = Array(bytes)
        guard bytes.count % 4 == 0 else { return [] }
        let units = stride(from: 0, to: bytes.count, by: 4).map { at -> UInt32 in
            let word = bytes[at..<(at + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            return bigEndian ? word : word.byteSwapped
        }
        return transcoded(units, from: UTF32.self)
    }

    /// `units` as UTF-8; empty when they are not well formed.
    private static func transcoded<Encoding: Unicode.Encoding>(_ units: [Encoding.CodeUnit], from encoding: Encoding.Type)
        -> [UInt8]
    {
        var out: [UInt8] = []
        out.reserveCapacity(units.count)
        let failed = transcode(units.makeIterator(), from: encoding, to: UTF8.self, stoppingOnError: true) { out.append($0) }
        return failed ? [] : out
    }
}
