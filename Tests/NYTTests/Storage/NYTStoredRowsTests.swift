import APIHost
import Foundation
import Testing
import TestSupport

@testable import NYT

/// What an NYT search run leaves in the store, read back with APIStore, in-process.
/// (This was the NYT half of the binary's `StoredRowsTests`.)
@Suite("NYT's stored rows after a run, in-process")
struct NYTStoredRowsTests {
    @Test("nyt stores the articles, the query and which articles answered it, in order")
    func nytRows() async throws {
        let host = try NYTHost.host(try NYTHost.routes())
        let run = await host.run(["nyt", "election", "--sort", "newest"])
        #expect(run.code == .success, "\(run.stderr)")

        #expect(try host.count("nyt_articles") == 10)
        let queries = try host.rows("SELECT q, sort, hits FROM nyt_queries")
        #expect(queries.count == 1)
        #expect(queries.first?["q"].string == "election")
        #expect(queries.first?["sort"].string == "newest")
        #expect(queries.first?["hits"].int == 27)

        let results = try host.rows("SELECT position, article_id FROM nyt_query_results ORDER BY position")
        #expect(results.count == 10)
        #expect(results.first?["article_id"].string == NYTHost.firstID)
        #expect(results.map { $0["position"].int ?? -1 } == Array(0..<10))

        let article = try #require(try host.rows(
            "SELECT headline, section_name, word_count, pub_date FROM nyt_articles WHERE id = '\(NYTHost.firstID)'"
        ).first)
        #expect(article["headline"].string == "Troops Gun Down Suicide Bomber in Northeast Nigerian City")
        #expect(article["section_name"].string == "World")
        #expect(article["word_count"].int != nil)
        #expect(article["pub_date"].string?.hasPrefix("2016-11-19") == true)

        // A second query for other words stores its own answer and upserts the same articles.
        let again = await host.run(["nyt", "trump"])
        #expect(again.code == .success)
        #expect(try host.count("nyt_articles") == 10)
        #expect(try host.count("nyt_queries") == 2)
        #expect(try host.count("nyt_query_results") == 20)
    }
}
