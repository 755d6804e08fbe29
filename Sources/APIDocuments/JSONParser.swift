import APIBasics

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

    /// A number in JSON's grammar (`JSONNumber`), kept as written.
    private mutating func number() throws(DocumentError) -> String {
        let start = index
        let scan = JSONNumber.scan(UnsafeRawBufferPointer(bytes), from: start)
        index = scan.end
        var valid = scan.valid
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

    /// At a `"`: the string, its end found by the one string scan (`JSONString`) and its
    /// escapes decoded by the one escape decoder (`JSONEscape`), a lone surrogate read as
    /// U+FFFD. Of what is wrong in it, the first is named, where it stands.
    private mutating func string() throws(DocumentError) -> String {
        let start = index + 1
        let raw = UnsafeRawBufferPointer(bytes)
        let scan = JSONString.scan(raw, from: start)
        let end = min(scan.end, bytes.count)
        let contents = UnsafeRawBufferPointer(rebasing: raw[start..<end])
        var failure: JSONEscape.Failure?
        var text = ""
        if scan.escaped {
            // Escapes only shorten a string (`\u00e9` is 6 bytes for 2), so its raw length is enough room.
            text = String(unsafeUninitializedCapacity: contents.count) { buffer in
                do throws(JSONEscape.Failure) {
                    return try JSONEscape.unescape(contents, into: buffer.baseAddress, loneSurrogates: .replace)
                } catch {
                    failure = error
                    return 0
                }
            }
        } else {
            text = String(decoding: contents, as: UTF8.self)
        }
        // A backslash that is the document's last byte is an escape cut short: the string does not end.
        if let cut = failure, !scan.closed, cut.escape == .unknown, start + cut.offset + 1 >= end { failure = nil }
        let control = scan.control ? (start..<end).first { bytes[$0] < 0x20 } : nil
        if let failure, start + failure.offset < control ?? end {
            index = start + failure.offset + 1
            switch failure.escape {
            case .badHex:
                index += 1
                throw error("a \\u escape needs four hex digits")
            default:
                throw error("an unknown escape \\\(DocumentText.character(DocumentEncoding.scalar(at: index, in: bytes))) in a string")
            }
        }
        if let control {
            index = control
            let byte = bytes[control]
            throw error("a control character (\(DocumentText.byte(byte))) inside a string; write it as \\u00\(DocumentText.byte(byte).dropFirst(2))")
        }
        guard scan.closed else {
            index = bytes.count
            throw error("a string that does not end")
        }
        index = scan.end + 1
        return text
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
