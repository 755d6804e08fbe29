import APICore
import APIStore
import Foundation
import Testing

@testable import NYT

/// Each article keeps a version per content a fetch brought (NYT migration 6): on the
/// real answers, fetched again unchanged, then with a headline and a byline edited.
@Suite struct ArticleVersionsTests {
    let provider = NYTProvider()
    static let file = "nyt-2017-03-wordcount-int-printpage-int.json"
    let query = ArticleQuery(words: "germany")

    /// The real answer with the first doc's headline and the second doc's byline edited, as
    /// NYT edits a published article.
    static func editedPage() throws -> SearchPage {
        var object = try #require(try JSONSerialization.jsonObject(with: NYTFixtures.data(file)) as? [String: Any])
        var response = try #require(object["response"] as? [String: Any])
        var docs = try #require(response["docs"] as? [[String: Any]])
        var headline = try #require(docs[0]["headline"] as? [String: Any])
        headline["main"] = "Package With Explosives Sent to German Finance Ministry, Police Say"
        docs[0]["headline"] = headline
        var byline = try #require(docs[1]["byline"] as? [String: Any])
        byline["original"] = "By REUTERS and THE ASSOCIATED PRESS"
        docs[1]["byline"] = byline
        response["docs"] = docs
        object["response"] = response
        var warnings: [String] = []
        return try SearchPage.decode(JSONSerialization.data(withJSONObject: object), warnings: &warnings)
    }

    func store(_ page: SearchPage, at time: Date, in store: Store) throws {
        try store.write { tx in try provider.persist(page, for: query, in: PersistContext(tx, fetchedAt: time)) }
    }

    func versions(_ id: String, in store: Store) throws -> [Row] {
        try store.read { tx in
            try tx.query("SELECT item, fetched_at, hash, query, content FROM nyt_versions WHERE item = ? ORDER BY fetched_at", [.text(id)])
        }
    }

    @Test("a fetch that changes nothing adds no version; edits add one to the edited articles only")
    func editsAddVersions() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let page = try NYTFixtures.page(Self.file)
        let edited = try Self.editedPage()
        try store(page, at: fixedNow, in: temp.store)
        let count = { try temp.store.read { tx in try tx.queryOne("SELECT COUNT(*) FROM nyt_article_versions")?[0].int } }
        #expect(try count() == page.articles.count, "a first version each")

        try store(page, at: fixedNow.addingTimeInterval(60), in: temp.store)
        #expect(try count() == page.articles.count, "the same content again adds nothing")

        try store(edited, at: fixedNow.addingTimeInterval(120), in: temp.store)
        #expect(try count() == page.articles.count + 2, "the headline's and the byline's articles only")
        let first = try versions(page.articles[0].id, in: temp.store)
        #expect(first.count == 2)
        let contents = first.compactMap { $0[4].string }.compactMap { try? JSONValue.parse(Data($0.utf8)) }
        #expect(contents.map { $0["headline"]?.cellText } == [
            "Package With Explosives Sent to German Finance Ministry",
            "Package With Explosives Sent to German Finance Ministry, Police Say",
        ])
        #expect(first[1][3].string == query.storageKey, "the query that brought it")
        #expect(first[1][1].double == fixedNow.addingTimeInterval(120).timeIntervalSince1970)
        let second = try versions(page.articles[1].id, in: temp.store)
        #expect(second.compactMap { $0[4].string }.last?.contains("By REUTERS and THE ASSOCIATED PRESS") == true)
        // The latest version is what every command shows.
        let shown = try temp.store.read { tx in try provider.load(query, from: tx) }
        #expect(shown?.value.articles.first?.headline == "Package With Explosives Sent to German Finance Ministry, Police Say")

        // Back to the earlier content: a version again, since it differs from the latest.
        try store(page, at: fixedNow.addingTimeInterval(180), in: temp.store)
        #expect(try count() == page.articles.count + 4)
    }

    @Test("the hash of an article as fetched is the hash of its row read back", arguments: NYTFixtures.searchFiles)
    func hashOfRowMatches(_ file: String) throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let page = try NYTFixtures.page(file)
        try store(page, at: fixedNow, in: temp.store)
        let select = "SELECT content_hash, " + ArticleStore.contentColumns.joined(separator: ", ") + " FROM nyt_articles WHERE id = ?"
        for article in page.articles {
            let row = try #require(try temp.store.read { tx in try tx.queryOne(select, [.text(article.id)]) })
            #expect(row[0].int64 == VersionHash.of(row.values.dropFirst()), "\(article.id)")
            #expect(row[0].int64 == ArticleStore.contentHash(of: article))
        }
    }

    @Test("migration 6 makes each stored article its first version; fetching it again unchanged adds none")
    func migrationMakesFirstVersions() throws {
        let temp = try TemporaryStore(migrations: Array(NYTSchema.migrations.prefix(5)))
        defer { temp.remove() }
        let page = try NYTFixtures.page(Self.file)
        // As the builds before migration 6 stored articles: no hash, no versions.
        let insert = SQLStatement.insert(into: "nyt_articles", columns: ArticleStore.articleColumns)
        try temp.store.write { tx in
            for article in page.articles {
                try tx.execute(insert, ArticleStore.values(of: article, fetchedAt: fixedNow.sql))
            }
        }
        try temp.store.migrate(owner: "nyt", NYTSchema.migrations)
        let migrated = try temp.store.read { tx in
            try tx.query("SELECT item, fetched_at, query FROM nyt_versions ORDER BY item")
        }
        #expect(migrated.count == page.articles.count)
        #expect(migrated.allSatisfy { $0[1].double == fixedNow.timeIntervalSince1970 && $0[2] == .null })
        try store(page, at: fixedNow.addingTimeInterval(60), in: temp.store)
        let after = try temp.store.read { tx in try tx.queryOne("SELECT COUNT(*) FROM nyt_article_versions")?[0].int }
        #expect(after == page.articles.count, "the migrated hash is the one a fetch computes")
    }
}
