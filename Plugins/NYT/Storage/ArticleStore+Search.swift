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
    /// those articles on text apicli does not keep. `--fq` is applied to the stored
    /// articles (``StoredFilter``), or refused with a usage error when it cannot be.
    /// When articles are stored but none matches, an empty page that says so
    /// (`storedNoMatch`); nil only when nothing at all is stored.
    func search(_ query: ArticleQuery) throws -> Stored<SearchPage>? {
        // An Archive month's stored answer is the whole month.
        let limit = query.archiveMonth == nil ? ArticleQuery.pageSize * query.pages : Int(Int32.max)
        let offset = ArticleQuery.pageSize * query.firstPage
        let filter = try query.filter.map(StoredFilter.init)
        let answered = try storedAnswer(to: query)
        let bounds = [query.beginDate?.iso.sql ?? .null, query.endDate?.next.iso.sql ?? .null]
        // With a filter, every match is read and filtered here, then paged.
        let window: [SQLValue] = filter == nil ? [.integer(Int64(limit)), .integer(Int64(offset))] : [.integer(-1), .integer(0)]
        var searched: [Row] = []
        if let match = FTSQuery.allWords(query.words) {
            searched = try transaction.query(Self.searchSQL(query.sort), [.text(match)] + bounds + window)
        } else if filter != nil {
            searched = try transaction.query(Self.filterSQL, bounds)
        }
        var matching = searched.compactMap(Self.storedArticle)
        if let filter {
            matching = Array(matching.filter { filter.matches($0.article) }.dropFirst(offset))
        }
        // The API already applied the filter to this query's own stored answer, which leads.
        var seen = Set<String>()
        var found = ((answered?.rows ?? []).compactMap(Self.storedArticle) + matching)
            .filter { seen.insert($0.article.id).inserted }
        switch query.sort {
        case .newest: found.sort { ($0.article.pubDate ?? .distantPast) > ($1.article.pubDate ?? .distantPast) }
        case .oldest: found.sort { ($0.article.pubDate ?? .distantFuture) < ($1.article.pubDate ?? .distantFuture) }
        case .relevance, nil: break
        }
        found = Array(found.prefix(limit))
        guard let newest = found.map(\.fetchedAt).max() else { return try noMatch(answered?.fetchedAt) }
        let fetchedAt = max(newest, answered?.fetchedAt ?? newest)
        let page = SearchPage(hits: answered?.hits, offset: ArticleQuery.pageSize * query.firstPage, articles: found.map(\.article))
        return Stored(page, fetchedAt: fetchedAt)
    }

    /// An empty page saying that stored articles exist but none matches, as of the newest
    /// stored fetch; nil when no article is stored at all.
    private func noMatch(_ answeredAt: Date?) throws -> Stored<SearchPage>? {
        let row = try transaction.queryOne("SELECT MAX(fetched_at) FROM nyt_articles", [])
        guard let newest = row.flatMap({ Date(sql: $0[0]) }) ?? answeredAt else { return nil }
        var page = SearchPage(hits: 0, offset: 0)
        page.storedNoMatch = true
        return Stored(page, fetchedAt: newest, matchedNothing: true)
    }

    /// Every stored article within the date bounds (`?1`, `?2`, nullable), newest first: what a filter alone searches.
    static let filterSQL = """
        SELECT \(columns) FROM nyt_articles a
        WHERE (?1 IS NULL OR a.pub_date >= ?1) AND (?2 IS NULL OR a.pub_date < ?2)
        ORDER BY a.pub_date IS NULL, a.pub_date DESC
        """

    /// The articles that answered exactly this query when it was last fetched, in order.
    private func storedAnswer(to query: ArticleQuery) throws -> (rows: [Row], hits: Int?, fetchedAt: Date)? {
        let key = SQLValue.text(query.storageKey)
        guard let row = try transaction.queryOne("SELECT hits, fetched_at FROM nyt_queries WHERE key = ?", [key]),
            let fetchedAt = row.get("fetched_at", as: Date.self)
        else { return nil }
        let rows = try transaction.query(Self.answerSQL, [key])
        return (rows, row.get("hits", as: Int.self), fetchedAt)
    }

    /// The stored articles of the query `?1`'s answer, in its order (an id no longer stored
    /// is passed over, and an array that is not JSON names none).
    static let answerSQL = """
        SELECT \(columns) FROM nyt_queries q, json_each(q.article_ids) j JOIN nyt_articles a ON a.id = j.value
        WHERE q.key = ?1 AND json_valid(q.article_ids) ORDER BY j.key
        """

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
