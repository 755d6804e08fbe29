import APICore
import APIStore
import Foundation
import Testing

@testable import NYT

/// Migration 5: each answer's article ids are one JSON array in its query's row
/// (`nyt_queries.article_ids`), and `nyt_query_results` is a view of them, so what was
/// stored as rows reads back the same, in the same order.
@Suite struct AnswerIDsTests {
    let provider = NYTProvider()

    /// Ids SQLite and JSON both have to keep: a quote, a backslash, a line break, C1, non-ASCII.
    static let awkwardIDs = ["plain", "with \"quote\"", "back\\slash", "two\nlines", "c1\u{85}", "Größe ✓", "nyt://article/1"]

    func answer(_ key: String, in store: Store) throws -> [String] {
        try store.read { tx in
            try tx.query("SELECT article_id FROM nyt_query_results WHERE query_key = ? ORDER BY position", [.text(key)])
        }.compactMap { $0[0].string }
    }

    @Test func rowsStoredBeforeTheMigrationReadTheSameAfterIt() throws {
        let temp = try TemporaryStore(migrations: Array(NYTSchema.migrations.prefix(4)))
        defer { temp.remove() }
        let query = ArticleQuery(words: "awkward")
        let order = Self.awkwardIDs.reversed() + ["plain"]  // not sorted, and one article twice
        // As the builds before migration 5 stored an answer: the query's row, then one row per article.
        try temp.store.write { tx in
            // The articles' columns as they were before migration 6 added `content_hash`.
            let insert = SQLStatement.insert(into: "nyt_articles", columns: ArticleStore.articleColumns)
            for id in Self.awkwardIDs {
                try tx.execute(insert, ArticleStore.values(of: Article(id: id, headline: "Headline of \(id)"), fetchedAt: fixedNow.sql))
            }
            try tx.execute(
                "INSERT INTO nyt_queries (key, q, first_page, last_page, hits, fetched_at) VALUES (?, ?, 0, 0, 8, ?)",
                [.text(query.storageKey), .text(query.words), fixedNow.sql])
            try tx.execute("INSERT INTO nyt_queries (key, q, first_page, last_page, fetched_at) VALUES ('empty', 'e', 0, 0, 0)")
            for (position, id) in order.enumerated() {
                try tx.execute(
                    "INSERT INTO nyt_query_results (query_key, position, article_id) VALUES (?, ?, ?)",
                    [.text(query.storageKey), .integer(Int64(position)), .text(id)])
            }
        }
        try temp.store.migrate(owner: "nyt", NYTSchema.migrations)

        #expect(try answer(query.storageKey, in: temp.store) == Array(order))
        #expect(try answer("empty", in: temp.store).isEmpty)
        let kinds = try temp.store.read { tx in
            try tx.query("SELECT type FROM sqlite_master WHERE name = 'nyt_query_results'").compactMap { $0[0].string }
        }
        #expect(kinds == ["view"])
        let after = try temp.store.read { tx in try provider.load(query, from: tx) }
        #expect(after?.value.articles.map(\.id) == Array(Self.awkwardIDs.reversed()), "the answer's order, each article once")
        #expect(after?.value.hits == 8)
    }

    @Test func anAnswerIsOneArrayInItsQuerysRowAndReplacedWhole() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let query = ArticleQuery(words: "awkward")
        let articles = Self.awkwardIDs.map { Article(id: $0, headline: "Headline of \($0)") }
        try temp.store.write { tx in
            try provider.persist(SearchPage(hits: 7, articles: articles), for: query, in: PersistContext(tx, fetchedAt: fixedNow))
        }
        let text = try temp.store.read { tx in
            try tx.queryOne("SELECT article_ids FROM nyt_queries WHERE key = ?", [.text(query.storageKey)])
        }?[0].string
        let parsed = try JSONValue.parse(Data((text ?? "").utf8))
        #expect(parsed == .array(Self.awkwardIDs.map { .string($0) }))
        #expect(try answer(query.storageKey, in: temp.store) == Self.awkwardIDs)
        let loaded = try temp.store.read { tx in try provider.load(query, from: tx) }
        #expect(loaded?.value.articles.prefix(Self.awkwardIDs.count).map(\.id) == Self.awkwardIDs)

        try temp.store.write { tx in
            try provider.persist(SearchPage(hits: 1, articles: [articles[2]]), for: query, in: PersistContext(tx, fetchedAt: fixedNow))
        }
        #expect(try answer(query.storageKey, in: temp.store) == [Self.awkwardIDs[2]])
    }

    /// An array made unreadable outside apicli (a file edited by hand): the answer names no
    /// article and the view no row, and neither read fails; the words still search the store.
    @Test func anArrayThatIsNotJSONNamesNothingAndBreaksNoRead() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let query = ArticleQuery(words: "giraffe")
        try temp.store.write { tx in
            try provider.persist(
                SearchPage(hits: 1, articles: [Article(id: "g", headline: "Giraffe")]), for: query,
                in: PersistContext(tx, fetchedAt: fixedNow))
            try tx.execute("UPDATE nyt_queries SET article_ids = '[\"g\", '")
        }
        #expect(try answer(query.storageKey, in: temp.store).isEmpty)
        let found = try temp.store.read { tx in try provider.load(query, from: tx) }
        #expect(found?.value.articles.map(\.id) == ["g"], "found by its words, not by the answer")
        #expect(found?.value.hits == 1)
    }
}
