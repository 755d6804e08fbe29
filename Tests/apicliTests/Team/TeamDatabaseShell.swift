import Foundation
import TestSupport

/// `psql` on the test cluster: how the tests see the team database from outside apicli.
struct TeamDatabaseShell: Sendable {
    let url: String
    let schema: String

    init(schema: String = TestPostgres.freshSchema()) throws {
        url = try TestPostgres.require()
        self.schema = schema
    }

    /// The rows of `sql`, one line each, columns separated by a tab.
    func lines(_ sql: String) async throws -> [String] {
        let result = try await ProcessRunner.run(
            executable: URL(fileURLWithPath: try RequiredTool.require("psql")),
            arguments: [url, "-XAtq", "-F", "\t", "-v", "ON_ERROR_STOP=1", "-c", sql], environment: ["PATH": "/usr/bin:/bin"])
        guard result.exitCode == 0 else {
            throw ShellFailure(description: "psql: " + String(decoding: result.stderr, as: UTF8.self))
        }
        return String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    func count(_ sql: String) async throws -> Int {
        Int(try await lines(sql).first ?? "") ?? -1
    }

    /// Every version in the database: `provider item hash`.
    func versions() async throws -> Set<String> {
        Set(try await lines("SELECT provider || ' ' || item || ' ' || hash FROM \(schema).versions"))
    }

    func drop() async {
        _ = try? await lines("DROP SCHEMA IF EXISTS \(schema) CASCADE")
    }

    struct ShellFailure: Error, CustomStringConvertible {
        var description: String
    }
}

extension Sandbox {
    /// Every version this store holds, as the database names them: `provider item hash`.
    func versionKeys() throws -> Set<String> {
        Set(try rows("""
            SELECT 'nyt ' || item || ' ' || hash FROM nyt_versions
            UNION ALL SELECT 'weather ' || item || ' ' || hash FROM weather_versions
            """).compactMap { $0[0].string })
    }

    func articleIDs() throws -> Set<String> {
        Set(try rows("SELECT id FROM nyt_articles").compactMap { $0[0].string })
    }
}
