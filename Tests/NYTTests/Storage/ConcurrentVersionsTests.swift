import APICore
import APIStore
import Foundation
import Testing

@testable import NYT

/// Two writers, each with its own connection to one store file (as two apicli processes
/// have), store versions of the same article at once: every version each wrote is kept,
/// and the article's row is the last one written.
@Suite struct ConcurrentVersionsTests {
    static let rounds = 40

    @Test("two connections writing versions of one article lose none")
    func twoWritersLoseNone() async throws {
        let temp = try TemporaryStore()
        defer { temp.remove() }
        let path = temp.folder.appendingPathComponent("apicli.sqlite3").path
        let id = "nyt://article/shared"
        let query = ArticleQuery(words: "shared")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in ["a", "b"] {
                group.addTask {
                    let store = try Store(path: path)
                    for round in 0..<Self.rounds {
                        let article = Article(id: id, headline: "\(writer) \(round)")
                        try store.write { tx in
                            try ArticleStore(tx).upsert(
                                article, at: Date(timeIntervalSince1970: 1_700_000_000 + Double(round)), for: query)
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let (versions, latest, row) = try temp.store.read { tx in
            (
                try tx.query("SELECT json_extract(content, '$.headline') FROM nyt_article_versions WHERE article_id = ? ORDER BY num", [.text(id)])
                    .compactMap { $0[0].string },
                try tx.queryOne("SELECT hash FROM nyt_article_versions WHERE article_id = ? ORDER BY num DESC LIMIT 1", [.text(id)]),
                try tx.queryOne("SELECT headline, content_hash FROM nyt_articles WHERE id = ?", [.text(id)])
            )
        }
        #expect(Set(versions) == Set((0..<Self.rounds).flatMap { ["a \($0)", "b \($0)"] }), "every version of both writers")
        #expect(versions.count == 2 * Self.rounds)
        #expect(row?[0].string == versions.last, "the row is the last version written")
        #expect(row?[1] == latest?[0])
    }
}
