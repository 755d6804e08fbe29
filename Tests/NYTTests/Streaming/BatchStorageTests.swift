import APICore
import APIStore
import Foundation
import Testing

@testable import NYT

/// Storing as it reads (`BatchStoring`) must give exactly the answer,
/// the warnings and the errors that decoding whole gives, and must leave the
/// previous answer whole when a body, or the store, fails part way.
@Suite struct BatchStorageTests {
    let provider = NYTProvider()

    /// The answer the host prints when it stores in batches: each page stored as
    /// read and returned as decoded, the pages merged, the answer replaced.
    func batched(_ bodies: [Data], _ query: ArticleQuery, in store: Store, warnings: inout [String]) throws -> SearchPage {
        var pages: [SearchPage] = []
        for (index, body) in bodies.enumerated() {
            var pageWarnings: [String] = []
            pages.append(try store.write { tx in
                try provider.persistBody(
                    body, for: query, page: index, in: PersistContext(tx, fetchedAt: fixedNow), warnings: &pageWarnings)
            })
            warnings += pageWarnings
        }
        let merged = provider.merge(pages)
        try store.write { tx in
            try provider.replaceAnswer(with: merged, for: query, in: PersistContext(tx, fetchedAt: fixedNow))
        }
        return merged
    }

    /// The answer `--offline` reads back from the store.
    func offline(_ query: ArticleQuery, in store: Store) throws -> SearchPage? {
        try store.read { tx in try provider.load(query, from: tx) }?.value
    }

    /// The answer decoded whole, as without batches.
    func whole(_ bodies: [Data], _ query: ArticleQuery, warnings: inout [String]) throws -> SearchPage {
        provider.merge(try bodies.map { try provider.decode($0, for: query, warnings: &warnings) })
    }

    /// Every output the host draws from an answer: JSON elements, CSV/table records, the terminal view.
    func outputs(_ page: SearchPage) -> [String] {
        let terminal = Terminal(width: 100)
        return [
            "\(Array(provider.json([page])))", "\(provider.table([page]))", "\(provider.view([page], on: terminal))",
        ]
    }

    func answerIDs(_ query: ArticleQuery, in store: Store) throws -> [String] {
        try store.read { tx in
            try tx.query(
                "SELECT article_id FROM nyt_query_results WHERE query_key = ? ORDER BY position", [.text(query.storageKey)]
            ).compactMap { $0[0].string }
        }
    }

    /// A query answered once, in batches, before something goes wrong.
    func storeFirstAnswer(in store: Store) throws -> (ArticleQuery, SearchPage) {
        let query = ArticleQuery(words: "any")
        var warnings: [String] = []
        return (query, try batched([try NYTFixtures.data(NYTFixtures.searchFiles[0])], query, in: store, warnings: &warnings))
    }

