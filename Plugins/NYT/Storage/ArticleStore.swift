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
    let transaction: any StoreTransaction

    init(_ transaction: any StoreTransaction) {
        self.transaction = transaction
    }

    /// Stores the articles and replaces the answer to `query` whole: the
    /// host's transaction makes the replacement all or nothing.
    func save(_ page: SearchPage, for query: ArticleQuery, at fetchedAt: Date) throws {
        for article in page.articles {
            try upsert(article, at: fetchedAt, for: query)
        }
        try replaceAnswer(with: page, for: query, at: fetchedAt)
    }

    /// Stores one article, or refreshes it: any answer may share it. An article whose
    /// content changed (its ``contentHash(of:)`` is not the stored one), or that is new,
    /// gets a version in `nyt_article_versions` brought by `query` (NYT migration 6).
    ///
    /// A new article is inserted with its FTS5 row, one prepared statement each
    /// (no trigger, so no savepoint, so FTS5 keeps its terms buffered until the
    /// commit). A stored one whose hash is unchanged gets only its `fetched_at`
    /// rewritten; a changed one gets its other columns rewritten by an update that
    /// touches no indexed column (so it fires no trigger either), and only when an
    /// indexed column changed does the update trigger re-index it.
    func upsert(_ article: Article, at fetchedAt: Date, for query: ArticleQuery) throws {
        let fetched = fetchedAt.sql
        let hash = Self.contentHash(of: article)
        let queryKey = SQLValue.text(query.storageKey)
        if let num = try insertNew(article, fetchedAt: fetched, hash: hash) {
            try transaction.execute(Self.insertVersionByNum, [queryKey, .integer(num)])
            return
        }
        try transaction.execute(Self.touchUnchanged, [fetched, .text(article.id), .integer(hash)])
        if transaction.changes == 1 { return }
        let values = Self.values(of: article, fetchedAt: fetched)
        let plain = Self.plainColumns.map { values[$0] }
        guard let stored = try transaction.queryOne(Self.refreshArticle, plain + [.integer(hash), values[0]]) else {
            throw StoreError.misuse(reason: "the NYT article \(article.id) was neither new nor stored")
        }
        let indexed = Self.indexed(values)
        if (0..<indexed.count).contains(where: { stored[$0] != indexed[$0] }) {
            try transaction.execute(Self.reindexArticle, indexed + [values[0]])
        }
        try transaction.execute(Self.insertVersionByID, [queryKey, values[0]])
    }

    /// Inserts `article` with its FTS5 row when it is new; nil when it is stored already.
    ///
    /// Bound straight from the article's packed text (``StoreTransaction/execute(_:binding:)``):
    /// the same values as ``values(of:fetchedAt:)``, in ``articleColumns`` order, with no
    /// `String` made of any field and no array of them (a test compares the two).
    /// Returns the new row's `num`, for its first version.
    private func insertNew(_ article: Article, fetchedAt: SQLValue, hash: Int64) throws -> Int64? {
        var id = article.id
        var keywords = article.lines(.keywords)
        var multimedia = article.lines(.multimedia)
        let published = article.pubDate.map(Timestamp.format).sql
        return try article.withTextSlotBytes { text in
            try id.withUTF8 { id in
                try keywords.withUTF8 { keywords in
                    try multimedia.withUTF8 { multimedia in
                        try transaction.execute(Self.insertNewArticle) { row in
                            row.text(id)
                            row.text(text[.webURL])
                            Self.bindIndexedSlots(text, to: &row)
                            row.value(published)
                            row.text(text[.sectionName])
                            row.text(text[.subsectionName])
                            row.text(text[.newsDesk])
                            row.text(text[.typeOfMaterial])
                            row.text(text[.documentType])
                            row.integer(article.wordCount.map(Int64.init))
                            row.integer(article.printPage.map(Int64.init))
                            row.text(text[.source])
                            row.text(keywords)
                            row.text(multimedia)
                            row.value(fetchedAt)
                            row.integer(hash)
                        }
                        guard transaction.changes == 1 else { return nil }
                        let rowID = transaction.lastInsertRowID
                        try transaction.execute(Self.insertIndexRow) { row in
                            row.integer(rowID)
                            Self.bindIndexedSlots(text, to: &row)
                            row.text(keywords)
                        }
                        return rowID
                    }
                }
            }
        }
    }

    /// The indexed columns but `keywords`, in ``indexedColumns`` order: the same run of
    /// `nyt_articles`' columns and of the FTS5 row's.
    private static func bindIndexedSlots(_ text: ArticleText.SlotBytes, to row: inout ValueBinder) {
        row.text(text[.headline])
        row.text(text[.abstract])
        row.text(text[.leadParagraph])
        row.text(text[.snippet])
        row.text(text[.byline])
    }

    /// Makes `page`'s articles, by id and in order, the answer to `query`; the articles must be stored.
    ///
    /// One statement whatever the answer's size: the ids are one JSON array in the query's
    /// row (`article_ids`, NYT migration 5).
    func replaceAnswer(with page: SearchPage, for query: ArticleQuery, at fetchedAt: Date) throws {
        let ids = page.articleIDs
        try transaction.execute(
            Self.upsertQuery,
            [
                .text(query.storageKey), .text(query.words), query.beginDate?.compact.sql ?? .null,
                query.endDate?.compact.sql ?? .null, query.sort?.rawValue.sql ?? .null, query.filter.sql,
                query.firstPage.sql, query.lastPage.sql, page.hits.sql, fetchedAt.sql,
                .text(JSONArrayText.strings(ids, bytesHint: ids.count * Self.idBytesHint)),
            ])
    }

    /// Room for one id in the answer's array: a quoted `nyt://article/<uuid>` and its comma.
    private static let idBytesHint = 52

    /// `nyt_articles`' columns in the order ``values(of:fetchedAt:)`` binds them.
    static let articleColumns = [
        "id", "web_url", "headline", "abstract", "lead_paragraph", "snippet", "byline", "pub_date", "section_name",
        "subsection_name", "news_desk", "type_of_material", "document_type", "word_count", "print_page", "source",
        "keywords", "multimedia", "fetched_at",
    ]

    /// The columns `nyt_articles_fts` indexes, in its order.
    static let indexedColumns = ["headline", "abstract", "lead_paragraph", "snippet", "byline", "keywords"]

    /// Positions in ``articleColumns`` of the columns that are neither the key nor indexed.
    static let plainColumns = articleColumns.indices.filter {
        $0 > 0 && !indexedColumns.contains(articleColumns[$0])
    }

    /// Positions in ``articleColumns`` of ``indexedColumns``, in its order.
    static let indexedPositions = indexedColumns.map { articleColumns.firstIndex(of: $0) ?? 0 }

    /// `values`' indexed columns, in ``indexedColumns``' order.
    static func indexed(_ values: [SQLValue]) -> [SQLValue] {
        indexedPositions.map { values[$0] }
    }

    static let insertNewArticle =
        SQLStatement.insert(into: "nyt_articles", columns: articleColumns + ["content_hash"]) + " ON CONFLICT (id) DO NOTHING"

    static let insertIndexRow = SQLStatement.insert(into: "nyt_articles_fts", columns: ["rowid"] + indexedColumns)

    /// Rewrites a stored article's columns that no index reads, and returns its indexed ones.
    static let refreshArticle =
        "UPDATE nyt_articles SET " + plainColumns.map { articleColumns[$0] + " = ?" }.joined(separator: ", ")
        + ", content_hash = ? WHERE id = ? RETURNING " + indexedColumns.joined(separator: ", ")

    /// Rewrites a stored article's indexed columns: the update trigger re-indexes it.
    static let reindexArticle =
        "UPDATE nyt_articles SET " + indexedColumns.map { $0 + " = ?" }.joined(separator: ", ") + " WHERE id = ?"

    static let upsertQuery = SQLStatement.upsert(
        into: "nyt_queries",
        columns: [
            "key", "q", "begin_date", "end_date", "sort", "fq", "first_page", "last_page", "hits", "fetched_at",
            "article_ids",
        ],
        conflict: ["key"], updating: ["hits", "fetched_at", "article_ids"])

    /// The row's values in ``articleColumns`` order; the text fields are read from the
    /// packed text in one pass (``Article/textSlots``), not one walk of it per field.
    static func values(of article: Article, fetchedAt: SQLValue) -> [SQLValue] {
        let text = article.textSlots
        func field(_ slot: ArticleText.Slot) -> SQLValue { text[slot.rawValue].sql }
        return [
            .text(article.id), field(.webURL), field(.headline), field(.abstract),
            field(.leadParagraph), field(.snippet), field(.byline),
            article.pubDate.map(Timestamp.format).sql, field(.sectionName), field(.subsectionName),
            field(.newsDesk), field(.typeOfMaterial), field(.documentType), article.wordCount.sql,
            article.printPage.sql, field(.source), .text(article.lines(.keywords)),
            .text(article.lines(.multimedia)), fetchedAt,
        ]
    }
}
