import APICore

/// What `apicli store sync` exchanges of NYT's: each article's versions; a pulled version
/// becomes the article's row (its content is the row's columns), and the team database
/// indexes the words `nyt_articles_fts` indexes.
extension NYTProvider {
    static let storage = StorageOwnership(
        owner: "nyt",
        versionTables: [
            VersionTable(
                table: "nyt_article_versions", item: "article_id",
                searchText: ["headline", "abstract", "lead_paragraph", "snippet", "byline", "keywords"]
                    .map { "coalesce(json_extract(v.content, '$.\($0)'), '')" }.joined(separator: " || ' ' || "),
                latest: .init(table: "nyt_articles", key: ["id"]))
        ])
}
