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

    /// A search typed with FTS5's syntax or SQL in it, and the articles of the dog-video page
    /// it must find: exactly those its plain words find (none when no word has a letter or digit).
    struct HostileSearch: Sendable, CustomTestStringConvertible {
        var words: String
        var finds: [String]
        var testDescription: String { words }
    }

    /// Every article of the dog-video page holds "dog".
    static let everyDog = [
        "573221ab7988106550e3a76f", "573310c27988106550e3aa0c", "57334a657988106550e3ab4f", "5734765f79881014e9ecf31d",
        "5734d2917988104473be40ca", "5735b2d17988104473be443f", "5738b557798810342965f33f", "57399a0a798810342965f667",
        "573ab63a798810532c071379",
    ]

    static let hostileSearches: [HostileSearch] = [
        // Nothing but punctuation: no word to match, so stored articles and none found.
        HostileSearch(words: "\"", finds: []), HostileSearch(words: "\"\"", finds: []),
        HostileSearch(words: "*", finds: []), HostileSearch(words: "(", finds: []),
        HostileSearch(words: ")", finds: []), HostileSearch(words: "-", finds: []),
        // Operators around "dog" are text: the search is "dog" (or "dog video").
        HostileSearch(words: "- dog", finds: everyDog), HostileSearch(words: "^dog", finds: everyDog),
        HostileSearch(words: "dog*", finds: everyDog), HostileSearch(words: "\"dog", finds: everyDog),
        HostileSearch(words: "{dog}", finds: everyDog),
        HostileSearch(words: "dog -video", finds: ["57334a657988106550e3ab4f", "57399a0a798810342965f667"]),
        // FTS5's keywords are words: "and" and "not" are in some articles, "near" and "or" in none.
        HostileSearch(words: "NEAR", finds: []), HostileSearch(words: "NEAR(dog video)", finds: []),
        HostileSearch(words: "AND", finds: [
            "573221ab7988106550e3a76f", "573310c27988106550e3aa0c", "57334a657988106550e3ab4f", "5735b2d17988104473be443f",
            "5738b557798810342965f33f",
        ]),
        HostileSearch(words: "OR", finds: []),
        HostileSearch(words: "NOT", finds: ["573310c27988106550e3aa0c", "5735b2d17988104473be443f"]),
        HostileSearch(words: "dog OR", finds: []),
        // A column filter is the phrase "headline dog", which no article holds; SQL is words too.
        HostileSearch(words: "headline:dog", finds: []),
        HostileSearch(words: "'; DROP TABLE nyt_articles; --", finds: []),
        HostileSearch(words: "c++ & rust", finds: []),
    ]

    @Test(arguments: hostileSearches)
    func hostileSearchesAreOnlyWords(_ search: HostileSearch) throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        try save(try NYTFixtures.page("nyt-2016-05-dog-video-multimedia-docs.json"), ArticleQuery(words: "x"), in: temp.store)
        let stored = try #require(try load(ArticleQuery(words: search.words), from: temp.store), "articles are stored")
        #expect(stored.value.articles.map(\.id).sorted() == search.finds, "\(search.words)")
        #expect(stored.value.storedNoMatch == search.finds.isEmpty, "\(search.words)")
        #expect(try count("SELECT COUNT(*) FROM nyt_articles", in: temp.store) == 9)
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
