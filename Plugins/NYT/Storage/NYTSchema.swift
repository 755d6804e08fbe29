import APICore

/// The NYT provider's tables, all named `nyt_*`:
/// - `nyt_articles`: one row per article, upserted by `id`. `num` is an explicit
///   integer key so the external-content FTS index survives `VACUUM`.
///   `pub_date` is ISO 8601 UTC text (sortable); `keywords` and `multimedia`
///   hold one value per line.
/// - `nyt_articles_fts`: FTS5 over headline, abstract, lead paragraph, snippet,
///   byline and keywords, with `nyt_articles` as its content. Deletes and
///   updates of those columns keep it in sync by triggers (so a plain
///   `DELETE FROM nyt_articles` keeps it right too); a new article's FTS row is
///   inserted by ``ArticleStore`` itself (migration 2), since an insert trigger
///   made every row's statement a savepoint, and FTS5 writes its buffered terms
///   out at each one, a large part of storing new articles. Its segments are
///   merged sixteen at a time (migration 4, ``FTS5Merging``).
/// - `nyt_queries`: each query answered (by its canonical key), its hits, when it
///   was fetched, and which articles answered it, in order (`article_ids`, a JSON
///   array of `nyt_articles.id`, since migration 5).
/// - `nyt_query_results`: a view of those ids, a row each (`query_key`, `position`,
///   `article_id`): a table until migration 5.
/// - `nyt_article_versions`: each article's versions (migration 6), and `nyt_versions`,
///   a view of them in the shape every provider's versions view has.
enum NYTSchema {
    static let migrations: [Migration] = [
        Migration(
            1,
            sql: """
                CREATE TABLE nyt_articles (
                    num INTEGER PRIMARY KEY,
                    id TEXT NOT NULL UNIQUE,
                    web_url TEXT,
                    headline TEXT,
                    abstract TEXT,
                    lead_paragraph TEXT,
                    snippet TEXT,
                    byline TEXT,
                    pub_date TEXT,
                    section_name TEXT,
                    subsection_name TEXT,
                    news_desk TEXT,
                    type_of_material TEXT,
                    document_type TEXT,
                    word_count INTEGER,
                    print_page INTEGER,
                    source TEXT,
                    keywords TEXT NOT NULL DEFAULT '',
                    multimedia TEXT NOT NULL DEFAULT '',
                    fetched_at REAL NOT NULL
                );
                CREATE INDEX nyt_articles_pub_date ON nyt_articles (pub_date);

                CREATE VIRTUAL TABLE nyt_articles_fts USING fts5(
                    headline, abstract, lead_paragraph, snippet, byline, keywords,
                    content = 'nyt_articles', content_rowid = 'num'
                );
                CREATE TRIGGER nyt_articles_fts_insert AFTER INSERT ON nyt_articles BEGIN
                    INSERT INTO nyt_articles_fts (rowid, headline, abstract, lead_paragraph, snippet, byline, keywords)
                    VALUES (new.num, new.headline, new.abstract, new.lead_paragraph, new.snippet, new.byline, new.keywords);
                END;
                CREATE TRIGGER nyt_articles_fts_delete AFTER DELETE ON nyt_articles BEGIN
                    INSERT INTO nyt_articles_fts (nyt_articles_fts, rowid, headline, abstract, lead_paragraph, snippet, byline, keywords)
                    VALUES ('delete', old.num, old.headline, old.abstract, old.lead_paragraph, old.snippet, old.byline, old.keywords);
                END;
                CREATE TRIGGER nyt_articles_fts_update AFTER UPDATE ON nyt_articles
                WHEN old.headline IS NOT new.headline OR old.abstract IS NOT new.abstract
                    OR old.lead_paragraph IS NOT new.lead_paragraph OR old.snippet IS NOT new.snippet
                    OR old.byline IS NOT new.byline OR old.keywords IS NOT new.keywords
                BEGIN
                    INSERT INTO nyt_articles_fts (nyt_articles_fts, rowid, headline, abstract, lead_paragraph, snippet, byline, keywords)
                    VALUES ('delete', old.num, old.headline, old.abstract, old.lead_paragraph, old.snippet, old.byline, old.keywords);
                    INSERT INTO nyt_articles_fts (rowid, headline, abstract, lead_paragraph, snippet, byline, keywords)
                    VALUES (new.num, new.headline, new.abstract, new.lead_paragraph, new.snippet, new.byline, new.keywords);
                END;

                CREATE TABLE nyt_queries (
                    key TEXT PRIMARY KEY,
                    q TEXT NOT NULL,
                    begin_date TEXT,
                    end_date TEXT,
                    sort TEXT,
                    fq TEXT,
                    first_page INTEGER NOT NULL,
                    last_page INTEGER NOT NULL,
                    hits INTEGER,
                    fetched_at REAL NOT NULL
                ) WITHOUT ROWID;

                CREATE TABLE nyt_query_results (
                    query_key TEXT NOT NULL REFERENCES nyt_queries (key) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    article_id TEXT NOT NULL REFERENCES nyt_articles (id) ON DELETE CASCADE,
                    PRIMARY KEY (query_key, position)
                ) WITHOUT ROWID;
                CREATE INDEX nyt_query_results_article ON nyt_query_results (article_id);
                """),
        // New rows are indexed by `ArticleStore.insertNew` with one direct FTS5 insert
        // each, and only an update of an indexed column fires the update trigger (an
        // update of `fetched_at` alone needs no savepoint, so FTS5 keeps its buffer).
        Migration(
            2,
            sql: """
                DROP TRIGGER nyt_articles_fts_insert;
                DROP TRIGGER nyt_articles_fts_update;
                CREATE TRIGGER nyt_articles_fts_update
                AFTER UPDATE OF headline, abstract, lead_paragraph, snippet, byline, keywords ON nyt_articles
                WHEN old.headline IS NOT new.headline OR old.abstract IS NOT new.abstract
                    OR old.lead_paragraph IS NOT new.lead_paragraph OR old.snippet IS NOT new.snippet
                    OR old.byline IS NOT new.byline OR old.keywords IS NOT new.keywords
                BEGIN
                    INSERT INTO nyt_articles_fts (nyt_articles_fts, rowid, headline, abstract, lead_paragraph, snippet, byline, keywords)
                    VALUES ('delete', old.num, old.headline, old.abstract, old.lead_paragraph, old.snippet, old.byline, old.keywords);
                    INSERT INTO nyt_articles_fts (rowid, headline, abstract, lead_paragraph, snippet, byline, keywords)
                    VALUES (new.num, new.headline, new.abstract, new.lead_paragraph, new.snippet, new.byline, new.keywords);
                END;
                """),
        // The answer rows' index on `article_id` served only `ON DELETE CASCADE` from
        // `nyt_articles`, which only `store clear` deletes from, and it empties the
        // results first (`StoreInspector.childrenFirst`). Its B-tree insert per answer
        // row was a measurable part of storing a large answer (docs/design/0033-storing-rows.md).
        Migration(3, sql: "DROP INDEX nyt_query_results_article;"),
        // FTS5 merges its segments sixteen at a time, not four (`FTS5Merging`).
        Migration(4, sql: FTS5Merging.sql(for: "nyt_articles_fts")),
        // Each answer's article ids move into its query's row, as one JSON array, and
        // `nyt_query_results` becomes a view of them: writing 20,000 answer rows, each a
        // B-tree insert and two foreign-key look-ups, was the last part of storing a
        // large answer, after its articles (docs/design/0036-fts5-merging-and-answer-ids.md).
        Migration(5, apply: { tx in
            try tx.executeScript("ALTER TABLE nyt_queries ADD COLUMN article_ids TEXT NOT NULL DEFAULT '[]';")
            let keys = try tx.query("SELECT key FROM nyt_queries").compactMap { $0[0].string }
            for key in keys {
                let ids = try tx.query(
                    "SELECT article_id FROM nyt_query_results WHERE query_key = ? ORDER BY position", [.text(key)]
                ).compactMap { $0[0].string }
                try tx.execute(
                    "UPDATE nyt_queries SET article_ids = ? WHERE key = ?", [.text(JSONArrayText.strings(ids)), .text(key)])
            }
            try tx.executeScript("DROP TABLE nyt_query_results;" + resultsView)
        }),
        // Every article keeps its versions: a row each time a fetch brings new content, and
        // the hash of the latest in the article's row; each stored article becomes its own
        // first version (docs/design/0260-item-versions.md).
        Migration(6, apply: { tx in
            try tx.executeScript(versionsSQL)
            try ArticleStore.migrateToVersions(tx)
        }),
    ]

