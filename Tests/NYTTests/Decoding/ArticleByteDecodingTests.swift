import APICore
import Foundation
import Testing

@testable import NYT

/// The byte path (`Article.read`) must give exactly the article `JSONDecoder` gives,
/// or defer to it (nil): on every real doc, and on each real doc with one field
/// changed to every shape the API has sent or a hostile server might.
@Suite struct ArticleByteDecodingTests {
    /// Every doc of every real answer, as its own bytes.
    static func realDocs() throws -> [Data] {
        try NYTFixtures.searchFiles.flatMap { name -> [Data] in
            let body = try NYTFixtures.data(name)
            let slices = try #require(JSONArraySlices.find(["response", "docs"], in: body))
            return slices.elements.map { Data(slices.element($0, of: body)) }
        }
    }

    /// What `JSONDecoder` reads, or nil when it throws.
    static func reference(_ doc: Data) -> Article? {
        try? JSONDecoder().decode(Article.self, from: doc)
    }

    static func fast(_ doc: Data) -> Article? {
        doc.withUnsafeBytes { Article.read($0) }
    }

    @Test func everyRealDocIsReadFromItsBytesAsJSONDecoderReadsIt() throws {
        let docs = try Self.realDocs()
        #expect(docs.count >= 29)
        for doc in docs {
            let fast = try #require(Self.fast(doc), "the byte path deferred on a real doc: \(String(decoding: doc.prefix(120), as: UTF8.self))")
            #expect(fast == Self.reference(doc))
        }
    }

    /// Values that replace one field at a time.
    static let shapes = [
        "null", "[]", "{}", "12", "-0", "12.0", "1e3", "012", "\"\"", "\"12\"", "true", "\"a\\u00e9\\ud83d\\ude00\\n\"",
        "\"\\ud800\"", "\"tab\there\"", "{\"main\":\"M\"}", "{\"main\":\"M\",\"main\":\"N\"}", "{\"original\":7}",
        "[{\"value\":\"v\"},{\"value\":\"\"},{\"name\":\"x\"}]", "[{\"value\":3}]", "[1]", "[{\"url\":\"images/a.jpg\"}]",
        "{\"default\":{\"url\":\"https://x/a.jpg\"},\"thumbnail\":null}", "{\"default\":[]}", "[1,]", "{\"a\":1,}",
        "99999999999999999999", "\"\\x\"", "\"-5\"", "\"0012\"", "\"12a\"", "\"9223372036854775808\"",
        "\"caf\u{E9} \\u00e9 \\ud83d\\ude00 \\\" \\\\\"", "\"\\udc00\"", "[{\"value\":\"a\\u0041\"}]",
        // Escapes in what is packed from its bytes: an image URL (relative, `//` and absolute), a date.
        "[{\"url\":\"images\\/a\\u002ejpg\"},{\"url\":\"\\/\\/x\\/b.jpg\"},{\"url\":\"https:\\/\\/x\\/c.jpg\"}]",
        "{\"default\":{\"url\":\"\\/images\\/d.jpg\"},\"thumbnail\":{\"url\":\"http://x/\\u00e9.jpg\"}}",
        "\"2016-11-19T11:06:34\\u005a\"", "[{\"url\":\"\"},{\"url\":\"///e.jpg\"}]",
    ]

    static let fields = [
        "_id", "uri", "web_url", "headline", "abstract", "lead_paragraph", "snippet", "byline", "pub_date",
        "word_count", "print_page", "keywords", "multimedia", "section_name", "source", "unknown_field",
    ]

    /// Escaped strings are unescaped into the doc's own buffer, not deferred: an image URL
    /// in each place it can be made absolute, a keyword, a date, the text slots.
    @Test func escapedTextIsReadFromItsBytes() throws {
        let doc = #"""
            {"_id":"nyt:\/\/article\/1","web_url":"https:\/\/x\/1","headline":{"main":"caf\u00e9"},
             "abstract":"a \"quote\"","snippet":"a \"quote\"","lead_paragraph":"a \"quote\"",
             "byline":{"original":"By \u0041"},"pub_date":"2016-11-19T11:06:34\u005a",
             "keywords":[{"value":"one\/two"},{"value":""}],
             "multimedia":[{"url":"images\/a.jpg"},{"url":"\/\/x\/b.jpg"},{"url":"https:\/\/x\/c.jpg"},{"url":""}]}
            """#
        let data = Data(doc.utf8)
        let fast = try #require(Self.fast(data))
        #expect(fast == Self.reference(data))
        #expect(fast.id == "nyt://article/1")
        #expect(fast.headline == "café")
        #expect(fast.leadParagraph == "a \"quote\"")
        #expect(fast.keywords == ["one/two"])
        #expect(fast.multimedia == ["https://static01.nyt.com/images/a.jpg", "https://x/b.jpg", "https://x/c.jpg"])
        #expect(fast.pubDate.map(Timestamp.format) == "2016-11-19T11:06:34Z")
    }

    @Test func everyShapeOfEveryFieldGivesTheReferenceOrDefers() throws {
        let docs = try Self.realDocs()
        var readFast = 0
        var checked = 0
        for doc in docs.prefix(6) {
            var object = try #require(try JSONSerialization.jsonObject(with: doc) as? [String: Any])
            object.removeValue(forKey: "unknown_field")
            for field in Self.fields {
                for shape in Self.shapes {
                    var others = object
                    others.removeValue(forKey: field)
                    let rest = String(decoding: try JSONSerialization.data(withJSONObject: others), as: UTF8.self)
                    let text = "{\"\(field)\":\(shape)," + rest.dropFirst()
                    let mutated = Data(text.utf8)
                    checked += 1
                    guard let fast = Self.fast(mutated) else { continue }
                    readFast += 1
                    #expect(fast == Self.reference(mutated), "\(field): \(shape)")
                }
            }
            // A key written twice, and trailing bytes after the doc, defer.
            let twice = Data(("{\"snippet\":\"a\"," + String(decoding: doc, as: UTF8.self).dropFirst()).utf8)
            #expect(Self.fast(twice) == nil || !String(decoding: doc, as: UTF8.self).contains("\"snippet\""))
            #expect(Self.fast(doc + Data(" x".utf8)) == nil)
        }
        #expect(readFast > checked / 5, "the byte path read \(readFast) of \(checked)")
    }
}
