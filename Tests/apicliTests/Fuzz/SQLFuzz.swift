import TestSupport

/// Random `apicli store sql` command lines: queries built from the store's own tables
/// and columns, awkward column names (`:`, `|`, `{}`, empty, repeated), hostile numbers,
/// every kind of write and escape the read-only walls refuse, several statements,
/// comments, control characters and stray bytes, in every output format, sometimes with
/// `--fields` or `--template`. Deterministic for a seed.
struct SQLFuzz {
    private var random: SeededRandom

    init(seed: UInt64) {
        random = SeededRandom(seed: seed ^ 0x5E1E_C7F0)
    }

    static let tables = ["nyt_articles", "weather_entries", "weather_places", "apicli_migrations", "apicli_http_cache",
                         "apicli_fetches", "sqlite_master", "nyt_articles_fts", "no_such_table", "\"weird name\""]
    static let columns = ["*", "rowid", "1", "NULL", "x'00ff'", "'text'", "-0.0", "1e308 * 10", "9223372036854775807 + 1",
                          "strftime('%H:%M', 0)", "'' AS \"\"", "2 AS a", "3 AS a", "'p|q' AS \"x|y\"", "'{}' AS \"{z}\"",
                          "length(randomblob(1000))", "hex(zeroblob(64))", "char(27) || '[2J'", "char(0x202E) || 'rtl'",
                          "typeof(1)", "abs(-9223372036854775808)", "json('{\"a\":1}')", "substr('abc', -1)"]
    static let limits = ["0", "1", "-1", "3", "100", "9223372036854775807", "'x'", "1e400", "(SELECT 2)"]
    static let refused = [
        "INSERT INTO apicli_migrations VALUES ('x', 1, 0)", "UPDATE nyt_articles SET headline = ''", "DELETE FROM weather_entries",
        "DROP TABLE nyt_articles", "CREATE TABLE t (a)", "ATTACH DATABASE '/tmp/fuzz.sqlite3' AS other", "DETACH other",
        "PRAGMA user_version = 9", "PRAGMA journal_mode = DELETE", "PRAGMA writable_schema = 1", "PRAGMA query_only = 0",
        "VACUUM", "VACUUM INTO '/tmp/fuzz-copy.sqlite3'", "REINDEX", "ANALYZE", "BEGIN", "COMMIT", "SAVEPOINT s",
        "SELECT load_extension('/tmp/x')", "SELECT writefile('/tmp/x', 'y')", "SELECT 1; DELETE FROM nyt_articles",
        "WITH x AS (SELECT 1) DELETE FROM nyt_articles", "REPLACE INTO apicli_fetches VALUES (1)",
        "INSERT INTO nyt_articles_fts(nyt_articles_fts) VALUES ('rebuild')",
    ]
    static let reporting = ["PRAGMA journal_mode", "PRAGMA table_info(nyt_articles)", "PRAGMA integrity_check",
                            "PRAGMA index_list(weather_entries)", "PRAGMA compile_options", "PRAGMA page_count",
                            "PRAGMA foreign_key_check", "PRAGMA quick_check(1)"]
    static let noise = ["", " ", ";", ";;", " -- comment", " /* c */", "\u{1}", "\u{1B}[31m", "\u{202E}", "\u{FEFF}",
                        "'", "\"", ")", "(", "\\", "%", "\u{FFFD}", "é", "🙂", "\n", "\t"]
    static let formats = ["table", "csv", "json", "ndjson", "line"]

    private mutating func pick<T>(_ items: [T]) -> T {
        items[Int(random.next() % UInt64(items.count))]
    }

    private mutating func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }

    /// One query, mostly well-formed reading, sometimes a write, a pragma or noise.
    mutating func query() -> String {
        switch random.next() % 10 {
        case 0, 1: return pick(Self.refused) + (chance(30) ? pick(Self.noise) : "")
        case 2: return pick(Self.reporting) + (chance(30) ? pick(Self.noise) : "")
        case 3:
            let count = pick(["0", "1", "999", "1001", "2500"])
            return "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count)) "
                + "SELECT i, i AS i, 'row ' || i AS \"r:{}\" FROM n"
        case 4: return (0..<Int(random.next() % 12)).map { _ in pick(Self.noise) }.joined()
        default:
            let count = 1 + Int(random.next() % 4)
            var sql = "SELECT " + (0..<count).map { _ in pick(Self.columns) }.joined(separator: ", ")
            if chance(70) { sql += " FROM " + pick(Self.tables) }
            if chance(30) { sql += " WHERE " + pick(["1", "0", "rowid > 2", "NULL", "'a' = 'a'", "x = 1"]) }
            if chance(20) { sql += " GROUP BY 1" }
            if chance(40) { sql += " LIMIT " + pick(Self.limits) }
            if chance(25) { sql += pick(Self.noise) }
            return sql
        }
    }

    /// A whole command line: the query, a format, and sometimes fields or a template.
    mutating func next() -> [String] {
        var line = ["store", "sql", query()]
        if chance(80) { line += ["--format", pick(Self.formats)] }
        if chance(15) { line += ["--fields", pick(["a", "i", "a_2", "x|y", "rowid", "nope", "i,i_2"])] }
        if chance(10) { line += ["--template", pick(["{i}", "{a}-{a_2}", "{x|y}", "{", "{nope|-}", "{i:%Y}"])] }
        if chance(10) { line.append("--fail-empty") }
        return line
    }
}
