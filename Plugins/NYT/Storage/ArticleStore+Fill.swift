import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ArticleStore {
    /// How many ids one lookup binds: a few hundred lookups for the largest answer,
    /// and never more rows held at once than this.
    static let fillChunk = 200

    /// `ids`' stored articles, in the order given (an id given twice comes twice);
    /// throws when one is not stored, since an answer must not lose an article silently.
    func articles(ids: [String]) throws -> [Article] {
        var articles: [Article] = []
        articles.reserveCapacity(ids.count)
        var start = 0
        while start < ids.count {
            let chunk = ids[start..<min(start + Self.fillChunk, ids.count)]
            let placeholders = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
            let rows = try transaction.query(
                "SELECT \(Self.columns) FROM nyt_articles a WHERE a.id IN (\(placeholders))", chunk.map { .text($0) })
            var found: [String: Article] = [:]
            for row in rows {
                if let article = Self.storedArticle(row)?.article { found[article.id] = article }
            }
            for id in chunk {
                guard let article = found[id] else {
                    throw StoreError.misuse(reason: "the NYT article \(id) was not stored")
                }
                articles.append(article)
            }
            start += chunk.count
        }
        return articles
    }
}
