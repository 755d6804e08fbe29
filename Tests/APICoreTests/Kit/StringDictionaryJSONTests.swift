import Foundation
import Testing
@testable import APICore

/// A dictionary of strings kept as a JSON object: the byte reader where it reads the
/// text, `JSONDecoder` for the rest, the same answer either way.
@Suite("String dictionaries as JSON text")
struct StringDictionaryJSONTests {
    /// What `JSONDecoder` makes of `text`, as the read-backs did before.
    static func decoded(_ text: String) -> [String: String]? {
        try? JSONDecoder().decode([String: String].self, from: Data(text.utf8))
    }

    static func fast(_ text: String) -> [String: String]? {
        var text = text
        return text.withUTF8 { StringDictionaryJSON.plainObject(UnsafeRawBufferPointer($0)) }
    }

    @Test(
        "every shape gives the decoder's answer",
        arguments: [
            #"{}"#, #" { "fr" : "Londres" , "de":"London" } "#, #"{"fr":"L\u00f6ndres\n\"x\"","ja":"ロンドン"}"#,
            #"{"Content-Type":"application/json; charset=utf-8","ETag":"W/\"1a\""}"#,
            #"{"a\/b":"escaped key"}"#, #"{"fr":"one","fr":"two"}"#, #"{"fr":1}"#, #"{"fr":null}"#, #"{"fr":["x"]}"#,
            #"["fr"]"#, #""fr""#, "", "{", #"{"fr":"x"} trailing"#, #"{"fr":"\ud83d\ude00"}"#, #"{"fr":"\ud83d"}"#,
            #"{"fr":"x",}"#, "{\"fr\":\"tab\there\"}",
        ])
    func shapes(text: String) {
        #expect(StringDictionaryJSON.dictionary(text) == Self.decoded(text), "\(text)")
    }

    @Test("plain objects of strings are read by the byte reader")
    func readByTheByteReader() throws {
        let headers = ["Content-Type": "application/json", "ETag": "W/\"1a\"", "Link": "<https://x/?page=2>; rel=\"next\""]
        let text = try StringDictionaryJSON.text(headers)
        #expect(Self.fast(text) == headers)
        #expect(Self.fast(#"{"fr":"L\u00f6ndres","de":"London"}"#) == ["fr": "Löndres", "de": "London"])
        #expect(Self.fast("{}") == [:])
    }

    @Test("what the byte reader leaves to the decoder: escaped keys, a key twice, values that are not strings")
    func leftToTheDecoder() {
        for text in [#"{"a\/b":"x"}"#, #"{"fr":"one","fr":"two"}"#, #"{"fr":1}"#, "{", #"{"fr":"\ud83d"}"#, "[]"] {
            #expect(Self.fast(text) == nil, "\(text)")
        }
    }

    @Test("the stored text has sorted keys: the same dictionary is the same text")
    func sortedText() throws {
        #expect(try StringDictionaryJSON.text(["b": "2", "a": "1"]) == #"{"a":"1","b":"2"}"#)
    }
}
