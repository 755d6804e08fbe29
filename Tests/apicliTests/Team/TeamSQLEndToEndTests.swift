import Foundation
import Testing
import TestSupport

/// `apicli store sql --db postgresql://…`: one read-only statement on the team database, in
/// every format; anything that writes is refused and changes nothing.
@Suite("store sql on the team database, end to end", .needsPostgres, .needs("psql"))
struct TeamSQLEndToEndTests {
    @Test("reads the synced items in every format; writes, second statements and errors are one line, exit 65")
    func readsAndRefuses() async throws {
        let database = try TeamDatabaseShell()
        defer { Task { await database.drop() } }
        let (sandbox, server) = try Sandbox.withFixtures()
        _ = server
        #expect(try await sandbox.run(["nyt", "election"]).exitCode == 0)
        #expect(try await sandbox.run(["store", "sync", database.url, "--schema", database.schema]).exitCode == 0)
        let articles = try sandbox.count("nyt_articles")
        let query = "SELECT provider, count(*) AS n FROM \(database.schema).items GROUP BY provider ORDER BY provider"
        let expected: [String: String] = [
            "json": "[\n  {\n    \"provider\": \"nyt\",\n    \"n\": \(articles)\n  }\n]\n",
            "ndjson": "{\"provider\":\"nyt\",\"n\":\(articles)}\n",
            "csv": "provider,n\r\nnyt,\(articles)\r\n",
            "line": "nyt\t\(articles)\n",
        ]
        for (format, output) in expected {
            let result = try await sandbox.run(["store", "sql", "--db", database.url, query, "--format", format])
            #expect(result.exitCode == 0, "\(String(decoding: result.stderr, as: UTF8.self))")
            #expect(String(decoding: result.stdout, as: UTF8.self) == output, "\(format)")
        }
        let table = try await sandbox.run(["store", "sql", "--db", database.url, query])
        #expect(String(decoding: table.stdout, as: UTF8.self).contains("nyt"))
        let content = try await sandbox.run([
            "store", "sql", "--db", database.url, "--format", "ndjson",
            "SELECT content->>'headline' AS headline FROM \(database.schema).items LIMIT 1",
        ])
        #expect(content.exitCode == 0)
        #expect(String(decoding: content.stdout, as: UTF8.self).hasPrefix("{\"headline\":\""))

        let before = try await database.count("SELECT count(*) FROM \(database.schema).versions")
        for statement in [
            "DELETE FROM \(database.schema).versions",
            "WITH gone AS (DELETE FROM \(database.schema).versions RETURNING 1) SELECT count(*) FROM gone",
            "SELECT 1; DELETE FROM \(database.schema).versions",
            "SELECT nextval('\(database.schema).versions_seq_seq')",
            "SELECT no_such_column FROM \(database.schema).items",
        ] {
            let result = try await sandbox.run(["store", "sql", "--db", database.url, statement])
            #expect(result.exitCode == 65, "\(statement)")
            #expect(String(decoding: result.stderr, as: UTF8.self).split(separator: "\n").count == 1, "\(statement)")
        }
        #expect(try await database.count("SELECT count(*) FROM \(database.schema).versions") == before)
    }
}
