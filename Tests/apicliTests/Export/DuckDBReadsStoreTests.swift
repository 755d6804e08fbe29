import Foundation
import Testing
import TestSupport

/// DuckDB reads what apicli keeps, as docs/export.md shows it: the NDJSON of `store export`
/// with `read_json` (times typed as timestamps, content as JSON), and the live store attached
/// read-only through its sqlite extension, also while apicli writes to it.
@Suite("DuckDB reads the export and the live store", .needs("python3"), .needsPythonDuckDB)
struct DuckDBReadsStoreTests {
    @Test("read_json reads every exported item; the attached store gives the same headlines")
    func readsTheExportAndTheStore() async throws {
        let sandbox = try await StoreExportEndToEndTests.filled()
        let ndjson = sandbox.home.path("items.ndjson")
        let export = try await sandbox.run(["store", "export", "--output", ndjson])
        #expect(export.exitCode == 0, "\(export.stderrText)")
        let transcript = try await PythonDuckDB.run(["export", ndjson, sandbox.databasePath])
        let detected = try #require(transcript["detected"] as? [String: String])
        #expect(detected["fetched_at"] == "TIMESTAMP" && detected["hash"] == "VARCHAR")
        let types = try #require(transcript["types"] as? [String: String])
        #expect(types["fetched_at"] == "TIMESTAMP")
        #expect(types["content"] == "JSON")
        #expect(types["provider"] == "VARCHAR" && types["id"] == "VARCHAR")
        let rows = try #require(transcript["rows"] as? [[Any]])
        let lines = try StoreExportEndToEndTests.ndjsonItems(String(contentsOfFile: ndjson, encoding: .utf8))
        #expect(rows.count == lines.count)
        #expect(transcript["count"] as? Int == lines.count)
        let read = Set(rows.map { "\($0[0]) \($0[1]) \($0[2]) \($0[3])" })
        #expect(read == Set(lines.map { "\($0.provider) \($0.id) \($0.fetchedAt) \($0.hash)" }))
        let headlines = try #require(transcript["headlines"] as? [[Any]])
        let stored = try #require(transcript["stored_headlines"] as? [[Any]])
        #expect(!headlines.isEmpty)
        #expect(headlines.map { "\($0[0]) \($0[1])" } == stored.map { "\($0[0]) \($0[1])" })
        #expect(transcript["forecast_versions"] as? Int == (try sandbox.rows(
            "SELECT COUNT(*) FROM weather_versions WHERE item LIKE 'forecast/%'").first?[0].int))
    }

    @Test("a read while a write transaction is open sees the store as committed, then the write")
    func readsWhileAWriteIsOpen() async throws {
        let sandbox = try await StoreExportEndToEndTests.filled()
        let transcript = try await PythonDuckDB.run(["held", sandbox.databasePath])
        let before = try #require(transcript["before"] as? Int)
        #expect(before > 0)
        #expect(transcript["during"] as? Int == before)
        #expect(transcript["after"] as? Int == before + 1)
    }

    @Test("DuckDB reads again and again while apicli fetches and writes: no read fails, no fetch fails")
    func readsWhileApicliWrites() async throws {
        let sandbox = try await StoreExportEndToEndTests.filled()
        async let reading = PythonDuckDB.run(["reads", sandbox.databasePath, "4"])
        var fetches = 0
        let deadline = ContinuousClock.now + .seconds(4)
        while ContinuousClock.now < deadline {
            for words in [["nyt", "election", "--refresh"], ["weather", "Rostov", "--refresh"]] {
                let result = try await sandbox.run(words)
                #expect(result.exitCode == 0, "\(words): \(result.stderrText)")
                fetches += 1
            }
        }
        let transcript = try await reading
        #expect(fetches >= 2)
        #expect((transcript["reads"] as? Int ?? 0) > 0)
        #expect((transcript["failures"] as? [String]) == [], "\(transcript["failures"] ?? "")")
    }
}
