import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A large answer (30 MiB, 20,000 articles) is stored as it is read: each article
/// is upserted as soon as it is decoded, and the page keeps only the articles' ids
/// (``SearchPage/storedIDs``) until the host asks for the stored articles back to print.
extension NYTProvider: BatchPersistingProvider {
    public func persistBody(
        _ body: Data, for query: ArticleQuery, page: Int, in context: PersistContext, warnings: inout [String]
    ) throws -> SearchPage {
        let store = ArticleStore(context.transaction)
        var ids: [String] = []
        if let (read, skipped) = try SearchPage.readByDoc(body, take: { article in
            try store.upsert(article, at: context.fetchedAt)
            ids.append(article.id)
        }) {
            warnings += skipped
            return Self.page(read, storedIDs: ids)
        }
        // A body this path cannot split is decoded whole, as `decode` does; what
        // was upserted so far goes with the host's transaction if it throws.
        let whole = try SearchPage.decodeWhole(body, warnings: &warnings)
        for article in whole.articles {
            try store.upsert(article, at: context.fetchedAt)
        }
        return Self.page(whole, storedIDs: whole.articles.map(\.id))
    }

    public func replaceAnswer(with answer: SearchPage, for query: ArticleQuery, in context: PersistContext) throws {
        try ArticleStore(context.transaction).replaceAnswer(with: answer, for: query, at: context.fetchedAt)
    }

    public func filled(_ answer: SearchPage, for query: ArticleQuery, from transaction: Transaction) throws -> SearchPage {
        let articles = try ArticleStore(transaction).articles(ids: answer.articleIDs)
        return SearchPage(status: answer.status, hits: answer.hits, offset: answer.offset, articles: articles)
    }

    /// `page`'s status and totals, holding only the ids of its articles.
    private static func page(_ page: SearchPage, storedIDs: [String]) -> SearchPage {
        var light = SearchPage(status: page.status, hits: page.hits, offset: page.offset)
        light.storedIDs = storedIDs
        return light
    }
}
