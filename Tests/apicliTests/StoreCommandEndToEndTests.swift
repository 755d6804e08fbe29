import Foundation
import Testing

/// `apicli store info|clear|vacuum|check` against a store filled by real runs.
@Suite("apicli store, end to end")
struct StoreCommandEndToEndTests {
    /// A sandbox whose store holds one NYT query and one forecast.
    static func filled() async throws -> Sandbox {
        let (sandbox, _) = try Sandbox.withFixtures()
        async let nyt = sandbox.run(["nyt", "election"])
        async let weather = sandbox.run(["weather", "Rostov"])
        let (nytResult, weatherResult) = try await (nyt, weather)
        #expect(nytResult.exitCode == 0 && weatherResult.exitCode == 0)
        return sandbox
    }

    @Test("info shows the path, the size, and rows and last fetch per provider")
    func info() async throws {
        let sandbox = try await Self.filled()
        let result = try await sandbox.run(["store", "info"])
        #expect(result.exitCode == 0, "\(result.stderrText)")
        let lines = result.stdoutText.split(separator: "\n")
        #expect(lines.first == "path     \(sandbox.databasePath)")
        let nyt = try #require(lines.first { $0.hasPrefix("nyt ") })
        let weather = try #require(lines.first { $0.hasPrefix("weather ") })
        #expect(!nyt.contains("never") && !weather.contains("never"))
        #expect(nyt.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0 > 0)
    }

    @Test("clear nyt empties the NYT tables and its cache, and leaves the weather")
    func clearOneProvider() async throws {
        let sandbox = try await Self.filled()
        let weatherBefore = try sandbox.snapshot(["weather_forecasts", "weather_entries"])
        let result = try await sandbox.run(["store", "clear", "nyt"])
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(result.stderrText.contains("cleared nyt"))
        for table in ["nyt_articles", "nyt_queries", "nyt_query_results"] {
            #expect(try sandbox.count(table) == 0, "\(table)")
        }
        #expect(try sandbox.rows("SELECT COUNT(*) FROM apicli_http_cache WHERE provider = 'nyt'").first?[0].int == 0)
        #expect(try sandbox.snapshot(["weather_forecasts", "weather_entries"]) == weatherBefore)

        // Nothing stored any more: offline has nothing to show.
        let offline = try await sandbox.run(["nyt", "election", "--offline"])
        #expect(offline.exitCode == 69)

        let typo = try await sandbox.run(["store", "clear", "nty"])
        #expect(typo.exitCode == 64)
        #expect(typo.stderrText.contains("did you mean 'nyt'"))
    }

    @Test("vacuum and check succeed on a healthy store, and keep its rows")
    func vacuumAndCheck() async throws {
        let sandbox = try await Self.filled()
        let before = try sandbox.snapshot(["nyt_articles", "weather_entries"])
        let vacuum = try await sandbox.run(["store", "vacuum"])
        #expect(vacuum.exitCode == 0, "\(vacuum.stderrText)")
        #expect(vacuum.stderrText.contains("vacuumed"))
        let check = try await sandbox.run(["store", "check"])
        #expect(check.exitCode == 0, "\(check.stderrText)")
        #expect(check.stdoutText == "ok\n")
        #expect(try sandbox.snapshot(["nyt_articles", "weather_entries"]) == before)
        // The full-text index survived the vacuum.
        let offline = try await sandbox.run(["nyt", "Nigerian", "--offline", "--json"])
        #expect(offline.exitCode == 0, "\(offline.stderrText)")
        #expect(offline.stdoutText.contains("583032447c459f6a5fcceedd"))
    }

    @Test("check on a damaged file exits non-zero and says so", arguments: ["pages", "garbage"])
    func damaged(kind: String) async throws {
        let sandbox = try await Self.filled()
        // Checkpoint the WAL into the main file, then damage the main file.
        let vacuum = try await sandbox.run(["store", "vacuum"])
        #expect(vacuum.exitCode == 0)
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: sandbox.databasePath + suffix) }
        let url = URL(fileURLWithPath: sandbox.databasePath)
        var bytes = try Data(contentsOf: url)
        if kind == "pages" {
            // Keep the header and the schema page; scribble over every page after them.
            let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
            #expect(bytes.count > 3 * pageSize)
            for index in stride(from: 2 * pageSize, to: bytes.count, by: 7) { bytes[index] = 0xA5 }
        } else {
            bytes = Data(repeating: 0x5A, count: bytes.count)
        }
        try bytes.write(to: url)

        let check = try await sandbox.run(["store", "check"])
        #expect(check.exitCode != 0, "\(kind): \(check.stdoutText)")
        #expect(check.stdoutText != "ok\n")
        #expect(check.stderrText.contains("damage"), "\(kind): \(check.stderrText)")
        #expect(!check.stderrText.contains("Fatal error"))
    }
}
