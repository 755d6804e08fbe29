import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `--offline --as-of TIME`: the stored answer's articles as each was at that time, its
/// latest version fetched by then (docs/design/0263-as-of.md). Which articles answer the
/// search is the store's answer as it is now (answers keep no versions); an article with
/// no version by then is left out.
extension ArticleStore {
    /// An article's version current at `?2`, in ``columns``' order, so ``storedArticle(_:)`` reads it.
    static let versionAsOf =
        "SELECT " + contentColumns.map { "json_extract(content, '$.\($0)')" }.joined(separator: ", ")
        + ", fetched_at FROM nyt_article_versions WHERE article_id = ?1 AND fetched_at <= ?2 "
        + "ORDER BY fetched_at DESC, num DESC LIMIT 1"

    func search(_ query: ArticleQuery, asOf time: Date) throws -> Stored<SearchPage>? {
        guard let now = try search(query) else { return nil }
        var articles: [Article] = []
        var newest: Date?
        for article in now.value.articles {
            guard let row = try transaction.queryOne(Self.versionAsOf, [.text(article.id), time.sql]),
                let (version, fetchedAt) = Self.storedArticle(row)
            else { continue }
            articles.append(version)
            newest = max(newest ?? fetchedAt, fetchedAt)
        }
        guard let newest else { return nil }
        var page = now.value
        page.articles = articles
        return Stored(page, fetchedAt: newest)
    }
}
