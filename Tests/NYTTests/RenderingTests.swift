import APIHost
import Foundation
import Testing

@testable import NYT

@Suite struct RenderingTests {
    let provider = NYTProvider()

    @Test func jsonParsesWithSnakeCaseKeys() throws {
        let page = try Fixtures.page("nyt-2016-11-compact-escaped-slashes.json")
        let text = OutputRenderer.render(provider, [page], as: .json, terminal: .plain)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(parsed.count == 10)
        let first = try #require(parsed.first)
        #expect(first["id"] as? String == "583032447c459f6a5fcceedd")
        #expect(first["word_count"] as? Int == 133)
        #expect(first["pub_date"] as? String == "2016-11-19T11:06:34Z")
        #expect(first["news_desk"] is NSNull)
        #expect(first["multimedia"] as? [String] == [])
        let keys: Set<String> = [
            "id", "web_url", "headline", "abstract", "lead_paragraph", "snippet", "byline", "pub_date", "section_name",
            "subsection_name", "news_desk", "type_of_material", "document_type", "word_count", "source", "multimedia",
        ]
        #expect(Set(first.keys) == keys)
        #expect((parsed[1]["multimedia"] as? [String])?.count == 3)
    }

    @Test func ndjsonIsOneArticleALine() throws {
        let page = try Fixtures.page("nyt-2017-03-wordcount-int-printpage-int.json")
        let lines = OutputRenderer.render(provider, [page], as: .ndjson, terminal: .plain).split(separator: "\n")
        #expect(lines.count == 10)
        for line in lines {
            #expect(try JSONSerialization.jsonObject(with: Data(line.utf8)) is [String: Any])
        }
    }

    @Test func tableAndCSV() throws {
        let page = try Fixtures.page("nyt-2016-05-dog-video-multimedia-docs.json")
        let table = provider.table([page])
        #expect(table.columns.map(\.title) == ["Date", "Section", "Headline", "Byline", "URL"])
        #expect(table.rows.count == 9)
        #expect(table.rows[1] == [
            "2016-05-11", "Arts / Music", "BRIC Celebrate Brooklyn! Festival Announces Summer Lineup",
            "ANDREW R. CHOW", "http://www.nytimes.com/2016/05/11/arts/music/celebrate-brooklyn-summer-lineup.html",
        ])
        #expect(table.rows[0][3] == "KWAME ANTHONY APPIAH")
        let csv = OutputRenderer.render(provider, [page], as: .csv, terminal: .plain)
        #expect(csv.hasPrefix("Date,Section,Headline,Byline,URL\r\n"))
        #expect(OutputRenderer.render(provider, [page], as: .table, terminal: .plain).contains("Is It O.K. to Get a Dog"))
    }

    @Test func labelIsTheQuotedQuery() {
        #expect(provider.label(for: ArticleQuery(words: "c++ & rust")) == "\"c++ & rust\"")
    }
}
