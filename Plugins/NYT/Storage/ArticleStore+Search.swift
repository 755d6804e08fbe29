import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ArticleStore {
    /// Answers `query` from everything stored, for `--offline` and network failures.
    ///
    /// The words search every stored article through FTS5 (all words must
    /// match, as plain words), ranked by bm25 or ordered by `--sort`, within
    /// `--from`/`--to`, `10 × --pages` at a time from `--page`. When this exact
    /// query was fetched before, its stored answer leads: the API matched
    /// those articles on text apicli does not keep. Nil when nothing matches.
    func search(_ query: ArticleQuery) throws -> Stored<SearchPage>? {
        let limit = ArticleQuery.pageSize * query.pages
        let answered = try storedAnswer(to: query)
        var rows = answered?.rows ?? []
        if let match = FTSQuery.allWords(query.words) {
            let bounds: [SQLValue] = [
                .text(match), query.beginDate?.iso.sql ?? .null, query.endDate?.next.iso.sql ?? .null,
                .integer(Int64(limit)), .integer(Int64(ArticleQuery.pageSize * query.firstPage)),
            ]
            rows += try transaction.query(Self.searchSQL(query.sort), bounds)
        }
        var seen = Set<String>()
        var found = rows.compactMap(Self.storedArticle).filter { seen.insert($0.article.id).inserted }
        switch query.sort {
        case .newest: found.sort { ($0.article.pubDate ?? .distantPast) > ($1.article.pubDate ?? .distantPast) }
        case .oldest: found.sort { ($0.article.pubDate ?? .distantFuture) < ($1.article.pubDate ?? .distantFuture) }
        case .relevance, nil: break
        }
        found = Array(found.prefix(limit))
        guard let newest = found.map(\.fetchedAt).max() else { return nil }
        let fetchedAt = max(newest, answered?.fetchedAt ?? newest)
        let page = SearchPage(hits: answered?.hits, offset: ArticleQuery.pageSize * query.firstPage, articles: found.map(\.article))
        return Stored(page, fetchedAt: fetchedAt)
    }

    /// The articles that answered exactly this query when it was last fetched, in order.
    private func storedAnswer(to query: ArticleQuery) throws -> (rows: [Row], hits: Int?, fetchedAt: Date)? {
        let key = SQLValue.text(query.storageKey)
        guard let row = try transaction.queryOne("SELECT hits, fetched_at FROM nyt_queries WHERE key = ?", [key]),
            let fetchedAt = row.get("fetched_at", as: Date.self)
        else { return nil }
        let rows = try transaction.query(
            "SELECT \(Self.columns) FROM nyt_query_results r JOIN nyt_articles a ON a.id = r.article_id "
                + "WHERE r.query_key = ? ORDER BY r.position", [key])
        return (rows, row.get("hits", as: Int.self), fetchedAt)
    }

    /// The FTS search in each order; `?1` match, `?2`/`?3` date bounds (nullable), `?4` limit, `?5` offset.
    static func searchSQL(_ sort: SortOrder?) -> String {
        let order =
            switch sort {
            case .newest: "a.pub_date IS NULL, a.pub_date DESC"
            case .oldest: "a.pub_date IS NULL, a.pub_date ASC"
            case .relevance, nil: "nyt_articles_fts.rank"
            }
        return """
            SELECT \(columns) FROM nyt_articles_fts JOIN nyt_articles a ON a.num = nyt_articles_fts.rowid
            WHERE nyt_articles_fts MATCH ?1 AND (?2 IS NULL OR a.pub_date >= ?2) AND (?3 IS NULL OR a.pub_date < ?3)
            ORDER BY \(order) LIMIT ?4 OFFSET ?5
            """
    }

    /// Every article column, as ``storedArticle(_:)`` reads them by position.
    static let columns = articleColumns.map { "a." + $0 }.joined(separator: ", ")

    /// One row of ``columns`` back into an article, with when it was fetched.
    static func storedArticle(_ row: Row) -> (article: Article, fetchedAt: Date)? {
        guard let id = row[0].string, let fetchedAt = Date(sql: row[18]) else { return nil }
        let article = Article(
            id: id, webURL: row[1].string, headline: row[2].string, abstract: row[3].string,
            leadParagraph: row[4].string, snippet: row[5].string, byline: row[6].string,
            pubDate: row[7].string.flatMap(Timestamp.parse), sectionName: row[8].string,
            subsectionName: row[9].string, newsDesk: row[10].string, typeOfMaterial: row[11].string,
            documentType: row[12].string, wordCount: row[13].int, printPage: row[14].int, source: row[15].string,
            keywords: row[16].lines, multimedia: row[17].lines)
        return (article, fetchedAt)
    }
}
