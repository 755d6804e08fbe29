import Foundation
import Testing
import TestSupport

/// `apicli store sql` and `apicli store schema` from the built binary: reading
/// works in every format; writing in any way is refused and leaves the file's bytes as they were.
@Suite("store sql and store schema, end to end")
struct StoreSQLEndToEndTests {
    /// A store filled by one NYT search and one forecast, through the loopback fixtures.
    static func filledSandbox() async throws -> Sandbox {
        let (sandbox, _) = try Sandbox.withFixtures()
        #expect(try await sandbox.run(["nyt", "election"]).exitCode == 0)
        #expect(try await sandbox.run(["weather", "Rostov"]).exitCode == 0)
        return sandbox
    }

    @Test("a query prints in every format, honouring --fields and --template")
    func readsInEveryFormat() async throws {
        let sandbox = try await Self.filledSandbox()
        let sql = "SELECT section_name AS section, COUNT(*) AS n FROM nyt_articles GROUP BY 1 ORDER BY 2 DESC, 1"
        let csv = try await sandbox.run(["store", "sql", sql, "--format", "csv"])
        #expect(csv.exitCode == 0, "\(csv.stderrText)")
        #expect(csv.stdoutText.hasPrefix("section,n\r\nU.S.,5\r\n"))
        let json = try await sandbox.run(["store", "sql", sql, "--json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [[String: Any]])
        #expect(rows.first?["section"] as? String == "U.S.")
        #expect((rows.first?["n"] as? NSNumber)?.intValue == 5)
        #expect(rows.reduce(0) { $0 + (($1["n"] as? NSNumber)?.intValue ?? 0) } == 10)
        let ndjson = try await sandbox.run(["store", "sql", sql, "--format", "ndjson", "--fields", "n"])
        #expect(ndjson.stdoutText.split(separator: "\n").first == #"{"n":5}"#)
        let table = try await sandbox.run(["store", "sql", sql])
        #expect(table.stdoutText.split(separator: "\n").first?.hasPrefix("section") == true)
        let line = try await sandbox.run(["store", "sql", sql, "--template", "{n} in {section}"])
        #expect(line.stdoutText.hasPrefix("5 in U.S.\n"))
        let empty = try await sandbox.run(["store", "sql", "SELECT id FROM nyt_articles WHERE 0", "--fail-empty", "--format", "csv"])
        #expect(empty.exitCode == 1)
        #expect(empty.stdoutText == "id\r\n")
        let forecast = try await sandbox.run([
            "store", "sql", "SELECT datetime(dt, 'unixepoch') AS at, temp FROM weather_entries ORDER BY dt LIMIT 2", "--format", "csv",
        ])
        #expect(forecast.stdoutText == "at,temp\r\n2022-09-22 21:00:00,10.27\r\n2022-09-23 00:00:00,9.71\r\n")
    }

    @Test("writing in any way is refused with one line and exit 65; the store's bytes are unchanged")
    func refusesEveryWrite() async throws {
        let sandbox = try await Self.filledSandbox()
        let refused = [
            "INSERT INTO nyt_queries (key, q, first_page, last_page, fetched_at) VALUES ('k', 'q', 0, 0, 0)",
            "UPDATE nyt_articles SET headline = 'x'",
            "DELETE FROM nyt_articles",
            "DROP TABLE nyt_articles",
            "ATTACH DATABASE '\(sandbox.home.path("other.sqlite3"))' AS other",
            "PRAGMA user_version = 7",
            "PRAGMA journal_mode = DELETE",
            "PRAGMA query_only = 0",
            "SELECT 1; DELETE FROM nyt_articles",
            "SELECT 1; SELECT 2",
            "SELECT load_extension('/tmp/nothing')",
            "CREATE TABLE nyt_x (a)",
            "WITH gone AS (SELECT 1) DELETE FROM nyt_articles",
            "VACUUM",
            "BEGIN",
        ]
        let before = Self.data(sandbox)
        let mainBefore = try Data(contentsOf: URL(fileURLWithPath: sandbox.databasePath))
        for sql in refused {
            let result = try await sandbox.run(["store", "sql", sql])
            #expect(result.exitCode == 65, "\(sql): \(result.exitCode) \(result.stderrText)")
            #expect(result.stderrText.hasPrefix("apicli: error: SQLite: "), "\(sql)")
            #expect(result.stderrText.split(separator: "\n").count == 1, "\(sql)")
            #expect(result.stdout.isEmpty)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: sandbox.databasePath)) == mainBefore)
        #expect(Self.data(sandbox) == before)
        #expect(!FileManager.default.fileExists(atPath: sandbox.home.path("other.sqlite3")))
        #expect(try sandbox.count("nyt_articles") == 10)

        let syntax = try await sandbox.run(["store", "sql", "SELEC 1"])
        #expect(syntax.exitCode == 65 && syntax.stderrText.contains("syntax error"))
        let reading = try await sandbox.run(["store", "sql", "PRAGMA table_info(nyt_queries)", "--format", "csv"])
        #expect(reading.exitCode == 0 && reading.stdoutText.contains(",key,TEXT,"))
        let missing = try await sandbox.run(["store", "sql", "SELECT 1", "--db", sandbox.home.path("none.sqlite3")])
        #expect(missing.exitCode == 66)
        #expect(!FileManager.default.fileExists(atPath: sandbox.home.path("none.sqlite3")))
    }

    /// The database file and its WAL: the data. (The `-shm` index is SQLite's
    /// shared memory, which every reader updates, and holds no data.)
    static func data(_ sandbox: Sandbox) -> Data {
        ["", "-wal"].reduce(into: Data()) { bytes, suffix in
            bytes.append((try? Data(contentsOf: URL(fileURLWithPath: sandbox.databasePath + suffix))) ?? Data())
        }
    }

    @Test("Ctrl-C cancels a long query: exit 130, the store untouched")
    func interruptCancels() async throws {
        let sandbox = try await Self.filledSandbox()
        let before = try Data(contentsOf: URL(fileURLWithPath: sandbox.databasePath))
        let process = Process()
        process.executableURL = try ProcessRunner.apicliExecutable()
        process.arguments = [
            "store", "sql", "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT COUNT(*) FROM n",
        ]
        process.environment = sandbox.environment()
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        try await Task.sleep(for: .milliseconds(700))
        #expect(process.isRunning)
        process.interrupt()
        let deadline = ContinuousClock.now + .seconds(10)
        while process.isRunning && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        let message = String(decoding: errors.fileHandleForReading.availableData, as: UTF8.self)
        #expect(message.contains("interrupted"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: sandbox.databasePath)) == before)
    }

    @Test("store schema lists each owner's tables and columns with a meaning each")
    func schema() async throws {
        let sandbox = try await Self.filledSandbox()
        let result = try await sandbox.run(["store", "schema"])
        #expect(result.exitCode == 0, "\(result.stderrText)")
        let text = result.stdoutText
        for heading in ["apicli (the host)\n", "\nnyt\n", "\nweather\n"] { #expect(text.contains(heading)) }
        #expect(text.contains("  nyt_articles  — "))
        #expect(text.contains("    pub_date          TEXT     publication time"))
        #expect(text.contains("  weather_entries  — "))
        #expect(!text.contains("nyt_articles_fts_data"))
        let columnLines = text.split(separator: "\n").filter { $0.hasPrefix("    ") }
        #expect(columnLines.count > 60)
        #expect(columnLines.allSatisfy { $0.split(separator: " ").count >= 3 }, "a column without a meaning")
    }
}
