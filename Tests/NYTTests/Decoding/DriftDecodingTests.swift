import APICore
import Foundation
import Testing

@testable import NYT

/// Synthetic docs for the drift the fixtures do not show.
@Suite struct DriftDecodingTests {
    func decode(_ data: Data) throws -> (SearchPage, [String]) {
        var warnings: [String] = []
        let page = try SearchPage.decode(data, warnings: &warnings)
        return (page, warnings)
    }

    @Test func multimediaObjectSinceApril2025AndURIStyleIDs() throws {
        let doc = """
            {"_id":"nyt://article/0b1f5a3e-9c1c-5d7e-8f2a-3b4c5d6e7f80","web_url":"https://www.nytimes.com/2025/05/01/sports/basketball/knicks.html",
             "headline":{"main":"Knicks Win","kicker":null},"byline":{"original":"By Scott Cacciola"},
             "pub_date":"2025-05-01T21:30:05.000Z","word_count":"1200","print_page":"B1",
             "multimedia":{"caption":"A dunk.","credit":"Photo","default":{"url":"https://static01.nyt.com/images/2025/05/01/a-articleLarge.jpg","height":400,"width":600},
                           "thumbnail":{"url":"https://static01.nyt.com/images/2025/05/01/a-thumbStandard.jpg","height":75,"width":75}},
             "keywords":[{"name":"Subject","value":"Basketball","rank":1,"major":"N"}]}
            """
        let (page, warnings) = try decode(body(docs: [doc]))
        #expect(warnings.isEmpty)
        let article = try #require(page.articles.first)
        #expect(article.id == "nyt://article/0b1f5a3e-9c1c-5d7e-8f2a-3b4c5d6e7f80")
        #expect(article.multimedia == [
            "https://static01.nyt.com/images/2025/05/01/a-articleLarge.jpg",
            "https://static01.nyt.com/images/2025/05/01/a-thumbStandard.jpg",
        ])
        #expect(article.pubDate.map(Timestamp.format) == "2025-05-01T21:30:05Z")
        #expect(article.wordCount == 1200)
        #expect(article.printPage == nil)
        #expect(article.keywords == ["Basketball"])
    }

    /// The live API (2025 on) names the envelope's counts `metadata`, not `meta`, and may send `docs: null`.
    @Test func metadataEnvelopeOfTheCurrentAPI() throws {
        let text = #"{"status":"OK","copyright":"c","response":{"docs":[{"_id":"nyt://article/1","headline":{"main":"H"}}],"metadata":{"hits":31,"offset":10,"time":20}}}"#
        let (page, warnings) = try decode(Data(text.utf8))
        #expect(warnings.isEmpty)
        #expect(page.hits == 31)
        #expect(page.offset == 10)
        #expect(page.articles.map(\.id) == ["nyt://article/1"])
        let empty = try decode(Data(#"{"status":"OK","response":{"docs":null,"metadata":{"hits":0,"offset":0}}}"#.utf8))
        #expect(empty.0.hits == 0)
        #expect(empty.0.articles.isEmpty)
    }

    @Test func missingAndNullEverything() throws {
        let docs = [
            #"{"_id":"a","byline":[],"headline":null,"multimedia":null,"keywords":null,"word_count":null,"pub_date":null}"#,
            #"{"_id":"b"}"#,
            #"{"_id":"c","byline":null,"multimedia":[],"keywords":[{"rank":"2","is_major":"Y"}],"headline":"Plain"}"#,
        ]
        let (page, warnings) = try decode(body(docs: docs, metaFirst: false))
        #expect(warnings.isEmpty)
        #expect(page.articles.map(\.id) == ["a", "b", "c"])
        #expect(page.articles[0].byline == nil)
        #expect(page.articles[0].headline == nil)
        #expect(page.articles[0].pubDate == nil)
        #expect(page.articles[2].headline == "Plain")
        #expect(page.articles[2].keywords.isEmpty)
        #expect(page.hits == 1)
    }

    @Test func publicationDateOffsets() {
        #expect(Timestamp.parse("2017-03-15T16:34:07+0000").map(Timestamp.format) == "2017-03-15T16:34:07Z")
        #expect(Timestamp.parse("2017-03-15T11:34:07-05:00").map(Timestamp.format) == "2017-03-15T16:34:07Z")
        #expect(Timestamp.parse("2016-11-19T11:06:34Z").map(Timestamp.format) == "2016-11-19T11:06:34Z")
        #expect(Timestamp.parse("1851-09-18T05:00:00Z").map(Timestamp.format) == "1851-09-18T05:00:00Z")
        #expect(Timestamp.parse("2024-02-29").map(Timestamp.format) == "2024-02-29T00:00:00Z")
        #expect(Timestamp.parse("2023-02-29T00:00:00Z") == nil)
        #expect(Timestamp.parse("yesterday") == nil)
        #expect(Timestamp.parse("2017-03-15T16:34:07+0000junk") == nil)
    }

    @Test func malformedDocIsSkippedWithAWarning() throws {
        let docs = [#"{"_id":"good-1"}"#, #""not a doc""#, "null", #"{"headline":{"main":"no id"}}"#, #"{"_id":"good-2"}"#]
        let (page, warnings) = try decode(body(docs: docs))
        #expect(page.articles.map(\.id) == ["good-1", "good-2"])
        #expect(warnings.count == 3)
        #expect(warnings.first?.contains("#2") == true)
    }

    @Test(arguments: ["", "not json", "[]", #"{"status":"OK"}"#, #"{"response":{"docs":{}}}"#, "{\"response\":"])
    func undecodableBodyThrows(_ text: String) {
        var warnings: [String] = []
        #expect(throws: DecodeFailure.self) { try SearchPage.decode(Data(text.utf8), warnings: &warnings) }
    }

    /// Server text reaches an error line clean: no terminal controls, one line, at most 120 characters.
    @Test func gatewayMessagesAreQuotedClean() throws {
        let fault = try #require(
            GatewayFault.read(Data(#"{"fault":{"faultstring":"Bad\u001b[31m key\nnow  Identifier : 1"}}"#.utf8)))
        #expect(fault.message == "Bad key now")
        let errors = #"{"status":"ERROR","errors":["Invalid value for field", 7, {"x":1}, null, true]}"#
        #expect(GatewayFault.read(Data(errors.utf8))?.message == "Invalid value for field; 7")
        let long = #"{"errors":["\#(String(repeating: "x", count: 200))"]}"#
        let message = try #require(GatewayFault.read(Data(long.utf8))?.message)
        #expect(message.count == 120 && message.hasSuffix("…"))
    }

    @Test func relativeAndAbsoluteImageURLs() {
        #expect(WireMultimedia.absolute("images/a.jpg") == "https://static01.nyt.com/images/a.jpg")
        #expect(WireMultimedia.absolute("/images/a.jpg") == "https://static01.nyt.com/images/a.jpg")
        #expect(WireMultimedia.absolute("//static01.nyt.com/a.jpg") == "https://static01.nyt.com/a.jpg")
        #expect(WireMultimedia.absolute("http://x.test/a.jpg") == "http://x.test/a.jpg")
        #expect(WireMultimedia.absolute("") == nil)
    }

    @Test func manyDocsDecodeInOnePass() throws {
        let doc = try #require(
            String(data: NYTFixtures.data("nyt-2016-11-compact-escaped-slashes.json"), encoding: .utf8))
        // Twenty copies of a real page's docs with fresh ids: order and count survive.
        let docsStart = try #require(doc.range(of: "\"docs\":["))
        let docsEnd = try #require(doc.range(of: "]},\"status\""))
        let docs = String(doc[docsStart.upperBound..<docsEnd.lowerBound])
        var copies: [String] = []
        for copy in 0..<20 {
            copies.append(docs.replacingOccurrences(of: "\"_id\":\"", with: "\"_id\":\"\(copy)-"))
        }
        let (page, warnings) = try decode(body(docs: copies, hits: 200))
        #expect(warnings.isEmpty)
        #expect(page.articles.count == 200)
        #expect(page.articles.last?.id == "19-583229a07c459f6a5fccf136")
    }
}
