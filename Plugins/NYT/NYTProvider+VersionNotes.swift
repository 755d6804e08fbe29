import APICore

/// `apicli store schema`: what NYT's version table and view hold.
extension NYTProvider {
    static let versionNotes = [
        TableNote(
            "nyt_article_versions", "every version of each article: a row each time a fetch brought new content",
            columns: [
                "num": "order written", "article_id": "nyt_articles.id",
                "fetched_at": "when the fetch that brought it ran (Unix seconds)",
                "hash": "hash of the content (64-bit FNV-1a of the stored columns)",
                "query_key": "nyt_queries.key of the search that brought it; NULL when stored before versions were kept",
                "content": "the article's stored columns as a JSON object",
            ]),
        TableNote(
            "nyt_versions", "each article's versions, as every provider's versions view shows them (apicli history reads it)",
            columns: [
                "item": "nyt_articles.id", "fetched_at": "when it was fetched (Unix seconds)",
                "hash": "hash of the content", "query": "the search that brought it", "content": "the content, JSON",
            ]),
    ]
}
