/// The host's own tables, migrated under the owner `host` before any provider's.
///
/// Naming convention the whole store relies on: the host's tables start with
/// `apicli_`, a provider's with `<provider>_` (`nyt_articles`, `weather_forecasts`).
/// That is how `apicli store info` counts rows per provider and how
/// `apicli store clear nyt` knows what to delete, with no list to keep in sync.
public enum HostSchema {
    public static let owner = "host"

    /// Append new steps at the end; never edit a released one.
    public static let migrations: [Migration] = [
        Migration(
            1,
            sql: """
                CREATE TABLE apicli_http_cache (
                    key TEXT PRIMARY KEY NOT NULL,
                    provider TEXT NOT NULL,
                    status INTEGER NOT NULL,
                    headers TEXT NOT NULL,
                    body BLOB NOT NULL,
                    stored_at REAL NOT NULL,
                    fresh_until REAL NOT NULL,
                    etag TEXT,
                    last_modified TEXT
                );
                CREATE INDEX apicli_http_cache_provider ON apicli_http_cache (provider, stored_at);

                CREATE TABLE apicli_rate_events (
                    bucket TEXT NOT NULL,
                    at REAL NOT NULL
                );
                CREATE INDEX apicli_rate_events_bucket_at ON apicli_rate_events (bucket, at);

                CREATE TABLE apicli_fetches (
                    provider TEXT NOT NULL,
                    query_key TEXT NOT NULL,
                    fetched_at REAL NOT NULL,
                    PRIMARY KEY (provider, query_key)
                );
                """),
    ]

    /// Applies the host's migrations; call before any provider's.
    public static func migrate(_ store: Store) throws {
        try store.migrate(owner: owner, migrations)
    }

    /// Whether `name` can own tables: not empty, and not the prefix of the
    /// host's (`apicli_`) or SQLite's (`sqlite_`) own tables.
    public static func isValidProviderName(_ name: String) -> Bool {
        ProviderDescriptor.canOwnStorage(name)
    }
}
