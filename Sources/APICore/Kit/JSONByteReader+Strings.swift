#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APIBasics

/// Strings for ``JSONByteReader``: their ends found by the project's one string scan
/// (`JSONString`, eight bytes at a time), checked as UTF-8 once, made into a `String`
/// with no intermediate copy, and unescaped (`JSONEscape`) only when they hold a backslash.
///
/// Why not `String(validating:as:)`: on Linux its UTF-8 check runs unspecialised, and
/// looking up the generic metadata it needs cost two thirds of its instructions, a
/// third of reading a doc. A skipped value is scanned and checked the same way but
/// never made into a `String`.
extension JSONByteReader {
    /// From just after an opening quote at `start`: the string's end (its closing
    /// quote) and what it holds; a control byte in it, or no closing quote, is ``Unsupported``.
    @inlinable static func scanString(_ bytes: UnsafeRawBufferPointer, from start: Int) throws(Unsupported)
        -> JSONStringScan
    {
        let scan = JSONString.scan(bytes, from: start)
        guard scan.closed, !scan.control else { throw Unsupported() }
        return scan
    }

    /// The string whose raw contents (between the quotes) are `raw`, as `scan` found them.
    @inlinable static func makeString(_ raw: UnsafeRawBufferPointer, _ scan: JSONStringScan) throws(Unsupported)
        -> String
    {
        guard scan.ascii || JSONString.isValidUTF8(raw) else { throw Unsupported() }
        if !scan.escaped { return String(decoding: raw, as: UTF8.self) }
        // Escapes only shorten a string (`\u00e9` is 6 bytes for 2), so its raw length is enough room.
        var failed = false
        let text = String(unsafeUninitializedCapacity: raw.count) { buffer -> Int in
            guard let out = buffer.baseAddress,
                let written = try? JSONEscape.unescape(raw, into: out, loneSurrogates: .refuse)
            else {
                failed = true
                return 0
            }
            return written
        }
        if failed { throw Unsupported() }
        return text
    }

    /// Checks a skipped string's raw contents as ``makeString(_:_:)`` would, without making it.
    @inlinable static func checkString(_ raw: UnsafeRawBufferPointer, _ scan: JSONStringScan) throws(Unsupported) {
        guard scan.ascii || JSONString.isValidUTF8(raw) else { throw Unsupported() }
        if scan.escaped, (try? JSONEscape.unescape(raw, into: nil, loneSurrogates: .refuse)) == nil {
            throw Unsupported()
        }
    }
}
