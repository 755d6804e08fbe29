import APICore
import APIStore
import Foundation
import Testing

@testable import NYT

/// New articles get their FTS5 row inserted directly (no insert trigger), stored ones are
/// rewritten without touching the index unless an indexed column changed: the index must
/// stay exactly what the content says (FTS5's own `integrity-check`, and a rebuilt index
/// answering every search the same).
@Suite struct BulkStoreTests {
    let provider = NYTProvider()

    func save(_ page: SearchPage, _ query: ArticleQuery, in store: Store, at time: Date = fixedNow) throws {
        try store.write { tx in try provider.persist(page, for: query, in: PersistContext(tx, fetchedAt: time)) }
    }

    /// FTS5's check of the index against `nyt_articles` (it throws on a mismatch).
    func checkIndex(_ store: Store) throws {
        try store.write { tx in
            try tx.execute("INSERT INTO nyt_articles_fts (nyt_articles_fts, rank) VALUES ('integrity-check', 1)")
        }
    }

    /// The ids each word finds offline, for every word of every stored headline, byline and keyword.
    func searches(_ store: Store) throws -> [String: [String]] {
        let texts = try store.read { tx in
            try tx.query("SELECT headline, byline, keywords, snippet FROM nyt_articles").flatMap { row in
                (0..<4).compactMap { row[$0].string }
            }
        }
        let words = Set(texts.flatMap { $0.lowercased().split { !$0.isLetter }.map(String.init) }.filter { $0.count > 3 })
        #expect(words.count > 50)
        var found: [String: [String]] = [:]
        for word in words {
            found[word] = try store.read { tx in try provider.load(ArticleQuery(words: word), from: tx) }?
                .value.articles.map(\.id) ?? []
        }
        return found
    }

