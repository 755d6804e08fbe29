import APIHost
import Foundation
import Testing
import TestSupport

/// `apicli store sql` in-process: reading works in every format, with `--fields`,
/// `--template` and `--fail-empty`; writing in any way is refused with one line and
/// exit 65 and leaves the file's bytes as they were. (These were the binary's
/// `StoreSQLEndToEndTests`, on NYT's and Weather's tables; Ctrl-C stays there, since
/// it signals a process, and `store schema` of NYT's tables is in `NYTTests`.)
@Suite("store sql, in-process")
struct StoreSQLTests {
    static let answer = #"""
        [{"id": "r1", "title": "Apple"}, {"id": "r2", "title": "Banana"}, {"id": "r3", "title": "Avocado"},
         {"id": "r4", "title": "Apricot"}, {"id": "r5", "title": "Blueberry"}]
        """#

    /// A host whose store holds the stub's answer of five records.
    static func filled() async throws -> InProcessHost {
        let host = try InProcessHost(sources: [.compiled([StubProvider()])]) { _, _ in InProcessHost.json(answer) }
        let run = await host.run(["stub", "fruit"])
        #expect(run.code == .success, "\(run.stderr)")
        return host
    }

    /// The stored records' first letters, counted: A 3, B 2.
    static let letters = """
        SELECT substr(json_extract(item.value, '$.title'), 1, 1) AS letter, COUNT(*) AS n
        FROM stub_answers, json_each(stub_answers.json) AS item GROUP BY 1 ORDER BY 2 DESC, 1
        """

    @Test("a query prints in every format, honouring --fields and --template")
    func readsInEveryFormat() async throws {
        let host = try await Self.filled()
        let csv = await host.run(["store", "sql", Self.letters, "--format", "csv"])
        #expect(csv.code == .success, "\(csv.stderr)")
        #expect(csv.stdout == "letter,n\r\nA,3\r\nB,2\r\n")
        let json = await host.run(["store", "sql", Self.letters, "--json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(rows.first?["letter"] as? String == "A")
        #expect((rows.first?["n"] as? NSNumber)?.intValue == 3)
        #expect(rows.reduce(0) { $0 + (($1["n"] as? NSNumber)?.intValue ?? 0) } == 5)
        let ndjson = await host.run(["store", "sql", Self.letters, "--format", "ndjson", "--fields", "n"])
        #expect(ndjson.stdout.split(separator: "\n").first == #"{"n":3}"#)
        let table = await host.run(["store", "sql", Self.letters])
        #expect(table.stdout.split(separator: "\n").first?.hasPrefix("letter") == true)
        let line = await host.run(["store", "sql", Self.letters, "--template", "{n} with {letter}"])
        #expect(line.stdout.hasPrefix("3 with A\n"))
        let empty = await host.run(["store", "sql", "SELECT query_key FROM stub_answers WHERE 0", "--fail-empty", "--format", "csv"])
        #expect(empty.code == .empty)
        #expect(empty.stdout == "query_key\r\n")
        let numbers = await host.run([
            "store", "sql", "SELECT datetime(1663880400, 'unixepoch') AS at, 10.27 AS temp UNION ALL SELECT datetime(1663891200, 'unixepoch'), 9.71",
            "--format", "csv",
        ])
        #expect(numbers.stdout == "at,temp\r\n2022-09-22 21:00:00,10.27\r\n2022-09-23 00:00:00,9.71\r\n")
    }

    @Test("writing in any way is refused with one line and exit 65; the store's bytes are unchanged")
    func refusesEveryWrite() async throws {
        let host = try await Self.filled()
        let refused = [
            "INSERT INTO stub_answers_queries (query_key, fetched_at) VALUES ('k', 0)",
            "UPDATE stub_answers SET json = '[]'",
            "DELETE FROM stub_answers",
            "DROP TABLE stub_answers",
            "ATTACH DATABASE '\(host.directory.path("other.sqlite3"))' AS other",
            "PRAGMA user_version = 7",
            "PRAGMA journal_mode = DELETE",
            "PRAGMA query_only = 0",
            "SELECT 1; DELETE FROM stub_answers",
            "SELECT 1; SELECT 2",
            "SELECT load_extension('/tmp/nothing')",
            "CREATE TABLE stub_x (a)",
            "WITH gone AS (SELECT 1) DELETE FROM stub_answers",
            "VACUUM",
            "BEGIN",
        ]
        let before = (try host.storeBytes(withSharedMemory: false))
        let mainBefore = try Data(contentsOf: URL(fileURLWithPath: host.storePath))
        for sql in refused {
            let run = await host.run(["store", "sql", sql])
            #expect(run.code == .dataError, "\(sql): \(run.code) \(run.stderr)")
            #expect(run.isOneErrorLine, "\(sql): \(run.stderr)")
            #expect(run.stderr.hasPrefix("apicli: error: SQLite: "), "\(sql)")
            #expect(run.stdout.isEmpty)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: host.storePath)) == mainBefore)
        #expect((try host.storeBytes(withSharedMemory: false)) == before)
        #expect(!FileManager.default.fileExists(atPath: host.directory.path("other.sqlite3")))
        #expect(try host.count("stub_answers") == 1)

        let syntax = await host.run(["store", "sql", "SELEC 1"])
        #expect(syntax.code == .dataError && syntax.stderr.contains("syntax error"))
        let reading = await host.run(["store", "sql", "PRAGMA table_info(stub_answers)", "--format", "csv"])
        #expect(reading.code == .success && reading.stdout.contains(",query_key,TEXT,"), "\(reading.stdout)")
        let missing = await host.run(["store", "sql", "SELECT 1", "--db", host.directory.path("none.sqlite3")])
        #expect(missing.code == .noInput)
        #expect(!FileManager.default.fileExists(atPath: host.directory.path("none.sqlite3")))
    }
}
