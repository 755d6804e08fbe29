import APICore
import APIStore
import Foundation
import Testing

@testable import NYT

@Suite struct ArticleStoreTests {
    let provider = NYTProvider()

    /// Stores `page` as the host does, stamped by the host's clock (`at`).
    func save(_ page: SearchPage, _ query: ArticleQuery, in store: Store, at time: Date = fixedNow) throws {
        try store.write { tx in try provider.persist(page, for: query, in: PersistContext(tx, fetchedAt: time)) }
    }

    func load(_ query: ArticleQuery, from store: Store) throws -> Stored<SearchPage>? {
        try store.read { tx in try provider.load(query, from: tx) }
    }

    func count(_ sql: String, in store: Store) throws -> Int {
        try store.read { tx in try tx.queryOne(sql)?[0].int ?? -1 }
    }

    @Test func persistThenLoadRoundTrip() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let page = try NYTFixtures.page("nyt-2016-11-compact-escaped-slashes.json")
        let query = ArticleQuery(words: "trump")
        try save(page, query, in: temp.store)
        let stored = try #require(try load(query, from: temp.store))
        #expect(stored.fetchedAt == fixedNow)
        #expect(stored.value.hits == 27)
        #expect(stored.value.articles == page.articles)
        #expect(try count("SELECT COUNT(*) FROM nyt_articles", in: temp.store) == 10)
        #expect(try count("SELECT COUNT(*) FROM nyt_query_results", in: temp.store) == 10)
    }

    @Test func searchFindsArticlesStoredByAnotherQuery() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        try save(try NYTFixtures.page("nyt-2016-05-dog-video-multimedia-docs.json"), ArticleQuery(words: "dog"), in: temp.store)
        try save(try NYTFixtures.page("nyt-2017-03-wordcount-int-printpage-int.json"), ArticleQuery(words: "news"), in: temp.store)
        let pigeon = try #require(try load(ArticleQuery(words: "Pigeon"), from: temp.store))
        #expect(pigeon.value.articles.map(\.id) == ["57334a657988106550e3ab4f"])
        // Keywords are indexed: "Meat" is a keyword of the horror movie article.
        let meat = try #require(try load(ArticleQuery(words: "meat horror"), from: temp.store))
        #expect(meat.value.articles.first?.id == "58c96c387c459f247805bfad")
        // Bylines too.
        let byline = try #require(try load(ArticleQuery(words: "piepenburg"), from: temp.store))
        #expect(byline.value.articles.map(\.id) == ["58c96c387c459f247805bfad"])
        // Articles are stored, none matches: an empty answer that says so, not "nothing stored".
        let zeppelin = try load(ArticleQuery(words: "zeppelin"), from: temp.store)
        #expect(zeppelin?.value.articles.isEmpty == true)
        #expect(zeppelin?.value.storedNoMatch == true)
    }

    @Test func sortAndDateRange() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        try save(try NYTFixtures.page("nyt-2016-05-dog-video-multimedia-docs.json"), ArticleQuery(words: "dog"), in: temp.store)
        let newest = try #require(try load(ArticleQuery(words: "dog", sort: .newest, pages: 2), from: temp.store))
        let dates = newest.value.articles.compactMap(\.pubDate)
        #expect(dates.count > 1)
        #expect(dates == dates.sorted(by: >))
        let oldest = try #require(try load(ArticleQuery(words: "dog", sort: .oldest), from: temp.store))
        let oldestDates = oldest.value.articles.compactMap(\.pubDate)
        #expect(oldestDates == oldestDates.sorted())
        let may15 = CalendarDate(year: 2016, month: 5, day: 15)
        let ranged = try #require(try load(ArticleQuery(words: "dog", beginDate: may15, endDate: may15), from: temp.store))
        #expect(!ranged.value.articles.isEmpty)
        #expect(ranged.value.articles.allSatisfy { $0.pubDate.map(Timestamp.format)?.hasPrefix("2016-05-15") == true })
    }

    @Test func pageSizeIsTenTimesPages() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let articles = (0..<25).map { Article(id: "id-\($0)", headline: "Basketball game \($0)") }
        try save(SearchPage(hits: 25, articles: articles), ArticleQuery(words: "nba"), in: temp.store)
        #expect(try load(ArticleQuery(words: "basketball"), from: temp.store)?.value.articles.count == 10)
        #expect(try load(ArticleQuery(words: "basketball", pages: 2), from: temp.store)?.value.articles.count == 20)
        #expect(try load(ArticleQuery(words: "basketball", firstPage: 2), from: temp.store)?.value.articles.count == 5)
    }

    @Test(arguments: [
        "\"", "\"\"", "*", "(", ")", "-", "- dog", "dog -video", "NEAR", "NEAR(dog video)", "AND", "OR", "NOT",
        "dog OR", "'; DROP TABLE nyt_articles; --", "headline:dog", "^dog", "dog*", "\"dog", "{dog}", "c++ & rust",
    ])
    func hostileSearchesAreOnlyWords(_ words: String) throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        try save(try NYTFixtures.page("nyt-2016-05-dog-video-multimedia-docs.json"), ArticleQuery(words: "x"), in: temp.store)
        let stored = try load(ArticleQuery(words: words), from: temp.store)
        if let stored {
            #expect(!stored.value.articles.isEmpty || stored.value.storedNoMatch)
        }
        #expect(try count("SELECT COUNT(*) FROM nyt_articles", in: temp.store) == 9)
        if ["- dog", "dog*", "\"dog", "^dog", "{dog}", "dog -video"].contains(words) {
            #expect(stored?.value.articles.isEmpty == false, "\(words) should find the dog articles")
        }
    }

    @Test func reFetchReplacesTheAnswerWhole() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let query = ArticleQuery(words: "dog")
        try save(try NYTFixtures.page("nyt-2016-05-dog-video-multimedia-docs.json"), query, in: temp.store)
        let replacement = SearchPage(hits: 2, articles: [Article(id: "new-1", headline: "Cats"), Article(id: "new-2", headline: "More cats")])
        try save(replacement, query, in: temp.store, at: fixedNow.addingTimeInterval(60))
        let answer = try temp.store.read { tx in
            try tx.query("SELECT article_id FROM nyt_query_results WHERE query_key = ? ORDER BY position", [.text(query.storageKey)])
                .compactMap { $0[0].string }
        }
        #expect(answer == ["new-1", "new-2"])
        #expect(try count("SELECT hits FROM nyt_queries", in: temp.store) == 2)
        #expect(try count("SELECT COUNT(*) FROM nyt_articles", in: temp.store) == 11)
        let stored = try #require(try load(query, from: temp.store))
        #expect(Array(stored.value.articles.map(\.id).prefix(2)) == ["new-1", "new-2"])
        #expect(stored.fetchedAt == fixedNow.addingTimeInterval(60))
    }

    @Test func upsertUpdatesTheIndex() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        try save(SearchPage(articles: [Article(id: "a", headline: "Old zebra headline")]), ArticleQuery(words: "q1"), in: temp.store)
        try save(SearchPage(articles: [Article(id: "a", headline: "New giraffe headline")]), ArticleQuery(words: "q2"), in: temp.store)
        #expect(try load(ArticleQuery(words: "zebra"), from: temp.store)?.value.articles.isEmpty == true)
        #expect(try load(ArticleQuery(words: "giraffe"), from: temp.store)?.value.articles.map(\.id) == ["a"])
        #expect(try count("SELECT COUNT(*) FROM nyt_articles", in: temp.store) == 1)
        try temp.store.write { tx in try tx.execute("DELETE FROM nyt_articles") }
        #expect(try load(ArticleQuery(words: "giraffe"), from: temp.store) == nil)
        // The answers still name the ids, and show nothing of them (`store clear` empties both).
        #expect(try count("SELECT COUNT(*) FROM nyt_query_results", in: temp.store) == 2)
        #expect(try count("SELECT COUNT(*) FROM nyt_query_results r JOIN nyt_articles a ON a.id = r.article_id", in: temp.store) == 0)
    }

    @Test func migrationsAreNumberedFromOneAndIdempotent() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        #expect(provider.migrations.map(\.version) == Array(1...provider.migrations.count))
        try temp.store.migrate(owner: "nyt", provider.migrations)
        #expect(try temp.store.schemaVersion(owner: "nyt") == provider.migrations.count)
        let tables = try temp.store.read { tx in
            try tx.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'nyt%'").compactMap { $0[0].string }
        }
        #expect(tables.allSatisfy { $0.hasPrefix("nyt_") })
        #expect(Set(NYTSchema.tables).isSubset(of: Set(tables)))
    }
}