    @Test(arguments: NYTFixtures.searchFiles)
    func sameAnswerAsDecodingWhole(_ name: String) throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let bodies = [try NYTFixtures.data(name)]
        var batchWarnings: [String] = []
        var wholeWarnings: [String] = []
        let query = ArticleQuery(words: "any")
        let stored = try batched(bodies, query, in: temp.store, warnings: &batchWarnings)
        let decoded = try whole(bodies, query, warnings: &wholeWarnings)
        #expect(stored == decoded)
        #expect(outputs(stored) == outputs(decoded))
        #expect(batchWarnings == wholeWarnings)
        #expect(try answerIDs(query, in: temp.store) == decoded.articles.map(\.id))
        // A fresh answer prints what was decoded; on every real answer that is what the store gives back.
        let readBack = try #require(try offline(query, in: temp.store))
        #expect(outputs(SearchPage(hits: stored.hits, offset: stored.offset, articles: readBack.articles))
            == outputs(SearchPage(hits: stored.hits, offset: stored.offset, articles: stored.articles)))
    }

    @Test func samePagesMergedAsDecodingWhole() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        // Three pages, the third the first again: each article once, in order.
        let bodies = try [NYTFixtures.searchFiles[0], NYTFixtures.searchFiles[1], NYTFixtures.searchFiles[0]].map(NYTFixtures.data)
        let query = ArticleQuery(words: "any", pages: 3)
        var batchWarnings: [String] = []
        var wholeWarnings: [String] = []
        let stored = try batched(bodies, query, in: temp.store, warnings: &batchWarnings)
        let decoded = try whole(bodies, query, warnings: &wholeWarnings)
        let ids = decoded.articles.map(\.id)
        #expect(ids.count == Set(ids).count)
        #expect(ids.count > 10)
        #expect(stored == decoded)
        #expect(outputs(stored) == outputs(decoded))
    }

    @Test func skippedDocsWarnTheSame() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let bodies = [body(docs: [#"{"_id":"a","headline":{"main":"A"}}"#, "42", #"{"headline":{}}"#, #"{"_id":"b"}"#], hits: 4)]
        let query = ArticleQuery(words: "any")
        var batchWarnings: [String] = []
        var wholeWarnings: [String] = []
        let stored = try batched(bodies, query, in: temp.store, warnings: &batchWarnings)
        let decoded = try whole(bodies, query, warnings: &wholeWarnings)
        #expect(stored.articles.map(\.id) == ["a", "b"])
        #expect(stored == decoded)
        #expect(wholeWarnings.count == 2)
        #expect(batchWarnings == wholeWarnings)
    }

    /// A body broken after some docs were upserted throws as decoding whole does,
    /// and the host's transaction takes the upserts back: the old answer stays whole.
    @Test func brokenBodyLeavesThePreviousAnswerWhole() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let (query, old) = try storeFirstAnswer(in: temp.store)
        var warnings: [String] = []
        let articlesBefore = try temp.store.read { tx in try tx.queryOne("SELECT COUNT(*) FROM nyt_articles")?[0].int }
        let broken = Data((String(decoding: body(docs: [#"{"_id":"new-1"}"#, #"{"_id":"new-2"}"#]), as: UTF8.self)
            .replacingOccurrences(of: #""new-2"}"#, with: #""new-2""#)).utf8)

        var wholeError: (any Error)?
        do { _ = try whole([broken], query, warnings: &warnings) } catch { wholeError = error }
        var batchError: (any Error)?
        do { _ = try batched([broken], query, in: temp.store, warnings: &warnings) } catch { batchError = error }

        let failure = try #require(batchError as? DecodeFailure)
        #expect(failure.reason == (wholeError as? DecodeFailure)?.reason)
        #expect(try answerIDs(query, in: temp.store) == old.articles.map(\.id))
        #expect(try temp.store.read { tx in try tx.queryOne("SELECT COUNT(*) FROM nyt_articles")?[0].int } == articlesBefore)
    }

    /// A store error part way through a body rolls back the page; the old answer stays whole.
    @Test func storeErrorLeavesThePreviousAnswerWhole() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let (query, old) = try storeFirstAnswer(in: temp.store)
        var warnings: [String] = []
        try temp.store.write { tx in
            try tx.executeScript("""
                CREATE TRIGGER refuse_new_3 BEFORE INSERT ON nyt_articles WHEN new.id = 'new-3'
                BEGIN SELECT RAISE(ABORT, 'refused'); END;
                """)
        }
        let bodies = [body(docs: [#"{"_id":"new-1"}"#, #"{"_id":"new-2"}"#, #"{"_id":"new-3"}"#], hits: 3)]
        #expect(throws: StoreError.self) { try batched(bodies, query, in: temp.store, warnings: &warnings) }
        #expect(try answerIDs(query, in: temp.store) == old.articles.map(\.id))
        let fresh = try temp.store.read { tx in
            try tx.queryOne("SELECT COUNT(*) FROM nyt_articles WHERE id LIKE 'new-%'")?[0].int
        }
        #expect(fresh == 0)
    }

    /// The page stored as it was read holds the articles as decoded, not as the store
    /// keeps them: an image address with a line break is one address here, where the
    /// store's one-per-line column gives it back as two.
    @Test func pagesHoldTheArticlesAsDecoded() throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let query = ArticleQuery(words: "any")
        let doc = #"{"_id":"a","headline":{"main":"A"},"multimedia":[{"url":"images/one\ntwo.jpg"}]}"#
        var warnings: [String] = []
        let printed = try batched([body(docs: [doc], hits: 1)], query, in: temp.store, warnings: &warnings)
        #expect(printed.articles.map(\.multimedia) == [["https://static01.nyt.com/images/one\ntwo.jpg"]])
        #expect(try offline(query, in: temp.store)?.articles.map(\.multimedia)
            == [["https://static01.nyt.com/images/one", "two.jpg"]])
    }
}