    @Test func everyFixtureStoredTwiceKeepsTheIndexExact() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        for name in NYTFixtures.searchFiles {
            try save(try NYTFixtures.page(name), ArticleQuery(words: name), in: temp.store)
        }
        try checkIndex(temp.store)
        // The same articles again (stored, unchanged), under other queries, later.
        for name in NYTFixtures.searchFiles {
            try save(try NYTFixtures.page(name), ArticleQuery(words: "again " + name), in: temp.store,
                     at: fixedNow.addingTimeInterval(60))
        }
        try checkIndex(temp.store)
        let before = try searches(temp.store)
        #expect(before.values.contains { !$0.isEmpty })
        // A rebuilt index (from the content alone) answers every search the same.
        try temp.store.write { tx in try tx.execute("INSERT INTO nyt_articles_fts (nyt_articles_fts) VALUES ('rebuild')") }
        #expect(try searches(temp.store) == before)
        // Unchanged articles were still refreshed: every row says when it was last seen.
        let stale = try temp.store.read { tx in
            try tx.queryOne("SELECT COUNT(*) FROM nyt_articles WHERE fetched_at < ?", [fixedNow.addingTimeInterval(60).sql])
        }
        #expect(stale?[0].int == 0)
    }

    @Test func aChangedArticleIsReindexedAndAnUnchangedOneKeepsItsRow() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let first = Article(id: "a", webURL: "https://example.com/1", headline: "Zebra crossing",
                            byline: "By Ann")
        try save(SearchPage(articles: [first, Article(id: "b", headline: "Quiet okapi")]), ArticleQuery(words: "q1"),
                 in: temp.store)
        var changed = first
        changed.headline = "Giraffe crossing"
        changed.webURL = "https://example.com/2"
        try save(SearchPage(articles: [changed, Article(id: "b", headline: "Quiet okapi")]), ArticleQuery(words: "q2"),
                 in: temp.store)
        try checkIndex(temp.store)
        func ids(_ words: String) throws -> [String] {
            try temp.store.read { tx in try provider.load(ArticleQuery(words: words), from: tx) }?.value.articles
                .map(\.id) ?? []
        }
        #expect(try ids("zebra").isEmpty)
        #expect(try ids("giraffe") == ["a"])
        #expect(try ids("okapi") == ["b"])
        let url = try temp.store.read { tx in try tx.queryOne("SELECT web_url FROM nyt_articles WHERE id = 'a'") }
        #expect(url?[0].string == "https://example.com/2")
        let nums = try temp.store.read { tx in try tx.query("SELECT num FROM nyt_articles ORDER BY id").map { $0[0].int } }
        #expect(nums == [1, 2])
    }

    /// Migration 3: the answer rows keep only their primary key (until migration 5 makes them a view).
    @Test func theAnswerRowsHaveNoIndexOnTheArticle() throws {
        let indexes = { (store: Store) in
            try store.read { tx in
                try tx.query("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'nyt_query_results'")
                    .compactMap { $0[0].string }
            }
        }
        let old = try TemporaryStore(migrations: Array(NYTSchema.migrations.prefix(2)))
        defer { old.remove() }
        #expect(try indexes(old.store).contains("nyt_query_results_article"))
        try old.store.migrate(owner: "nyt", Array(NYTSchema.migrations.prefix(3)))
        #expect(try indexes(old.store).isEmpty)
        let new = try TemporaryStore(migrations: NYTSchema.migrations)
        defer { new.remove() }
        #expect(try indexes(new.store).isEmpty)
    }

    @Test func aStoreIndexedByTheOldTriggerStaysExactAfterTheMigration() throws {
        let temp = try TemporaryStore(migrations: Array(NYTSchema.migrations.prefix(1)))
        defer { temp.remove() }
        // As the builds before migration 2 stored them: one upsert per article, indexed by the insert trigger.
        let oldUpsert = SQLStatement.upsert(into: "nyt_articles", columns: ArticleStore.articleColumns, conflict: ["id"])
        try temp.store.write { tx in
            for article in try NYTFixtures.page("nyt-2016-05-dog-video-multimedia-docs.json").articles {
                try tx.execute(oldUpsert, ArticleStore.values(of: article, fetchedAt: fixedNow.sql))
            }
        }
        try checkIndex(temp.store)
        try temp.store.migrate(owner: "nyt", NYTSchema.migrations)
        let triggers = try temp.store.read { tx in
            try tx.query("SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name").compactMap { $0[0].string }
        }
        #expect(triggers == ["nyt_articles_fts_delete", "nyt_articles_fts_update"])
        for name in NYTFixtures.searchFiles {
            try save(try NYTFixtures.page(name), ArticleQuery(words: name), in: temp.store)
        }
        try checkIndex(temp.store)
        let pigeon = try temp.store.read { tx in try provider.load(ArticleQuery(words: "Pigeon"), from: tx) }
        #expect(pigeon?.value.articles.map(\.id) == ["57334a657988106550e3ab4f"])
    }
    /// An answer is recorded ``PositionedRows/batch`` articles per statement and the rest
    /// one by one: every article at its own position, in order, whatever the count, and
    /// a later answer to the same query replaces the earlier one whole.
    @Test(arguments: [1, PositionedRows.batch, 2 * PositionedRows.batch + 23])
    func anAnswerOfAnyLengthIsRecordedInOrder(count: Int) throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let query = ArticleQuery(words: "okapi")
        func recorded() throws -> [[SQLValue]] {
            try temp.store.read { tx in
                try tx.query(
                    "SELECT position, article_id FROM nyt_query_results WHERE query_key = ? ORDER BY position",
                    [.text(query.storageKey)]
                ).map { [$0[0], $0[1]] }
            }
        }
        let articles = (0..<count).map { Article(id: "id-\(count - $0)", headline: "Okapi \($0)") }
        try save(SearchPage(articles: articles), query, in: temp.store)
        #expect(try recorded() == articles.enumerated().map { [.integer(Int64($0.offset)), .text($0.element.id)] })
        let shorter = Array(articles.suffix(7).reversed())
        try save(SearchPage(articles: shorter), query, in: temp.store, at: fixedNow.addingTimeInterval(60))
        #expect(try recorded() == shorter.enumerated().map { [.integer(Int64($0.offset)), .text($0.element.id)] })
        let loaded = try temp.store.read { tx in try provider.load(query, from: tx) }
        #expect(loaded?.value.articles.prefix(7).map(\.id) == shorter.map(\.id))
    }

    /// A new article's row and FTS5 row, bound from its packed text, hold exactly what
    /// ``ArticleStore/values(of:fetchedAt:)`` (the array form the refresh path binds)
    /// gives, column for column and type for type: every real fixture article, and fields
    /// absent, empty, repeated (the snippet that is the lead paragraph), non-ASCII or with a NUL.
    @Test func aNewRowHoldsWhatTheArrayFormGives() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        var articles = try NYTFixtures.searchFiles.flatMap { try NYTFixtures.page($0).articles }
        articles += [
            Article(id: "bare"),
            Article(id: "empty", webURL: "", headline: "", byline: "", keywords: [""], multimedia: []),
            Article(
                id: "repeated", headline: "Okapi — 東京", abstract: "nul\u{0}inside", leadParagraph: "Same text",
                snippet: "Same text", pubDate: fixedNow, wordCount: 0, printPage: -1, keywords: ["a", "b\nc"],
                multimedia: ["https://example.com/1.jpg"]),
        ]
        #expect(articles.count > 20)
        let page = SearchPage(articles: articles)
        try save(page, ArticleQuery(words: "rows"), in: temp.store)
        let columns = ArticleStore.articleColumns.joined(separator: ", ")
        let types = ArticleStore.articleColumns.map { "typeof(\($0))" }.joined(separator: ", ")
        let indexed = ArticleStore.indexedColumns.joined(separator: ", ")
        try temp.store.read { tx in
            for article in page.articles {
                let wanted = ArticleStore.values(of: article, fetchedAt: fixedNow.sql)
                let row = try #require(
                    try tx.queryOne("SELECT num, \(columns), \(types) FROM nyt_articles WHERE id = ?", [.text(article.id)]))
                let count = wanted.count
                #expect(Array(row.values[1...count]) == wanted, "\(article.id)")
                #expect(Array(row.values[(count + 1)...]) == wanted.map { .text(Self.typeName($0)) }, "\(article.id)")
                let ftsRow = try tx.queryOne("SELECT \(indexed) FROM nyt_articles_fts WHERE rowid = ?", [row.values[0]])
                #expect(ftsRow?.values == ArticleStore.indexed(wanted), "\(article.id)")
            }
        }
        try checkIndex(temp.store)
    }

    /// SQLite's `typeof` of a value as bound.
    static func typeName(_ value: SQLValue) -> String {
        switch value {
        case .null: "null"
        case .integer: "integer"
        case .real: "real"
        case .text: "text"
        case .blob: "blob"
        }
    }
}
