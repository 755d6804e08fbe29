import Foundation

/// Where the numbers, objects and arrays of a JSON body lie, by byte range and
/// by path, so a fuzz case can rewrite exactly those bytes and leave every other
/// byte as the real answer had it.
///
/// Text, not `JSONSerialization`: a rewritten value must be able to hold what
/// Foundation cannot represent (`18446744073709551615`, a 400-digit integer),
/// and the untouched rest must stay byte for byte the recorded answer.
///
/// A path names array elements `*`, so `list.*.main.temp` is one "field" of a
/// forecast however many steps it has.
struct JSONTokenMap {
    enum Kind: Hashable { case number, object, array }

    struct Token {
        var kind: Kind
        var range: Range<Int>
        var path: String
    }

    let tokens: [Token]

    /// Nil when `body` is not JSON the scanner can follow.
    init?(_ body: Data) {
        var scanner = Scanner(bytes: Array(body))
        guard scanner.value(path: ""), scanner.atEnd else { return nil }
        tokens = scanner.tokens
    }

    /// The distinct paths of one kind, in first-seen order.
    func paths(_ kind: Kind) -> [String] {
        var seen = Set<String>()
        return tokens.filter { $0.kind == kind && seen.insert($0.path).inserted }.map(\.path)
    }

    /// `body` with every token that `matches` replaced by `replacement(original text)`.
    /// Nested matches are left to the outermost one.
    func rewriting(_ body: Data, where matches: (Token) -> Bool, with replacement: (String) -> String) -> Data {
        let bytes = Array(body)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var cursor = 0
        for token in tokens where matches(token) && token.range.lowerBound >= cursor {
            out += bytes[cursor..<token.range.lowerBound]
            out += Array(replacement(String(decoding: bytes[token.range], as: UTF8.self)).utf8)
            cursor = token.range.upperBound
        }
        out += bytes[cursor...]
        return Data(out)
    }

    /// A recursive-descent reader that records tokens as it goes (in document order).
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var tokens: [Token] = []
        var depth = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool {
            var copy = self
            copy.skipSpace()
            return copy.index == bytes.count
        }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func value(path: String) -> Bool {
            skipSpace()
            guard index < bytes.count, depth < 200 else { return false }
            let start = index
            switch bytes[index] {
            case UInt8(ascii: "{"):
                let slot = tokens.count
                tokens.append(Token(kind: .object, range: start..<start, path: path))
                guard object(path: path) else { return false }
                tokens[slot].range = start..<index
            case UInt8(ascii: "["):
                let slot = tokens.count
                tokens.append(Token(kind: .array, range: start..<start, path: path))
                guard array(path: path) else { return false }
                tokens[slot].range = start..<index
            case UInt8(ascii: "\""):
                return string() != nil
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                while index < bytes.count, "+-.eE0123456789".utf8.contains(bytes[index]) { index += 1 }
                tokens.append(Token(kind: .number, range: start..<index, path: path))
            default:
                for word in ["true", "false", "null"] where bytes[index...].starts(with: word.utf8) {
                    index += word.utf8.count
                    return true
                }
                return false
            }
            return true
        }

        mutating func object(path: String) -> Bool {
            index += 1
            depth += 1
            defer { depth -= 1 }
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return true }
            while true {
                skipSpace()
                guard let key = string() else { return false }
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return false }
                index += 1
                guard value(path: path.isEmpty ? key : path + "." + key) else { return false }
                skipSpace()
                guard index < bytes.count else { return false }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                guard bytes[index] == UInt8(ascii: "}") else { return false }
                index += 1
                return true
            }
        }

        mutating func array(path: String) -> Bool {
            index += 1
            depth += 1
            defer { depth -= 1 }
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return true }
            while true {
                guard value(path: path.isEmpty ? "*" : path + ".*") else { return false }
                skipSpace()
                guard index < bytes.count else { return false }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                guard bytes[index] == UInt8(ascii: "]") else { return false }
                index += 1
                return true
            }
        }

        /// The string's raw text between its quotes (escapes left as written).
        mutating func string() -> String? {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
            index += 1
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard index < bytes.count else { return nil }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            index += 1
            return text
        }
    }
}
