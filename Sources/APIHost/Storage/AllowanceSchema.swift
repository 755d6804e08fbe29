/// The host's tables about allowances and long pulls, under their own migration owner
/// (`host-allowance`), so that they are made only when used: the last rate-limit headers each
/// key's API sent (`apicli quota`), and harvest jobs with their slices (`apicli harvest`).
/// Tables start with `apicli_`, the host's prefix.
public enum AllowanceSchema {
    public static let owner = "host-allowance"

    /// Append new steps at the end; never edit a released one.
    public static let migrations: [Migration] = [
        Migration(
            1,
            sql: """
                CREATE TABLE apicli_rate_headers (
                    bucket TEXT PRIMARY KEY NOT NULL,
                    at REAL NOT NULL,
                    headers TEXT NOT NULL
                );

                CREATE TABLE apicli_harvest_jobs (
                    id INTEGER PRIMARY KEY,
                    provider TEXT NOT NULL,
                    request TEXT NOT NULL,
                    created_at REAL NOT NULL,
                    updated_at REAL NOT NULL,
                    state TEXT NOT NULL,
                    items INTEGER NOT NULL DEFAULT 0,
                    last_error TEXT
                );

                CREATE TABLE apicli_harvest_slices (
                    job INTEGER NOT NULL REFERENCES apicli_harvest_jobs (id) ON DELETE CASCADE,
                    slice TEXT NOT NULL,
                    position INTEGER NOT NULL,
                    state TEXT NOT NULL,
                    attempts INTEGER NOT NULL DEFAULT 0,
                    items INTEGER NOT NULL DEFAULT 0,
                    hits INTEGER,
                    pages_done INTEGER NOT NULL DEFAULT 0,
                    last_error TEXT,
                    PRIMARY KEY (job, slice)
                );
                """),
        // A page harvest's bookmark: the newest value of its --since-last field it stored, and the
        // earlier harvest's, which it stops at (JSON scalars).
        Migration(
            2,
            sql: """
                ALTER TABLE apicli_harvest_jobs ADD COLUMN bookmark TEXT;
                ALTER TABLE apicli_harvest_jobs ADD COLUMN since TEXT;
                """),
    ]

    /// Makes the tables if this store lacks them.
    public static func migrate(_ store: Store) throws {
        _ = try store.migrate(owner: owner, migrations)
    }
}
