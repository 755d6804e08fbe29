#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APIBasics

/// Reads any JSON answer into a ``JSONValue`` with each object's members in the order
/// the server wrote them: the answer's own order is the one order apicli prints and
/// stores. `JSONDecoder` cannot give it (its keyed containers are dictionaries), so the
/// value tree is read here, on the project's one string scan (`JSONString`), escape
/// decoder (`JSONEscape`) and number grammar (`JSONNumber`).
///
/// It accepts what `JSONDecoder` accepted and reads it as `JSONValue`'s `Decodable`
/// conformance did, so that an answer read before is read the same, keys apart:
/// - UTF-8 with or without a byte-order mark, and UTF-16 or UTF-32 (by their mark, or
///   by the zero bytes of RFC 4627 §3), transcoded first;
/// - a comma before a closing bracket (`[1,]`), which `JSONDecoder` lets pass;
/// - a key given twice keeps its first value, where it first stood;
/// - nesting up to 512 arrays and objects deep;
/// - numbers as ``number(_:integer:)`` says; one that is too large for a `Double`
///   (`1e400`) is refused, as are a lone surrogate escape, a control byte in a string
///   and a string that is not UTF-8.
struct JSONValueReader {
    /// The bytes are not JSON (or not JSON this reader reads).
    struct Malformed: Error {}

    private let bytes: UnsafeRawBufferPointer
    private var at = 0
    private var depth = 0

    private static let maxDepth = 512
    /// Members an object holds before its keys are looked up in a set rather than compared in turn.
    private static let scanLimit = 12

    private init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The whole document in `data`.
    static func read(_ data: Data) throws -> JSONValue {
        if let transcoded = UnicodeJSON.utf8(from: data) {
            return try transcoded.withUnsafeBytes { try read($0) }
        }
        return try data.withUnsafeBytes { try read($0) }
    }

    /// The whole document in UTF-8 `bytes`, after a byte-order mark if there is one.
    static func read(_ bytes: UnsafeRawBufferPointer) throws(Malformed) -> JSONValue {
        var reader = JSONValueReader(bytes)
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { reader.at = 3 }
        let value = try reader.value()
        reader.skipSpace()
        guard reader.at == bytes.count else { throw Malformed() }
        return value
    }

    private mutating func value() throws(Malformed) -> JSONValue {
        skipSpace()
        guard at < bytes.count else { throw Malformed() }
        switch bytes[at] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let scan = JSONNumber.scan(bytes, from: at)
            guard scan.valid else { throw Malformed() }
            let text = UnsafeRawBufferPointer(rebasing: bytes[at..<scan.end])
            at = scan.end
            guard let number = Self.number(text, integer: scan.integer) else { throw Malformed() }
            return number
        default: throw Malformed()
        }
    }

    private mutating func object() throws(Malformed) -> JSONValue {
        try enter()
        var members: [JSONValue.Member] = []
        var keys: Set<String>?
        var first = true
        while true {
            skipSpace()
            guard at < bytes.count else { throw Malformed() }
            if bytes[at] == UInt8(ascii: "}") { break }
            if !first {
                guard bytes[at] == UInt8(ascii: ",") else { throw Malformed() }
                at += 1
                skipSpace()
                // A comma before the closing brace, as `JSONDecoder` allows.
                if at < bytes.count, bytes[at] == UInt8(ascii: "}") { break }
            }
            guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { throw Malformed() }
            first = false
            let key = try string()
            skipSpace()
            guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { throw Malformed() }
            at += 1
            let value = try value()
            // A key given twice keeps its first value, as `JSONDecoder` read it.
            if let seen = keys {
                guard !seen.contains(key) else { continue }
                keys?.insert(key)
            } else {
                guard !members.contains(where: { $0.key == key }) else { continue }
                if members.count == Self.scanLimit { keys = Set(members.map(\.key) + [key]) }
            }
            members.append(JSONValue.Member(key, value))
        }
        at += 1
        depth -= 1
        return .object(members)
    }

    private mutating func array() throws(Malformed) -> JSONValue {
        try enter()
        var items: [JSONValue] = []
        while true {
            skipSpace()
            guard at < bytes.count else { throw Malformed() }
            if bytes[at] == UInt8(ascii: "]") { break }
            if !items.isEmpty {
                guard bytes[at] == UInt8(ascii: ",") else { throw Malformed() }
                at += 1
                skipSpace()
                // A comma before the closing bracket, as `JSONDecoder` allows.
                if at < bytes.count, bytes[at] == UInt8(ascii: "]") { break }
            }
            items.append(try value())
        }
        at += 1
        depth -= 1
        return .array(items)
    }

    /// Past a `{` or `[`, one level deeper.
    private mutating func enter() throws(Malformed) {
        guard depth < Self.maxDepth else { throw Malformed() }
        depth += 1
        at += 1
    }

    /// At a `"`: the string, escapes decoded.
    private mutating func string() throws(Malformed) -> String {
        let start = at + 1
        let scan = JSONString.scan(bytes, from: start)
        guard scan.closed, !scan.control else { throw Malformed() }
        let raw = UnsafeRawBufferPointer(rebasing: bytes[start..<scan.end])
        at = scan.end + 1
        guard scan.ascii || JSONString.isValidUTF8(raw) else { throw Malformed() }
        guard scan.escaped else { return String(decoding: raw, as: UTF8.self) }
        var failed = false
        let text = String(unsafeUninitializedCapacity: raw.count) { buffer -> Int in
            guard let written = try? JSONEscape.unescape(raw, into: buffer.baseAddress, loneSurrogates: .refuse) else {
                failed = true
                return 0
            }
            return written
        }
        if failed { throw Malformed() }
        return text
    }

    private mutating func literal(_ word: StaticString) throws(Malformed) {
        let count = word.utf8CodeUnitCount
        guard at + count <= bytes.count else { throw Malformed() }
        for offset in 0..<count where bytes[at + offset] != word.utf8Start[offset] { throw Malformed() }
        at += count
    }

    private mutating func skipSpace() {
        while at < bytes.count {
            switch bytes[at] {
            case 0x20, 0x0A, 0x0D, 0x09: at += 1
            default: return
            }
        }
    }
}

