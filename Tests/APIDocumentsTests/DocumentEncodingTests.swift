@testable import APIDocuments
import Testing

/// Both readers refuse what is not UTF-8 the same way, naming the encoding, and the
/// format guess never turns such a document into "not YAML".
@Suite struct DocumentEncodingTests {
    static func utf16(_ text: String, bigEndian: Bool, mark: Bool) -> [UInt8] {
        var out: [UInt8] = mark ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
        for unit in text.utf16 {
            let pair = [UInt8(unit >> 8), UInt8(unit & 0xFF)]
            out += bigEndian ? pair : pair.reversed()
        }
        return out
    }

    static func utf32(_ text: String, bigEndian: Bool) -> [UInt8] {
        text.unicodeScalars.flatMap { scalar -> [UInt8] in
            let bytes = [24, 16, 8, 0].map { UInt8((scalar.value >> UInt32($0)) & 0xFF) }
            return bigEndian ? bytes : bytes.reversed()
        }
    }

    static let cases: [(name: String, bytes: [UInt8], says: String)] = [
        ("UTF-8 with a BOM", [0xEF, 0xBB, 0xBF] + Array("{\"a\": 1}".utf8), "UTF-8 byte-order mark"),
        ("UTF-16LE with a BOM", utf16("{\"a\": 1}", bigEndian: false, mark: true), "UTF-16LE"),
        ("UTF-16BE with a BOM", utf16("{\"a\": 1}", bigEndian: true, mark: true), "UTF-16BE"),
        ("UTF-16LE without one", utf16("{\"a\": 1}", bigEndian: false, mark: false), "UTF-16LE"),
        ("UTF-16BE without one", utf16("openapi: 3.0.0", bigEndian: true, mark: false), "UTF-16BE"),
        ("UTF-32LE", utf32("{\"a\": 1}", bigEndian: false), "UTF-32LE"),
        ("UTF-32BE", utf32("a: 1", bigEndian: true), "UTF-32BE"),
    ]

    @Test(arguments: cases.indices)
    func namesTheEncodingInBothReaders(index: Int) throws {
        let (name, bytes, says) = Self.cases[index]
        for format in DocumentFormat.allCases {
            let error = try #require(readingError { () throws(DocumentError) in try format.read(bytes) }, "\(name) as \(format)")
            #expect(error.kind == .encoding, "\(name) as \(format)")
            #expect(error.reason.contains(says), "\(name) as \(format): \(error.reason)")
            #expect(!error.reason.contains("YAML"), "\(name) as \(format)")
            #expect(!error.reason.contains("Ã"), "\(name) as \(format)")
            #expect(isTerminalSafe(error.description))
        }
        // Whatever the guess, reading by guess says the same.
        let guessed = readingError { () throws(DocumentError) in try DocumentFormat.read(bytes).0 }
        #expect(guessed?.kind == .encoding)
        #expect(guessed?.reason.contains(says) == true)
    }

    /// Each holds a first byte that cannot start or continue a UTF-8 sequence here:
    /// a stray byte, a lead without its continuation, an overlong form, a surrogate,
    /// past U+10FFFF, a sequence cut short.
    @Test(arguments: [[0xFF], [0xC3, 0x28], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]] as [[UInt8]])
    func refusesInvalidUTF8AtItsPosition(bad: [UInt8]) throws {
        // `bad` comes on line 2, in JSON after `  "k": "x` and in YAML after `  k: x`.
        let json = Array("{\n  \"k\": \"x".utf8) + bad + Array("\"}".utf8)
        let yaml = Array("a:\n  k: x".utf8) + bad
        for (bytes, column) in [(json, 10), (yaml, 7)] {
            for format in DocumentFormat.allCases {
                let error = try #require(readingError { () throws(DocumentError) in try format.read(bytes) })
                #expect(error.kind == .encoding)
                #expect(error.line == 2)
                #expect(error.column == column, "\(bad) as \(format)")
                #expect(error.reason == "not valid UTF-8 (byte \(DocumentText.byte(bad[0]))); save the document as UTF-8")
                #expect(isTerminalSafe(error.description))
            }
        }
    }

    @Test func acceptsEveryValidSequenceLength() throws {
        let text = "[\"a é € 😀 \u{10FFFF}\"]"
        #expect(try readJSON(text).array?.first?.string == "a é € 😀 \u{10FFFF}")
        #expect(try readYAML("- a é € 😀").array?.first?.string == "a é € 😀")
    }
}
