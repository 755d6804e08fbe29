import APIHost
import Foundation
import Testing

@testable import NYT

@Suite struct NYTRenderingTests {
    let provider = NYTProvider()

    @Test func jsonParsesWithSnakeCaseKeys() throws {
        let page = try NYTFixtures.page("nyt-2016-11-compact-escaped-slashes.json")
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
        let page = try NYTFixtures.page("nyt-2017-03-wordcount-int-printpage-int.json")
        let lines = OutputRenderer.render(provider, [page], as: .ndjson, terminal: .plain).split(separator: "\n")
        #expect(lines.count == 10)
        for line in lines {
            #expect(try JSONSerialization.jsonObject(with: Data(line.utf8)) is [String: Any])
        }
    }

    @Test func tableAndCSV() throws {
        let page = try NYTFixtures.page("nyt-2016-05-dog-video-multimedia-docs.json")
        // The terminal's table: short titles, the section joined, the byline without its "By".
        let table = ArticleTable.table(page.articles)
        #expect(table.columns.map(\.title) == ["Date", "Section", "Headline", "Byline", "URL"])
        #expect(table.rows.count == 9)
        #expect(table.rows[1] == [
            "2016-05-11", "Arts / Music", "BRIC Celebrate Brooklyn! Festival Announces Summer Lineup",
            "ANDREW R. CHOW", "http://www.nytimes.com/2016/05/11/arts/music/celebrate-brooklyn-summer-lineup.html",
        ])
        #expect(table.rows[0][3] == "KWAME ANTHONY APPIAH")
        // CSV: each column named as --fields and JSON name it, holding what JSON holds.
        let records = provider.table([page])
        #expect(records.columns.map(\.title) == ["pub_date", "section_name", "headline", "byline", "web_url"])
        #expect(records.rows[1] == [
            "2016-05-11T00:00:00Z", "Arts", "BRIC Celebrate Brooklyn! Festival Announces Summer Lineup",
            "By ANDREW R. CHOW", "http://www.nytimes.com/2016/05/11/arts/music/celebrate-brooklyn-summer-lineup.html",
        ])
        let csv = OutputRenderer.render(provider, [page], as: .csv, terminal: .plain)
        #expect(csv.hasPrefix("pub_date,section_name,headline,byline,web_url\r\n"))
        #expect(OutputRenderer.render(provider, [page], as: .table, terminal: .plain).contains("Is It O.K. to Get a Dog"))
    }

    @Test func labelIsTheQuotedQuery() {
        #expect(provider.label(for: ArticleQuery(words: "c++ & rust")) == "\"c++ & rust\"")
    }
}

@Suite("The table row of an article that has no headline")
struct HeadlineFallbackTests {
    @Test("headline, then snippet, abstract, lead paragraph and URL: the first that is not blank")
    func fallback() {
        var article = Article(id: "a")
        article.webURL = "https://www.nytimes.com/1851/09/18/archives/a.html"
        #expect(ArticleTable.row(article)[2] == "https://www.nytimes.com/1851/09/18/archives/a.html")
        article.leadParagraph = "The first number of the New-York Daily Times."
        #expect(ArticleTable.row(article)[2] == "The first number of the New-York Daily Times.")
        article.snippet = "  "
        article.abstract = "An abstract."
        #expect(ArticleTable.row(article)[2] == "An abstract.")
        article.headline = "A Headline"
        #expect(ArticleTable.row(article)[2] == "A Headline")
    }

    @Test("the URL is a wide-only column: in CSV always, on a terminal with --wide only")
    func urlColumn() throws {
        let page = SearchPage(hits: 1, articles: [Article(id: "x", webURL: "https://nyt.example/x", headline: "H")])
        let provider = NYTProvider()
        #expect(OutputRenderer.render(provider, [page], as: .csv, terminal: .plain).contains("https://nyt.example/x"))
        #expect(!OutputRenderer.render(provider, [page], as: .table, terminal: .plain).contains("https://"))
        #expect(OutputRenderer.render(provider, [page], as: .table, terminal: Terminal(wide: true)).contains("https://nyt.example/x"))
    }
}

/// What the host prints (the objects written from the packed text) is byte for byte what
/// `json(_:)`'s values give, for every real answer, the hostile texts, and fields left out.
@Suite("NYT's JSON written from the packed text")
struct PackedJSONTests {
    let provider = NYTProvider()

    func expectSameOutput(_ pages: [SearchPage]) {
        for format in [OutputFormat.json, .ndjson] {
            var values = ""
            OutputRenderer.writeElements(provider.json(pages), as: format, to: { values += $0 })
            #expect(provider.capabilities.jsonObjects != nil)
            #expect(OutputRenderer.render(provider, pages, as: format, terminal: .plain) == values, "\(format)")
        }
    }

    @Test(arguments: NYTFixtures.searchFiles)
    func everyRealAnswer(_ name: String) throws {
        expectSameOutput([try NYTFixtures.page(name)])
    }

    @Test("several pages, one after another")
    func pages() throws {
        expectSameOutput(try NYTFixtures.searchFiles.map(NYTFixtures.page))
    }

    @Test("fields absent, empty, repeated (the snippet that is the lead paragraph) and hostile")
    func everyShapeOfField() {
        let hostile = "\u{1B}[31m \" \\ \u{00} \u{85} \u{2028} \u{202E} 日本語 👩‍👩‍👧"
        let articles = [
            Article(id: "a"),
            Article(id: "b", webURL: "", headline: hostile, leadParagraph: "same", snippet: "same",
                    wordCount: 0, multimedia: ["x", hostile]),
            Article(id: hostile, abstract: hostile, byline: hostile, pubDate: Date(timeIntervalSince1970: 1_500_000_000),
                    sectionName: "", documentType: hostile, source: hostile,
                    multimedia: []),
        ]
        expectSameOutput([SearchPage(articles: articles)])
    }
}
