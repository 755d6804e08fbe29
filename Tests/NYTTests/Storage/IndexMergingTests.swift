import APICore
import APIStore
import Foundation
import Testing

@testable import NYT

/// Migration 4: `nyt_articles_fts` merges its segments sixteen at a time (`FTS5Merging`),
/// on a new store and on an old one, and an index left in more segments stays exact.
@Suite struct IndexMergingTests {
    let provider = NYTProvider()

    func automerge(_ store: Store) throws -> Int? {
        try store.read { tx in try tx.queryOne("SELECT v FROM nyt_articles_fts_config WHERE k = 'automerge'") }?[0].int
    }

    func segments(_ store: Store) throws -> Int {
        try store.read { tx in try tx.queryOne("SELECT COUNT(DISTINCT segid) FROM nyt_articles_fts_idx") }?[0].int ?? 0
    }

    @Test func newAndOldStoresMergeSixteenSegmentsAtATime() throws {
        let new = try TemporaryStore()
        defer { new.remove() }
        #expect(try automerge(new.store) == FTS5Merging.segments)

        let old = try TemporaryStore(migrations: Array(NYTSchema.migrations.prefix(3)))
        defer { old.remove() }
        #expect(try automerge(old.store) == nil)
        try old.store.migrate(owner: "nyt", NYTSchema.migrations)
        #expect(try automerge(old.store) == FTS5Merging.segments)
        let page = try NYTFixtures.page("nyt-2016-05-dog-video-multimedia-docs.json")
        try old.store.write { tx in try provider.persist(page, for: ArticleQuery(words: "dog"), in: PersistContext(tx, fetchedAt: fixedNow)) }
        let dog = try old.store.read { tx in try provider.load(ArticleQuery(words: "dog"), from: tx) }
        #expect(dog?.value.articles.map(\.id) == page.articles.map(\.id))
    }

    /// Every fixture stored in one transaction, with FTS5's term hash and leaf pages made
    /// small: it writes many segments, as a 30 MiB answer writes one per MiB of terms, and
    /// enough leaf pages for FTS5 to merge (it does merge work once per 64 written). Merged
    /// four at a time (FTS5's default, set back on a second store) they end fewer than merged
    /// sixteen at a time, and both indexes pass FTS5's `integrity-check` and find the same.
    @Test func anIndexLeftInMoreSegmentsFindsTheSame() throws {
        func filled(automerge: Int?) throws -> TemporaryStore {
            let temp = try TemporaryStore()
            try temp.store.write { tx in
                try tx.execute("INSERT INTO nyt_articles_fts (nyt_articles_fts, rank) VALUES ('hashsize', 4096)")
                try tx.execute("INSERT INTO nyt_articles_fts (nyt_articles_fts, rank) VALUES ('pgsz', 64)")
                if let automerge {
                    try tx.execute("INSERT INTO nyt_articles_fts (nyt_articles_fts, rank) VALUES ('automerge', ?)", [.integer(Int64(automerge))])
                }
            }
            try temp.store.write { tx in
                for name in NYTFixtures.searchFiles {
                    try provider.persist(try NYTFixtures.page(name), for: ArticleQuery(words: name), in: PersistContext(tx, fetchedAt: fixedNow))
                }
            }
            try temp.store.write { tx in
                try tx.execute("INSERT INTO nyt_articles_fts (nyt_articles_fts, rank) VALUES ('integrity-check', 1)")
            }
            return temp
        }
        let sixteen = try filled(automerge: nil)
        defer { sixteen.remove() }
        let four = try filled(automerge: 4)
        defer { four.remove() }
        #expect(try segments(sixteen.store) > segments(four.store))
        #expect(try segments(four.store) > 1)

        let words = ["police", "obama", "new york", "dog", "trump", "the", "election", "zzzzunfound"]
        for word in words {
            let found = { (store: Store) in
                try store.read { tx in try provider.load(ArticleQuery(words: word), from: tx) }?.value.articles.map(\.id)
            }
            #expect(try found(sixteen.store) == found(four.store), "\(word)")
        }
        let matched = try words.map { word in
            try sixteen.store.read { tx in try provider.load(ArticleQuery(words: word), from: tx) }?.value.articles.count ?? 0
        }
        #expect(matched.filter { $0 > 0 }.count >= 3)
    }
}