extension JSONValueReader {
    /// A number as `JSONValue`'s `Decodable` conformance read it through `JSONDecoder`:
    /// an integer when `Int64` holds it (`3`, `-0`, and `1.0`, `1e2` or `1e-400`, whose
    /// `Double` is a whole number below 2^53; above that the written digits decide,
    /// truncated, as `Decimal` would give them), a `Double` otherwise; nil when the
    /// `Double` is not finite (`1e400`).
    static func number(_ text: UnsafeRawBufferPointer, integer: Bool) -> JSONValue? {
        if integer, let value = plainInteger(text) { return .int(value) }
        guard let double = Double(String(decoding: text, as: UTF8.self)), double.isFinite else { return nil }
        if let value = Int64(exactly: double) {
            if double.magnitude < 0x1p53 { return .int(value) }
            if let truncated = truncatedInteger(text) { return .int(truncated) }
        }
        return .double(double)
    }

    /// A number written as digits alone (with its sign), when `Int64` holds it.
    static func plainInteger(_ text: UnsafeRawBufferPointer) -> Int64? {
        let negative = text.first == UInt8(ascii: "-")
        var value: Int64 = 0
        for byte in text.dropFirst(negative ? 1 : 0) {
            let digit = Int64(byte &- UInt8(ascii: "0"))
            let (tens, overflowTens) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow) = negative ? tens.subtractingReportingOverflow(digit) : tens.addingReportingOverflow(digit)
            guard !overflowTens, !overflow else { return nil }
            value = next
        }
        return value
    }

    /// The whole part of a number written with a fraction or an exponent, when
    /// `Int64` holds it: `123456789012345678.5` is `123456789012345678`.
    static func truncatedInteger(_ text: UnsafeRawBufferPointer) -> Int64? {
        var digits: [UInt8] = []
        var point: Int?
        var exponent = 0
        var at = text.first == UInt8(ascii: "-") ? 1 : 0
        while at < text.count {
            let byte = text[at]
            if byte == UInt8(ascii: ".") {
                point = digits.count
            } else if byte | 0x20 == UInt8(ascii: "e") {
                let sign = text[at + 1] == UInt8(ascii: "-") ? -1 : 1
                for digit in text[(at + 1)...] where digit >= UInt8(ascii: "0") && digit <= UInt8(ascii: "9") {
                    exponent = min(exponent * 10 + Int(digit - UInt8(ascii: "0")), 1_000)
                }
                exponent *= sign
                break
            } else {
                digits.append(byte - UInt8(ascii: "0"))
            }
            at += 1
        }
        let whole = (point ?? digits.count) + exponent
        guard whole > 0 else { return 0 }
        var magnitude: UInt64 = 0
        for index in 0..<whole {
            let digit = index < digits.count ? UInt64(digits[index]) : 0
            let (tens, overflowTens) = magnitude.multipliedReportingOverflow(by: 10)
            let (next, overflow) = tens.addingReportingOverflow(digit)
            guard !overflowTens, !overflow else { return nil }
            magnitude = next
        }
        guard let value = Int64(exactly: magnitude) else { return nil }
        return text.first == UInt8(ascii: "-") ? -value : value
    }
}
