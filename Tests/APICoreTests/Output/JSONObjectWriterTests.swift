import Testing
@testable import APICore

/// An object written member by member has the bytes of the same members as a `JSONValue`,
/// at every depth, pretty and compact, for every kind of member and every hostile string.
@Suite("JSON objects written member by member")
struct JSONObjectWriterTests {
    /// The text `write` gives for each of `object`'s places: pretty at depths 0 to 3, and compact.
    static func sameText(_ object: JSONObjectText, _ value: JSONValue) {
        for (pretty, depth) in [(true, 0), (true, 1), (true, 3), (false, 0)] {
            var written = TextBuffer()
            object.write(to: &written, pretty: pretty, indentLevel: depth)
            var expected = TextBuffer()
            value.write(to: &expected, pretty: pretty, indentLevel: depth)
            #expect(written.text == expected.text, "pretty \(pretty), depth \(depth)")
        }
    }

    @Test("no member at all is {}")
    func empty() {
        Self.sameText(JSONObjectText { _ in }, .object([]))
    }

    @Test("strings as bytes or as String, null, numbers, lists of strings empty and not, nested values")
    func everyKindOfMember() {
        let words = ["one", "two \"quoted\"", "日本語"]
        let object = JSONObjectText { object in
            Array("web".utf8).withUnsafeBufferPointer { object.member("bytes", utf8: $0) }
            object.member("absent", utf8: nil)
            object.member("text", string: "plain")
            object.member("no_text", string: nil)
            object.member("count", int: -42)
            object.member("no_count", int: nil)
            object.member("none") { _ in }
            object.member("words") { each in
                for word in words { Array(word.utf8).withUnsafeBufferPointer { each($0) } }
            }
            object.member("nested", .object([.init("list", [1, 2]), .init("empty", .array([]))]))
        }
        Self.sameText(object, .object([
            .init("bytes", "web"), .init("absent", nil), .init("text", "plain"), .init("no_text", nil),
            .init("count", -42), .init("no_count", nil), .init("none", .array([])),
            .init("words", .array(words.map(JSONValue.string))),
            .init("nested", .object([.init("list", [1, 2]), .init("empty", .array([]))])),
        ]))
    }

    @Test("every hostile string, as bytes and as a list, escaped as a JSONValue's", arguments: JSONHostileStringTests.hostile)
    func hostile(_ text: String) {
        let object = JSONObjectText { object in
            Array(text.utf8).withUnsafeBufferPointer { bytes in
                object.member("bytes", utf8: bytes)
                object.member("list") { each in each(bytes); each(bytes) }
            }
            object.member("string", string: text)
        }
        Self.sameText(object, .object([
            .init("bytes", .string(text)), .init("list", .array([.string(text), .string(text)])),
            .init("string", .string(text)),
        ]))
    }
}
