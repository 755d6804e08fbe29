import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A large answer (30 MiB, 20,000 articles) is stored as it is read: each article
/// is upserted as soon as it is decoded, and the page keeps the articles as decoded,
/// which is what a fresh answer prints (reading them back from the store was a
/// fifth of a 1,000-article run's instructions).
extension NYTProvider {
    public func persistBody(
        _ body: Data, for query: ArticleQuery, page: Int, in context: PersistContext, warnings: inout [String]
    ) throws -> SearchPage {
        let store = ArticleStore(context.transaction)
        var articles: [Article] = []
        if let (read, skipped) = try SearchPage.readByDoc(body, take: { article in
            try store.upsert(article, at: context.fetchedAt, for: query)
            articles.append(article)
        }) {
            warnings += skipped
            return SearchPage(status: read.status, hits: read.hits, offset: read.offset, articles: articles)
        }
        // A body this path cannot split is decoded whole, as `decode` does; what
        // was upserted so far goes with the host's transaction if it throws.
        let whole = try SearchPage.decodeWhole(body, warnings: &warnings)
        for article in whole.articles {
            try store.upsert(article, at: context.fetchedAt, for: query)
        }
        return whole
    }

    public func replaceAnswer(with answer: SearchPage, for query: ArticleQuery, in context: PersistContext) throws {
        try ArticleStore(context.transaction).replaceAnswer(with: answer, for: query, at: context.fetchedAt)
    }
}
