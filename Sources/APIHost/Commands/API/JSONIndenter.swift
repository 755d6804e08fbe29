#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APIBasics
import APICore

/// Re-indents a JSON document for reading on a terminal, two spaces a level,
/// keeping every token as the server wrote it: members in their order, numbers
/// digit for digit (`1.50` stays `1.50`), strings with their escapes. A parse
/// and re-serialisation would reorder members and reformat numbers, which is
/// not what `apicli api` promises to show.
///
/// One change inside strings: the characters that control a terminal and that JSON lets a
/// string hold raw (C1, the bidi controls and direction marks, the line separators) are
/// written as `\u` escapes, as apicli's own JSON writes them. Raw, the cleaning that
/// follows took them out, and a U+009D (a C1 string start) hid the rest of the body; the
/// decoded value is the same either way.
enum JSONIndenter {
    /// The indented document, or nil when `body` is not JSON (then it is printed as it came).
    static func indent(_ body: Data) -> String? {
        guard !body.isEmpty, (try? JSONValue.parse(body)) != nil else {
            return nil
        }
        return body.withUnsafeBytes { indent($0) }
    }

    private static func indent(_ bytes: UnsafeRawBufferPointer) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 4)
        var depth = 0
        var index = 0
        func newline() {
            out.append(UInt8(ascii: "\n"))
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                // The string as it stands, escapes and all, to its closing quote (the one string scan's).
                let scan = JSONString.scan(bytes, from: index)
                let end = scan.closed ? scan.end + 1 : bytes.count
                appendEscapingControls(bytes[(index - 1)..<end], to: &out)
                index = end
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                out.append(byte)
                let next = skipSpace(bytes, from: index)
                if next < bytes.count, bytes[next] == UInt8(ascii: "}") || bytes[next] == UInt8(ascii: "]") {
                    out.append(bytes[next])
                    index = next + 1
                } else {
                    depth += 1
                    newline()
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth = max(0, depth - 1)
                newline()
                out.append(byte)
            case UInt8(ascii: ","):
                out.append(byte)
                newline()
            case UInt8(ascii: ":"):
                out.append(contentsOf: [byte, UInt8(ascii: " ")])
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                continue
            default:
                out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\n"))
        return String(decoding: out, as: UTF8.self)
    }

    /// A string token's bytes, each terminal control JSON allows raw written as `\uXXXX`:
    /// C1 (`C2 80…9F`), U+061C (`D8 9C`), U+200E, U+200F and U+2028…202E (`E2 80 8E`, `8F`,
    /// `A8…AE`), U+2066…2069 (`E2 81 A6…A9`).
    static func appendEscapingControls(_ token: Slice<UnsafeRawBufferPointer>, to out: inout [UInt8]) {
        var index = token.startIndex
        while index < token.endIndex {
            let byte = token[index]
            let next = index + 1 < token.endIndex ? token[index + 1] : 0
            let third = index + 2 < token.endIndex ? token[index + 2] : 0
            var code: UInt32?
            var width = 1
            if byte == 0xC2, (0x80...0x9F).contains(next) {
                (code, width) = (UInt32(next), 2)
            } else if byte == 0xD8, next == 0x9C {
                (code, width) = (0x061C, 2)
            } else if byte == 0xE2, next == 0x80, third == 0x8E || third == 0x8F || (0xA8...0xAE).contains(third) {
                (code, width) = (0x2000 + UInt32(third - 0x80), 3)
            } else if byte == 0xE2, next == 0x81, (0xA6...0xA9).contains(third) {
                (code, width) = (0x2040 + UInt32(third - 0x80), 3)
            }
            if let code {
                let hex = String(code, radix: 16)
                out.append(contentsOf: Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8))
            } else {
                out.append(byte)
            }
            index += width
        }
    }

    private static func skipSpace(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        var index = start
        while index < bytes.count, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(bytes[index]) {
            index += 1
        }
        return index
    }
}
