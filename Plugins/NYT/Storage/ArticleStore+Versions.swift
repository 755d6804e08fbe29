import APICore

/// An article's versions (NYT migration 6, docs/design/0260-item-versions.md): a row in
/// `nyt_article_versions` each time a fetch brings content the article did not have,
/// with the fetch time, the query that brought it and the content as a JSON object of
/// the stored columns. `nyt_articles.content_hash` is the latest version's hash, so an
/// article fetched again unchanged costs one integer compared and nothing written but
/// its `fetched_at`.
extension ArticleStore {
    /// The columns an article's content is made of: every stored one but `fetched_at`,
    /// in ``articleColumns`` order, which the hash follows.
    static let contentColumns = articleColumns.filter { $0 != "fetched_at" }

    /// The hash of `article`'s content: the values ``values(of:fetchedAt:)`` binds but
    /// `fetched_at`, read from its packed text with no `String` made of a field (a test
    /// checks it against the hash of the row read back, which migration 6 computes).
    static func contentHash(of article: Article) -> Int64 {
        var id = article.id
        var keywords = article.lines(.keywords)
        var multimedia = article.lines(.multimedia)
        var hash = VersionHash()
        article.withTextSlotBytes { text in
            id.withUTF8 { hash.text($0) }
            hash.text(text[.webURL])
            hash.text(text[.headline])
            hash.text(text[.abstract])
            hash.text(text[.leadParagraph])
            hash.text(text[.snippet])
            hash.text(text[.byline])
            hash.value(article.pubDate.map(Timestamp.format).sql)
            hash.text(text[.sectionName])
            hash.text(text[.subsectionName])
            hash.text(text[.newsDesk])
            hash.text(text[.typeOfMaterial])
            hash.text(text[.documentType])
            hash.integer(article.wordCount.map(Int64.init))
            hash.integer(article.printPage.map(Int64.init))
            hash.text(text[.source])
            keywords.withUTF8 { hash.text($0) }
            multimedia.withUTF8 { hash.text($0) }
        }
        return hash.value
    }

    /// A stored article's content as one JSON object, made by SQLite from its row.
    static let contentObject =
        "json_object(" + contentColumns.map { "'\($0)', \($0)" }.joined(separator: ", ") + ")"

    /// Only `fetched_at` of a stored article whose content hash is `?3`: no row changed means new content.
    static let touchUnchanged = "UPDATE nyt_articles SET fetched_at = ?1 WHERE id = ?2 AND content_hash = ?3"

    /// A version of the article stored as row `num` `?2`, brought by the query `?1`.
    static let insertVersionByNum =
        "INSERT INTO nyt_article_versions (article_id, fetched_at, hash, query_key, content) "
        + "SELECT id, fetched_at, content_hash, ?, \(contentObject) FROM nyt_articles WHERE num = ?"

    /// A version of the article `?2` as now stored, brought by the query `?1`.
    static let insertVersionByID =
        "INSERT INTO nyt_article_versions (article_id, fetched_at, hash, query_key, content) "
        + "SELECT id, fetched_at, content_hash, ?, \(contentObject) FROM nyt_articles WHERE id = ?"

    /// Migration 6's data step: each stored article's hash, and its row as its first version
    /// (brought by no known query).
    static func migrateToVersions(_ transaction: any StoreTransaction) throws {
        var hashes: [(Int64, Int64)] = []
        let select = "SELECT num, " + contentColumns.joined(separator: ", ") + " FROM nyt_articles"
        try transaction.forEachRow(select, []) { row in
            guard let num = row[0].int64 else { return }
            var hash = VersionHash()
            for index in 1..<row.count { hash.value(row[index]) }
            hashes.append((num, hash.value))
        }
        for (num, hash) in hashes {
            try transaction.execute("UPDATE nyt_articles SET content_hash = ? WHERE num = ?", [.integer(hash), .integer(num)])
        }
        try transaction.execute(
            "INSERT INTO nyt_article_versions (article_id, fetched_at, hash, query_key, content) "
                + "SELECT id, fetched_at, content_hash, NULL, \(contentObject) FROM nyt_articles ORDER BY num")
    }
}
