/// The `--format sqlite` form of an export: a plain SQLite file (``PlainSQLiteFile``)
/// with one table, `items`, of the same six columns as the NDJSON and CSV forms, one row
/// per item and its latest version; with `--versions`, a `versions` table holds every
/// version too, and `items` is each item's latest of them.
///
/// Other programs open it as it is (DuckDB's `sqlite_scan`, Datasette, `sqlite3`): it is
/// not an apicli store, and `--db` refuses it rather than migrating it.
enum ExportDatabase {
    static let columns = """
        provider TEXT NOT NULL, id TEXT NOT NULL, fetched_at TEXT NOT NULL, hash TEXT NOT NULL,
        query TEXT, content TEXT NOT NULL
        """

    /// Builds the file at `path` from `source`'s rows; `row` is called once per row written
    /// and may throw to stop (the file is then thrown away by its caller).
    /// SQLite could not write the file (a full disk, a file-size limit): exit 74, naming the file.
    struct WriteFailure: Error {
        var reason: String
    }

    /// Runs `body`, whose store errors are the new file's.
    private static func writing<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as StoreError {
            if case let .sqlite(_, message, _) = error { throw WriteFailure(reason: message) }
            throw WriteFailure(reason: error.description)
        }
    }

    static func write(_ source: ExportSource, everyVersion: Bool, at path: String, row: () throws -> Void) throws {
        try writing { try build(source, everyVersion: everyVersion, at: path, row: row) }
    }

    private static func build(_ source: ExportSource, everyVersion: Bool, at path: String, row: () throws -> Void) throws {
        try PlainSQLiteFile.build(at: path) { tx in
            let table = everyVersion ? "versions" : "items"
            try tx.executeScript("CREATE TABLE items (\(columns), PRIMARY KEY (provider, id));")
            if everyVersion { try tx.executeScript("CREATE TABLE versions (\(columns));") }
            let insert = "INSERT INTO \(table) VALUES (?, ?, ?, ?, ?, ?)"
            try source.forEachRow { item in
                try writing { try tx.execute(insert, [
                    .text(item.provider), .text(item.id), .text(ExportLines.time(item.fetchedAt)), .text(ExportLines.hash(item.hash)),
                    item.query.map(SQLValue.text) ?? .null, .text(item.content),
                ]) }
                try row()
            }
            guard everyVersion else { return }
            try tx.executeScript("CREATE INDEX versions_item ON versions (provider, id, fetched_at);")
            // SQLite takes a bare column's value from the row that has the max(): the latest version's.
            try tx.execute(
                """
                INSERT INTO items SELECT provider, id, max(fetched_at), hash, query, content
                FROM versions GROUP BY provider, id
                """)
        }
    }
}
