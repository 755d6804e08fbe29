import APICore
import Foundation
import Testing

@testable import NYT

/// Decoding doc by doc gives exactly what decoding the body whole gave: the
/// same page, the same warnings, the same error.
@Suite struct ByDocDecodingTests {
    enum Outcome: Equatable {
        case page(SearchPage, warnings: [String])
        case failure(String)
    }

    func byDoc(_ data: Data) -> Outcome {
        var warnings = ["earlier"]
        do {
            let page = try SearchPage.decode(data, warnings: &warnings)
            return .page(page, warnings: warnings)
        } catch {
            #expect(warnings == ["earlier"], "a failed decode must not leave warnings")
            return .failure(error.reason)
        }
    }

    func whole(_ data: Data) -> Outcome {
        var warnings = ["earlier"]
        do {
            let page = try SearchPage.decodeWhole(data, warnings: &warnings)
            return .page(page, warnings: warnings)
        } catch {
            return .failure(error.reason)
        }
    }

    @Test(arguments: NYTFixtures.searchFiles)
    func everyFixtureTakesTheDocByDocPathWithTheSameAnswer(_ name: String) throws {
        let data = try NYTFixtures.data(name)
        #expect(SearchPage.decodeByDoc(data) != nil)
        #expect(byDoc(data) == whole(data))
    }

    @Test func theErrorFixtureGivesTheSameError() throws {
        let data = try NYTFixtures.data("nyt-error-429-rate-limit-books.json")
        #expect(SearchPage.decodeByDoc(data) == nil)
        let outcome = byDoc(data)
        #expect(outcome == whole(data))
        #expect(outcome == .failure("NYT answered with an error: Rate limit quota violation. Quota limit exceeded."))
    }

    /// Docs that are read with a warning, in place or alone, name the same index and path.
    @Test func skippedDocsGiveTheSameWarnings() throws {
        let docs = [
            #"{"_id":"good-1","headline":{"main":"\u00c9t\u00e9 \/ summer"},"web_url":"http:\/\/x.test\/a"}"#,
            #""not a doc""#, "null", "12", "[1,2]", #"{"headline":{"main":"no id"}}"#, #"{"_id":"good-2"}"#,
            #"{"_id":""}"#, #"{"_id":{"oid":1},"uri":null}"#,
        ]
        let data = body(docs: docs, hits: 9, metaFirst: false)
        let outcome = byDoc(data)
        #expect(outcome == whole(data))
        guard case let .page(page, warnings) = outcome else {
            Issue.record("no page")
            return
        }
        #expect(page.articles.map(\.id) == ["good-1", "good-2"])
        #expect(page.articles.first?.headline == "Été / summer")
        #expect(page.articles.first?.webURL == "http://x.test/a")
        #expect(warnings.count == 8)
        #expect(warnings.contains("skipped NYT article #2 that could not be read: unexpected type at response.docs.1"))
        #expect(warnings.contains("skipped NYT article #6 that could not be read: missing response.docs.5._id"))
    }

    @Test(arguments: [
        // Not valid JSON inside a doc, between docs, or around them.
        #"{"status":"OK","response":{"docs":[{"_id":"a",}]}}"#,
        #"{"status":"OK","response":{"docs":[{"_id":"a"} {"_id":"b"}]}}"#,
        #"{"status":"OK","response":{"docs":[{"_id":"a"}],}}"#,
        #"{"status":"OK","response":{"docs":[{"_id":"a"}]},"copyright":tru}"#,
        #"{"status":"OK","response":{"docs":[{"_id":"a"}]}"#,
        #"{"status":"OK","response":{"docs":[{"_id":"a"}]}}}"#,
        #"{"status":"OK","response":{"docs":[{"_id":"a"]}]}}"#,
        #"{"status":"OK","response":{"docs":[{"_id":"a\x"}]}}"#,
        #"{"status":"OK","response":{"docs":[01]}}"#,
        // Shapes the scanner leaves to the whole decode.
        "", "not json", "[]", #"{"status":"OK"}"#, #"{"response":{"docs":{}}}"#, "{\"response\":",
        #"{"response":null}"#, #"{"response":"x"}"#, #"{"response":{"docs":null,"meta":{"hits":0}}}"#,
        #"{"response":{"docs":[{"_id":"a"}]},"response":{"docs":[{"_id":"b"}]}}"#,
        #"{"respons\u0065":{"docs":[{"_id":"a"}]}}"#,
        "\u{FEFF}{\"status\":\"OK\",\"response\":{\"docs\":[{\"_id\":\"a\"}]}}",
        // Odd envelopes the scanner does split.
        #"{"response":{"docs":[{"_id":"a"}],"meta":"none"},"status":7,"fault":{"faultstring":"x"}}"#,
        #"{"response":{"metadata":{"hits":"31","offset":10.0},"docs":[{"_id":"a"}]},"status":null}"#,
        " \n{ \"response\" :\n{\"docs\" :[\n{\"_id\" : \"a\"}\n,{\"_id\":\"b\"} ] } }\n",
    ])
    func sameAnswerOrErrorAsTheWholeDecode(_ text: String) {
        let data = Data(text.utf8)
        #expect(byDoc(data) == whole(data))
    }

    @Test func twentyCopiesOfARealPage() throws {
        let text = try #require(String(data: NYTFixtures.data("nyt-2017-03-wordcount-int-printpage-int.json"), encoding: .utf8))
        let slices = try #require(JSONArraySlices.find(["response", "docs"], in: Data(text.utf8)))
        let docs = slices.elements.map { String(decoding: slices.element($0, of: Data(text.utf8)), as: UTF8.self) }
        var copies: [String] = []
        for copy in 0..<20 {
            copies += docs.map { $0.replacingOccurrences(of: "\"_id\": \"", with: "\"_id\": \"\(copy)-") }
        }
        let data = body(docs: copies, hits: copies.count)
        let outcome = byDoc(data)
        #expect(outcome == whole(data))
        guard case let .page(page, warnings) = outcome else {
            Issue.record("no page")
            return
        }
        #expect(warnings == ["earlier"])
        #expect(page.articles.count == copies.count)
        #expect(Set(page.articles.map(\.id)).count == copies.count)
    }
}
