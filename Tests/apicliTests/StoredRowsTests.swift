import Foundation
import Testing

/// What a fetch leaves in the store, read back with APIStore.
@Suite("Stored rows after a fetch, end to end")
struct StoredRowsTests {
    @Test("nyt stores the articles, the query and which articles answered it, in order")
    func nytRows() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let result = try await sandbox.run(["nyt", "election", "--sort", "newest"])
        #expect(result.exitCode == 0, "\(result.stderrText)")

        #expect(try sandbox.count("nyt_articles") == 10)
        let queries = try sandbox.rows("SELECT q, sort, hits FROM nyt_queries")
        #expect(queries.count == 1)
        #expect(queries.first?["q"].string == "election")
        #expect(queries.first?["sort"].string == "newest")
        #expect(queries.first?["hits"].int == 27)

        let results = try sandbox.rows("SELECT position, article_id FROM nyt_query_results ORDER BY position")
        #expect(results.count == 10)
        #expect(results.first?["article_id"].string == "583032447c459f6a5fcceedd")
        #expect(results.map { $0["position"].int ?? -1 } == Array(0..<10))

        let article = try #require(try sandbox.rows(
            "SELECT headline, section_name, word_count, pub_date FROM nyt_articles WHERE id = '583032447c459f6a5fcceedd'"
        ).first)
        #expect(article["headline"].string == "Troops Gun Down Suicide Bomber in Northeast Nigerian City")
        #expect(article["section_name"].string == "World")
        #expect(article["word_count"].int != nil)
        #expect(article["pub_date"].string?.hasPrefix("2016-11-19") == true)

        // A second query for other words stores its own answer and upserts the same articles.
        let again = try await sandbox.run(["nyt", "trump"])
        #expect(again.exitCode == 0)
        #expect(try sandbox.count("nyt_articles") == 10)
        #expect(try sandbox.count("nyt_queries") == 2)
        #expect(try sandbox.count("nyt_query_results") == 20)
    }

    @Test("weather stores the latest forecast per city, units and language, replaced whole")
    func weatherRows() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let first = try await sandbox.run(["weather", "Rostov"])
        #expect(first.exitCode == 0, "\(first.stderrText)")
        let forecast = try #require(try sandbox.rows(
            "SELECT requested, units, lang, city_name, country, city_id, timezone FROM weather_forecasts").first)
        #expect(forecast["requested"].string == "Rostov")
        #expect(forecast["units"].string == "metric")
        #expect(forecast["city_name"].string == "Ростов")
        #expect(forecast["country"].string == "RU")
        #expect(forecast["city_id"].int == 501183)
        #expect(forecast["timezone"].int == 10800)
        #expect(try sandbox.count("weather_entries") == 8)
        let entry = try #require(try sandbox.rows(
            "SELECT dt, temp, description, icon FROM weather_entries ORDER BY position LIMIT 1").first)
        #expect(entry["temp"].double == 10.27)
        #expect(entry["description"].string == "пасмурно")

        // Another city and other units are other rows; the same city again replaces its rows.
        // (London resolves to the fixture server's London, whose forecast has 3 steps.)
        async let london = sandbox.run(["weather", "London", "--lang", "fr"])
        async let imperial = sandbox.run(["weather", "Rostov", "--units", "imperial"])
        let (londonResult, imperialResult) = try await (london, imperial)
        #expect(londonResult.exitCode == 0 && imperialResult.exitCode == 0)
        #expect(try sandbox.count("weather_forecasts") == 3)
        #expect(try sandbox.count("weather_entries") == 8 + 3 + 8)

        let refreshed = try await sandbox.run(["weather", "Rostov", "--refresh"])
        #expect(refreshed.exitCode == 0)
        #expect(try sandbox.count("weather_forecasts") == 3)
        #expect(try sandbox.count("weather_entries") == 19)
    }
}
