/// The cursor behind ``JSONDocumentReader``: it walks validated UTF-8 once, counting
/// lines, and keeps open arrays and objects on its own stack instead of recursing.
struct JSONParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let limits: DocumentLimits
    private var index = 0
    private var line = 1
    private var lineStart = 0

    /// An array or object not yet closed.
    private struct Open {
        var line: Int
        var isObject: Bool
        var items: [DocumentNode] = []
        var members = MemberList()
        /// The key whose value comes next, with where it was written.
        var key = ""
        var keyLine = 0
        var keyColumn = 0
    }

    private var stack: [Open] = []

    init(bytes: UnsafeBufferPointer<UInt8>, limits: DocumentLimits) {
        self.bytes = bytes
        self.limits = limits
    }

    mutating func document() throws(DocumentError) -> DocumentNode {
        var node = try nextValue()
        while true {
            guard !stack.isEmpty else { break }
            if let closed = try add(node) {
                node = closed
            } else {
                node = try nextValue()
            }
        }
        skipSpace()
        guard index >= bytes.count else { throw error("unexpected text after the document: \(describeHere())") }
        return node
    }

    /// Reads up to the next complete value: a scalar, or an empty array or object.
    /// Opening brackets on the way are pushed.
    private mutating func nextValue() throws(DocumentError) -> DocumentNode {
        while true {
            skipSpace()
            guard index < bytes.count else { throw error(stack.isEmpty ? "the document is empty" : "unexpected end of the document") }
            let start = line
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = bytes[index] == UInt8(ascii: "{")
                guard stack.count < limits.maxDepth else { throw limits.depthError(line: line, column: column) }
                index += 1
                skipSpace()
                if index < bytes.count, bytes[index] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    index += 1
                    return DocumentNode(line: start, value: isObject ? .object([]) : .array([]))
                }
                stack.append(Open(line: start, isObject: isObject))
                if isObject { try readKey() }
            case UInt8(ascii: "\""): return DocumentNode(line: start, value: .string(try string()))
            case UInt8(ascii: "t"): try literal("true"); return DocumentNode(line: start, value: .bool(true))
            case UInt8(ascii: "f"): try literal("false"); return DocumentNode(line: start, value: .bool(false))
            case UInt8(ascii: "n"): try literal("null"); return DocumentNode(line: start, value: .null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return DocumentNode(line: start, value: .number(try number()))
            default:
                throw error("unexpected character \(describeHere())")
            }
        }
    }

    /// Adds `node` to the innermost open value and reads what follows it: returns
    /// the value that a closing bracket completes, or nil when another value follows.
    private mutating func add(_ node: DocumentNode) throws(DocumentError) -> DocumentNode? {
        let top = stack.count - 1
        let isObject = stack[top].isObject
        if isObject {
            // Field by field: copying the whole frame would retain its arrays.
            let (key, keyLine, keyColumn) = (stack[top].key, stack[top].keyLine, stack[top].keyColumn)
            try stack[top].members.append(key: key, line: keyLine, column: keyColumn, value: node)
        } else {
            stack[top].items.append(node)
        }
        skipSpace()
        guard index < bytes.count else { throw error(isObject ? "unexpected end inside an object" : "unexpected end inside an array") }
        switch bytes[index] {
        case UInt8(ascii: ","):
            index += 1
            if isObject { try readKey() }
            return nil
        case isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"):
            index += 1
            let open = stack.removeLast()
            return DocumentNode(line: open.line, value: isObject ? .object(open.members.members) : .array(open.items))
        default:
            throw error(isObject ? "expected ',' or '}', found \(describeHere())" : "expected ',' or ']', found \(describeHere())")
        }
    }

    /// Reads `"name":` into the innermost open object.
    private mutating func readKey() throws(DocumentError) {
        skipSpace()
        guard index < bytes.count else { throw error("unexpected end inside an object") }
        guard bytes[index] == UInt8(ascii: "\"") else { throw error("expected a quoted member name, found \(describeHere())") }
        let keyLine = line
        let keyColumn = column
        let key = try string()
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
            throw error("expected ':' after the member name \(DocumentText.quoted(key))")
        }
        index += 1
        stack[stack.count - 1].key = key
        stack[stack.count - 1].keyLine = keyLine
        stack[stack.count - 1].keyColumn = keyColumn
    }

    // MARK: Scalars

    private mutating func literal(_ word: StaticString) throws(DocumentError) {
        let count = word.utf8CodeUnitCount
        let matches = index + count <= bytes.count
            && (0..<count).allSatisfy { bytes[index + $0] == word.utf8Start[$0] }
        guard matches else { throw error("unexpected character \(describeHere())") }
        index += count
    }

    /// A number in JSON's grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private mutating func number() throws(DocumentError) -> String {
        let start = index
        func digits(_ parser: inout JSONParser) -> Int {
            let first = parser.index
            while parser.index < parser.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(parser.bytes[parser.index]) {
                parser.index += 1
            }
            return parser.index - first
        }
        var valid = true
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let leading = index
        let whole = digits(&self)
        if whole == 0 || (whole > 1 && bytes[leading] == UInt8(ascii: "0")) { valid = false }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            if digits(&self) == 0 { valid = false }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            if digits(&self) == 0 { valid = false }
        }
        // Letters and dots run on into the same word: "1.2.3", "12abc".
        while index < bytes.count, Self.continuesNumber(bytes[index]) {
            index += 1
            valid = false
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard valid else {
            index = start
            throw error("\(DocumentText.quoted(text)) is not a JSON number")
        }
        return text
    }

    private static func continuesNumber(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default: false
        }
    }

    private mutating func string() throws(DocumentError) -> String {
        index += 1
        var text = ""
        var run = index
        while true {
            guard index < bytes.count else { throw error("a string that does not end") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let tail = String(decoding: UnsafeBufferPointer(rebasing: bytes[run..<index]), as: UTF8.self)
                index += 1
                return text.isEmpty ? tail : text + tail
            }
            if byte < 0x20 {
                throw error("a control character (\(DocumentText.byte(byte))) inside a string; write it as \\u00\(DocumentText.byte(byte).dropFirst(2))")
            }
            if byte == UInt8(ascii: "\\") {
                text += String(decoding: UnsafeBufferPointer(rebasing: bytes[run..<index]), as: UTF8.self)
                index += 1
                text.unicodeScalars.append(try escape())
                run = index
                continue
            }
            index += 1
        }
    }

    private mutating func escape() throws(DocumentError) -> Unicode.Scalar {
        guard index < bytes.count else { throw error("a string that does not end") }
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
            guard (0xD800..<0xDC00).contains(high) else {
                // A lone low surrogate is no character: keep the string readable with U+FFFD.
                return Unicode.Scalar(high) ?? "\u{FFFD}"
            }
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                return "\u{FFFD}"
            }
            let afterHigh = index
            index += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else {
                index = afterHigh
                return "\u{FFFD}"
            }
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}"
        default:
            index -= 1
            throw error("an unknown escape \\\(DocumentText.character(DocumentEncoding.scalar(at: index, in: bytes))) in a string")
        }
    }

    private mutating func hex4() throws(DocumentError) -> UInt32 {
        var value: UInt32 = 0
        for offset in 0..<4 {
            guard index + offset < bytes.count, let digit = Self.hexDigit(bytes[index + offset]) else {
                throw error("a \\u escape needs four hex digits")
            }
            value = value << 4 | digit
        }
        index += 4
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    // MARK: Position

    private var column: Int { index - lineStart + 1 }

    private func error(_ reason: String) -> DocumentError {
        DocumentError(.syntax, line: line, column: column, reason)
    }

    /// The character at the cursor, named safely.
    private func describeHere() -> String {
        index < bytes.count ? DocumentText.character(DocumentEncoding.scalar(at: index, in: bytes)) : "the end"
    }

    private mutating func skipSpace() {
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
}
