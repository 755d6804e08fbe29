/// What apicli keeps in the team database, in a schema of its own (`apicli` by default).
///
/// `versions` holds every version any store pushed, once: unique by provider, item and
/// content hash, so two machines that fetched the same content add one row. `items` is the
/// contract teams query — one row per item, its latest version (by fetch time); the rest
/// may change between releases, and `meta` says which layout a database has.
///
/// `content` is `jsonb` with a GIN index, so `content @> '{"section_name": "Climate"}'` and
/// key look-ups are indexed; `search` is a `tsvector` of the text the local store's FTS5
/// index holds for that item (the `simple` configuration: words as written, no stemming,
/// as FTS5's default tokenizer), with a GIN index of its own.
enum TeamSchema {
    static let layoutVersion = 1

    /// The statements that make (or keep) the schema; each is idempotent.
    static func statements(_ schema: String) -> [String] {
        let s = schema
        return [
            "CREATE SCHEMA IF NOT EXISTS \(s)",
            "CREATE TABLE IF NOT EXISTS \(s).meta (key text PRIMARY KEY, value text NOT NULL)",
            """
            CREATE TABLE IF NOT EXISTS \(s).versions (
                seq bigserial PRIMARY KEY,
                provider text NOT NULL,
                item text NOT NULL,
                hash bigint NOT NULL,
                fetched_epoch double precision NOT NULL,
                fetched_at timestamptz GENERATED ALWAYS AS (to_timestamp(fetched_epoch)) STORED,
                query text,
                content jsonb NOT NULL,
                source text NOT NULL,
                key jsonb NOT NULL,
                search_text text NOT NULL DEFAULT '',
                search tsvector GENERATED ALWAYS AS (to_tsvector('simple', search_text)) STORED,
                origin text NOT NULL,
                store_id text NOT NULL,
                pushed_at timestamptz NOT NULL DEFAULT now(),
                UNIQUE (provider, item, hash)
            )
            """,
            "CREATE INDEX IF NOT EXISTS versions_content ON \(s).versions USING gin (content jsonb_path_ops)",
            "CREATE INDEX IF NOT EXISTS versions_search ON \(s).versions USING gin (search)",
            "CREATE INDEX IF NOT EXISTS versions_latest ON \(s).versions (provider, item, fetched_epoch DESC, seq DESC)",
            """
            CREATE OR REPLACE VIEW \(s).items (provider, id, fetched_at, content) AS
                SELECT DISTINCT ON (provider, item) provider, item, fetched_at, content FROM \(s).versions
                ORDER BY provider, item, fetched_epoch DESC, seq DESC
            """,
            "INSERT INTO \(s).meta (key, value) VALUES ('layout', '\(layoutVersion)') ON CONFLICT (key) DO NOTHING",
        ]
    }

    /// Serialises writers: a push holds it for its batch, so rows become visible in `seq`
    /// order and a pull that reads past `seq` N never misses a row committed later below N.
    static func lock(_ schema: String) -> String {
        "SELECT pg_advisory_xact_lock(hashtext('apicli.sync.' || '\(schema)'))"
    }
}
