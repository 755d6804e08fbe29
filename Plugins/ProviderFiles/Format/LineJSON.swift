import APICore

/// A JSON document read with the line every value starts on, so that an error
/// in a provider file (or an OpenAPI document) names its line, not only its field.
///
/// Foundation's parser forgets positions; this one is small, strict (RFC 8259),
/// bounded in depth, and never traps on bad input.
struct LineJSON: Sendable {
    /// The 1-based line the value starts on.
    var line: Int
    var value: Value

    indirect enum Value: Sendable {
        case null
        case bool(Bool)
        /// The number as written, so `10` stays an integer and `1e3` stays readable.
        case number(String)
        case string(String)
        case array([LineJSON])
        case object([(key: String, value: LineJSON)])
    }

    /// A syntax error, at a line and column.
    struct SyntaxError: Error, Sendable, Equatable {
        var line: Int
        var column: Int
        var reason: String
    }

    /// Nesting deeper than this is refused: no provider file or API document needs it.
    static let maxDepth = 64

    static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> LineJSON {
        var reader = Reader(bytes: bytes)
        reader.skipSpace()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.atEnd else { throw reader.error("unexpected text after the document") }
        return value
    }

    /// The member `key` of an object.
    subscript(key: String) -> LineJSON? {
        guard case let .object(members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The text of a string value.
    var string: String? {
        if case let .string(text) = value { return text }
        return nil
    }

    /// A whole number that fits an `Int`.
    var int: Int? {
        if case let .number(text) = value { return Int(text) }
        return nil
    }

    var bool: Bool? {
        if case let .bool(flag) = value { return flag }
        return nil
    }

    var array: [LineJSON]? {
        if case let .array(items) = value { return items }
        return nil
    }

    var members: [(key: String, value: LineJSON)]? {
        if case let .object(members) = value { return members }
        return nil
    }

    /// What kind of value this is, for "must be a string, not a number".
    var kindName: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The value as the kit's ``JSONValue`` (numbers as integers when they are whole).
    var jsonValue: JSONValue {
        switch value {
        case .null: .null
        case let .bool(flag): .bool(flag)
        case let .number(text): Int64(text).map(JSONValue.int) ?? Double(text).map(JSONValue.double) ?? .null
        case let .string(text): .string(text)
        case let .array(items): .array(items.map(\.jsonValue))
        case let .object(members): .object(members.map { JSONValue.Member($0.key, $0.value.jsonValue) })
        }
    }
}

extension LineJSON {
    /// A cursor over the bytes that counts lines as it goes.
    fileprivate struct Reader {
        let bytes: [UInt8]
        var index = 0
        var line = 1
        var lineStart = 0

        var atEnd: Bool { index >= bytes.count }

        func error(_ reason: String) -> SyntaxError {
            SyntaxError(line: line, column: index - lineStart + 1, reason: reason)
        }

        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\n"):
                    line += 1
                    lineStart = index + 1
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): break
                default: return
                }
                index += 1
            }
        }

        mutating func value(depth: Int) throws(SyntaxError) -> LineJSON {
            guard depth < LineJSON.maxDepth else { throw error("nested more than \(LineJSON.maxDepth) levels deep") }
            guard index < bytes.count else { throw error("unexpected end of the document") }
            let start = line
            switch bytes[index] {
            case UInt8(ascii: "{"): return LineJSON(line: start, value: try object(depth: depth))
            case UInt8(ascii: "["): return LineJSON(line: start, value: try array(depth: depth))
            case UInt8(ascii: "\""): return LineJSON(line: start, value: .string(try string()))
            case UInt8(ascii: "t"): try literal("true"); return LineJSON(line: start, value: .bool(true))
            case UInt8(ascii: "f"): try literal("false"); return LineJSON(line: start, value: .bool(false))
            case UInt8(ascii: "n"): try literal("null"); return LineJSON(line: start, value: .null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return LineJSON(line: start, value: .number(try number()))
            default:
                throw error("unexpected character '\(Character(Unicode.Scalar(bytes[index])))'")
            }
        }

        private mutating func literal(_ word: String) throws(SyntaxError) {
            let expected = Array(word.utf8)
            guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else {
                throw error("expected '\(word)'")
            }
            index += expected.count
        }

        private mutating func expect(_ byte: UInt8, _ what: String) throws(SyntaxError) {
            skipSpace()
            guard index < bytes.count, bytes[index] == byte else { throw error("expected \(what)") }
            index += 1
        }

        private mutating func object(depth: Int) throws(SyntaxError) -> Value {
            index += 1
            var members: [(key: String, value: LineJSON)] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            while true {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a quoted member name") }
                let key = try string()
                try expect(UInt8(ascii: ":"), "':' after the member name")
                skipSpace()
                members.append((key, try value(depth: depth + 1)))
                skipSpace()
                guard index < bytes.count else { throw error("unexpected end inside an object") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
                throw error("expected ',' or '}'")
            }
        }

        private mutating func array(depth: Int) throws(SyntaxError) -> Value {
            index += 1
            var items: [LineJSON] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(items)
            }
            while true {
                skipSpace()
                items.append(try value(depth: depth + 1))
                skipSpace()
                guard index < bytes.count else { throw error("unexpected end inside an array") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
                throw error("expected ',' or ']'")
            }
        }

        private mutating func number() throws(SyntaxError) -> String {
            let start = index
            let allowed = Set("+-0123456789.eE".utf8)
            while index < bytes.count, allowed.contains(bytes[index]) { index += 1 }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            guard Double(text) != nil, !text.hasPrefix("+"), !text.hasPrefix("."), !text.hasSuffix(".") else {
                throw error("'\(text)' is not a number")
            }
            return text
        }

        private mutating func string() throws(SyntaxError) -> String {
            index += 1
            var text = ""
            var run = index
            while true {
                guard index < bytes.count else { throw error("unterminated string") }
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    text += String(decoding: bytes[run..<index], as: UTF8.self)
                    index += 1
                    return text
                }
                if byte < 0x20 { throw error("a control character inside a string") }
                if byte == UInt8(ascii: "\\") {
                    text += String(decoding: bytes[run..<index], as: UTF8.self)
                    index += 1
                    text.unicodeScalars.append(try escape())
                    run = index
                    continue
                }
                index += 1
            }
        }

        private mutating func escape() throws(SyntaxError) -> Unicode.Scalar {
            guard index < bytes.count else { throw error("unterminated escape") }
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return "\""
            case UInt8(ascii: "\\"): return "\\"
            case UInt8(ascii: "/"): return "/"
            case UInt8(ascii: "b"): return "\u{08}"
            case UInt8(ascii: "f"): return "\u{0C}"
            case UInt8(ascii: "n"): return "\n"
            case UInt8(ascii: "r"): return "\r"
            case UInt8(ascii: "t"): return "\t"
            case UInt8(ascii: "u"):
                let high = try hex4()
                if (0xD800..<0xDC00).contains(high) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                    else { return "\u{FFFD}" }
                    index += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { return "\u{FFFD}" }
                    return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}"
                }
                return Unicode.Scalar(high) ?? "\u{FFFD}"
            default:
                throw error("an unknown escape in a string")
            }
        }

        private mutating func hex4() throws(SyntaxError) -> UInt32 {
            guard index + 4 <= bytes.count, let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
            else { throw error("a bad \\u escape") }
            index += 4
            return value
        }
    }
}
