import APICore

/// `apicli store schema`: what the NYT tables hold, for `apicli store sql`.
extension NYTProvider {
    public var tableNotes: [TableNote] {
        [
            TableNote(
                "nyt_articles", "every article ever fetched, once each (the latest version; the others in nyt_article_versions)",
                columns: [
                    "num": "row number, the full-text index's key", "id": "the article's id",
                    "web_url": "address on nytimes.com", "headline": "main headline",
                    "abstract": "desk summary", "lead_paragraph": "first paragraph", "snippet": "short excerpt",
                    "byline": "who wrote it (By …)", "pub_date": "publication time, ISO 8601 UTC text (sorts as text)",
                    "section_name": "section", "subsection_name": "subsection", "news_desk": "desk",
                    "type_of_material": "News, Op-Ed, Review…", "document_type": "article, multimedia…",
                    "word_count": "length in words", "print_page": "page in the printed paper",
                    "source": "The New York Times, AP…", "keywords": "subject keywords, one per line",
                    "multimedia": "image addresses, one per line", "fetched_at": "when it was last fetched (Unix seconds)",
                    "content_hash": "hash of the latest version's content",
                ]),
            TableNote(
                "nyt_articles_fts", "full-text index (FTS5) over the articles' text; MATCH it, join on rowid = num",
                columns: [
                    "headline": "indexed headline", "abstract": "indexed abstract", "lead_paragraph": "indexed lead",
                    "snippet": "indexed snippet", "byline": "indexed byline", "keywords": "indexed keywords",
                ]),
            TableNote(
                "nyt_queries", "each search asked, with its answer's size",
                columns: [
                    "key": "the search's canonical key", "q": "the words searched", "begin_date": "--from (YYYYMMDD)",
                    "end_date": "--to (YYYYMMDD)", "sort": "--sort", "fq": "filter query", "first_page": "--page",
                    "last_page": "last page fetched", "hits": "matches the API reported",
                    "fetched_at": "when it was answered (Unix seconds)",
                    "article_ids": "the articles that answered it, in order: a JSON array of nyt_articles.id",
                ]),
            TableNote(
                "nyt_query_results", "which articles answered which search, in order (a view of nyt_queries.article_ids)",
                columns: [
                    "query_key": "nyt_queries.key", "position": "rank in the answer, from 0",
                    "article_id": "nyt_articles.id",
                ]),
        ] + Self.versionNotes
    }
}
