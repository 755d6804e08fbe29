import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads and writes the `nyt_*` tables inside one of the host's transactions.
///
/// Every statement is a fixed SQL text (so the store's statement cache
/// prepares it once) with every value bound.
struct ArticleStore {
    let transaction: Transaction

    init(_ transaction: Transaction) {
        self.transaction = transaction
    }

    /// Upserts the articles and replaces the answer to `query` whole: the
    /// host's transaction makes the replacement all or nothing.
    func save(_ page: SearchPage, for query: ArticleQuery, at fetchedAt: Date) throws {
        for article in page.articles {
            try upsert(article, at: fetchedAt)
        }
        try replaceAnswer(with: page, for: query, at: fetchedAt)
    }

    /// Stores one article, or refreshes it: any answer may share it.
    func upsert(_ article: Article, at fetchedAt: Date) throws {
        try transaction.execute(Self.upsertArticle, Self.values(of: article, fetchedAt: fetchedAt.sql))
    }

    /// Makes `page`'s articles, by id and in order, the answer to `query`; the articles must be stored.
    func replaceAnswer(with page: SearchPage, for query: ArticleQuery, at fetchedAt: Date) throws {
        let key = query.storageKey
        try transaction.execute(
            Self.upsertQuery,
            [
                .text(key), .text(query.words), query.beginDate?.compact.sql ?? .null,
                query.endDate?.compact.sql ?? .null, query.sort?.rawValue.sql ?? .null, query.filter.sql,
                query.firstPage.sql, query.lastPage.sql, page.hits.sql, fetchedAt.sql,
            ])
        try transaction.execute("DELETE FROM nyt_query_results WHERE query_key = ?", [.text(key)])
        for (position, id) in page.articleIDs.enumerated() {
            try transaction.execute(
                "INSERT INTO nyt_query_results (query_key, position, article_id) VALUES (?, ?, ?)",
                [.text(key), position.sql, .text(id)])
        }
    }

    /// `nyt_articles`' columns in the order ``values(of:fetchedAt:)`` binds them.
    static let articleColumns = [
        "id", "web_url", "headline", "abstract", "lead_paragraph", "snippet", "byline", "pub_date", "section_name",
        "subsection_name", "news_desk", "type_of_material", "document_type", "word_count", "print_page", "source",
        "keywords", "multimedia", "fetched_at",
    ]

    static let upsertArticle = SQLStatement.upsert(into: "nyt_articles", columns: articleColumns, conflict: ["id"])

    static let upsertQuery = SQLStatement.upsert(
        into: "nyt_queries",
        columns: ["key", "q", "begin_date", "end_date", "sort", "fq", "first_page", "last_page", "hits", "fetched_at"],
        conflict: ["key"], updating: ["hits", "fetched_at"])

    private static func values(of article: Article, fetchedAt: SQLValue) -> [SQLValue] {
        [
            .text(article.id), article.webURL.sql, article.headline.sql, article.abstract.sql,
            article.leadParagraph.sql, article.snippet.sql, article.byline.sql,
            article.pubDate.map(Timestamp.format).sql, article.sectionName.sql, article.subsectionName.sql,
            article.newsDesk.sql, article.typeOfMaterial.sql, article.documentType.sql, article.wordCount.sql,
            article.printPage.sql, article.source.sql, .lines(article.keywords), .lines(article.multimedia), fetchedAt,
        ]
    }
}
