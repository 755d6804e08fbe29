/// The check both readers make before reading: the document is UTF-8, with no
/// byte-order mark, and every byte sequence in it is valid UTF-8.
///
/// Refusing here, with the encoding named, is what keeps a document saved by an
/// editor as UTF-16, or with a BOM, from being reported as "unexpected character
/// 'Ã¯'" or taken for YAML. RFC 8259 requires UTF-8 without a BOM for JSON; YAML
/// allows both, but apicli reads one encoding and says how to convert the others.
enum DocumentEncoding {
    static func check(_ bytes: UnsafeBufferPointer<UInt8>) throws(DocumentError) {
        if let other = otherEncoding(bytes) {
            throw DocumentError(.encoding, line: 1, column: 1, other)
        }
        if let bad = firstInvalidUTF8(bytes) {
            let (line, column) = position(of: bad, in: bytes)
            throw DocumentError(
                .encoding, line: line, column: column,
                "not valid UTF-8 (byte \(DocumentText.byte(bytes[bad]))); save the document as UTF-8")
        }
    }

    /// What the first bytes say the document is, when it is not plain UTF-8.
    private static func otherEncoding(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let head = Array(bytes.prefix(4))
        func starts(_ prefix: [UInt8]) -> Bool { head.starts(with: prefix) }
        if starts([0xEF, 0xBB, 0xBF]) {
            return "the document starts with a UTF-8 byte-order mark (bytes EF BB BF); save it as UTF-8 without one"
        }
        let name: String?
        if starts([0x00, 0x00, 0xFE, 0xFF]) || (head.count == 4 && head[0] == 0 && head[1] == 0 && head[2] == 0 && head[3] != 0) {
            name = "UTF-32BE"
        } else if starts([0xFF, 0xFE, 0x00, 0x00]) || (head.count == 4 && head[0] != 0 && head[1] == 0 && head[2] == 0 && head[3] == 0) {
            name = "UTF-32LE"
        } else if starts([0xFE, 0xFF]) || (head.count >= 2 && head[0] == 0 && head[1] != 0) {
            name = "UTF-16BE"
        } else if starts([0xFF, 0xFE]) || (head.count >= 2 && head[0] != 0 && head[1] == 0) {
            name = "UTF-16LE"
        } else {
            name = nil
        }
        return name.map { "the document is \($0) text, not UTF-8; convert it first, e.g. 'iconv -f \($0) -t UTF-8'" }
    }

    /// The index of the first byte that does not belong to valid UTF-8 (RFC 3629:
    /// no overlong forms, no surrogates, nothing past U+10FFFF), or nil.
    static func firstInvalidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return index
            }
            guard index + length <= count else { return index }
            let second = bytes[index + 1]
            guard second >= low, second <= high else { return index }
            for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return index }
            index += length
        }
        return nil
    }

    /// The 1-based line and byte column of `index`.
    static func position(of index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for position in 0..<min(index, bytes.count) where bytes[position] == UInt8(ascii: "\n") {
            line += 1
            lineStart = position + 1
        }
        return (line, index - lineStart + 1)
    }

    /// The byte index of a 1-based line and character column (libyaml counts
    /// columns in characters), or nil past the end.
    static func index(line: Int, characterColumn: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        var currentLine = 1
        while currentLine < line {
            guard let newline = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            index = newline + 1
            currentLine += 1
        }
        var column = 1
        while column < characterColumn, index < bytes.count {
            index += 1
            while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
            column += 1
        }
        return index < bytes.count ? index : nil
    }

    /// The scalar that starts at `index` of validated UTF-8.
    static func scalar(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar {
        var iterator = bytes[index...].makeIterator()
        var decoder = UTF8()
        if case let .scalarValue(scalar) = decoder.decode(&iterator) { return scalar }
        return "\u{FFFD}"
    }
}