    /// Migration 6's tables, and `nyt_versions`: every article's versions in the shape every
    /// provider's versions view has (`item`, `fetched_at`, `hash`, `query`, `content`), which
    /// `apicli history` and `store sql` read.
    static let versionsSQL = """
        ALTER TABLE nyt_articles ADD COLUMN content_hash INTEGER;
        CREATE TABLE nyt_article_versions (
            num INTEGER PRIMARY KEY,
            article_id TEXT NOT NULL,
            fetched_at REAL NOT NULL,
            hash INTEGER NOT NULL,
            query_key TEXT,
            content TEXT NOT NULL
        );
        CREATE INDEX nyt_article_versions_item ON nyt_article_versions (article_id, fetched_at);
        CREATE VIEW nyt_versions (item, fetched_at, hash, query, content) AS
            SELECT article_id, fetched_at, hash, query_key, content FROM nyt_article_versions;
        """

    /// The answers' rows as they were a table until migration 5: one per article of each
    /// answer, `position` from 0. A view, so `apicli store sql` can still join on it. An
    /// array that is not JSON (a file edited by hand) answers no rows rather than failing
    /// every read of the view.
    static let resultsView = """
        CREATE VIEW nyt_query_results (query_key, position, article_id) AS
            SELECT q.key, j.key, j.value FROM nyt_queries q, json_each(q.article_ids) j
            WHERE json_valid(q.article_ids);
        """

    /// Every table, for `apicli store` and tests (`nyt_query_results` is a view).
    static let tables = ["nyt_articles", "nyt_articles_fts", "nyt_queries", "nyt_article_versions"]
}
