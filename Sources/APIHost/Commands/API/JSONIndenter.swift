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
                out.append(contentsOf: bytes[(index - 1)..<end])
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

    private static func skipSpace(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        var index = start
        while index < bytes.count, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(bytes[index]) {
            index += 1
        }
        return index
    }
}
