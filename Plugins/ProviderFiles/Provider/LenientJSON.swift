import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads a file provider's answer as leniently as the compiled providers read
/// theirs: one value that cannot be read never loses the rest. A number too
/// large for a double (`-1e400`) and a string that is not UTF-8 each become
/// null; an object key that is not UTF-8 keeps its readable characters.
///
/// The strict reading runs first; only an answer it refuses is repaired and
/// read again, so well-formed answers cost nothing more.
enum LenientJSON {
    /// The answer, and how many values became null; a body that is not JSON even
    /// once repaired throws the strict reading's error.
    static func decode(_ body: Data, failure describe: (String) -> String) throws -> (value: JSONValue, nulled: Int) {
        do {
            return (try JSONValue.parse(body, failure: describe), 0)
        } catch {
            let (repaired, nulled) = repair(body)
            guard nulled > 0, let value = try? JSONValue.parse(repaired, failure: describe) else {
                throw error
            }
            return (value, nulled)
        }
    }

    /// `body` with each unreadable value replaced by `null`, and how many were.
    static func repair(_ body: Data) -> (Data, Int) {
        body.withUnsafeBytes { repair($0) }
    }

    private static func repair(_ bytes: UnsafeRawBufferPointer) -> (Data, Int) {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var nulled = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let end = stringEnd(bytes, from: index)
                let inner = bytes[(index + 1)..<max(index + 1, end - 1)]
                if String(validating: inner, as: UTF8.self) != nil {
                    out += bytes[index..<end]
                } else if isKey(bytes, after: end) {
                    out += Array("\"".utf8) + Array(String(decoding: inner, as: UTF8.self).utf8) + Array("\"".utf8)
                } else {
                    out += Array("null".utf8)
                    nulled += 1
                }
                index = end
            } else if byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                var end = index + 1
                while end < bytes.count, isNumberByte(bytes[end]) { end += 1 }
                let token = bytes[index..<end]
                if let number = Double(String(decoding: token, as: UTF8.self)), number.isInfinite {
                    out += Array("null".utf8)
                    nulled += 1
                } else {
                    out += token
                }
                index = end
            } else {
                out.append(byte)
                index += 1
            }
        }
        return (Data(out), nulled)
    }

    /// The index just past the string that starts at `start` (its closing quote, as the
    /// one string scan finds it), or the end of the body.
    private static func stringEnd(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        let scan = JSONString.scan(bytes, from: start + 1)
        return scan.closed ? scan.end + 1 : bytes.count
    }

    /// Whether the string that ended at `end` is an object key: a colon follows.
    private static func isKey(_ bytes: UnsafeRawBufferPointer, after end: Int) -> Bool {
        var index = end
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        return index < bytes.count && bytes[index] == UInt8(ascii: ":")
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "+-.eE".utf8.contains(byte)
    }
}
