import APIHost
import Foundation
import Testing
import TestSupport

/// A fetched NYT answer is stored as it is read and printed from the store; a cache
/// hit whose answer is stored already is decoded whole, as before. Both must print
/// the same bytes, in every format, for every real search answer.
@Suite("Batch storing, end to end")
struct BatchStoringEndToEndTests {
    /// Every output shape the host draws for NYT.
    static let formats: [[String]] = [
        [], ["--json"], ["--format", "ndjson"], ["--format", "csv"], ["--format", "line"],
        ["--fields", "word_count,id,headline", "--format", "csv"], ["--fields", "id,pub_date", "--json"],
    ]

    @Test("stored in batches and decoded whole print the same bytes", arguments: try Fixtures.realFiles(in: "nyt").filter {
        !$0.lastPathComponent.contains("error")
    })
    func sameBytes(_ fixture: URL) async throws {
        let (sandbox, server) = try Sandbox.withFixtures()
        let body = try Data(contentsOf: fixture)
        server.answer(.json(body)) { $0.path == FixtureServer.nytPath }
        let command = ["nyt", "election"]
        for format in Self.formats {
            // This test fetches more than the API's 5 a minute: the ledger starts each fetch afresh.
            if FileManager.default.fileExists(atPath: sandbox.databasePath) {
                try StoreRateLimitLedger(store: Store(path: sandbox.databasePath)).reset(bucket: "nyt")
            }
            // --refresh: fetched, stored in batches, printed from the store.
            let batched = try await sandbox.run(command + format + ["--refresh", "--verbose"])
            #expect(batched.exitCode == 0, "\(batched.stderrText)")
            #expect(batched.stderrText.contains("in batches"), "\(format): not stored in batches")
            // The same answer from the cache, stored already: decoded whole, nothing written.
            let whole = try await sandbox.run(command + format + ["--verbose"])
            #expect(whole.exitCode == 0, "\(whole.stderrText)")
            #expect(whole.stderrText.contains("is stored already"), "\(format): not read as a stored cache hit")
            #expect(!whole.stderrText.contains("in batches"))
            #expect(batched.stdout == whole.stdout, "\(fixture.lastPathComponent) \(format): outputs differ")
            #expect(!batched.stdout.isEmpty)
        }
    }

    @Test("--new on an empty store prints what a plain run prints")
    func newOnEmptyStore() async throws {
        let (fresh, _) = try Sandbox.withFixtures()
        let (plain, _) = try Sandbox.withFixtures()
        let first = try await fresh.run(["nyt", "election", "--new", "--format", "ndjson"])
        // A cache hit stored already: decoded whole.
        _ = try await plain.run(["nyt", "election", "--format", "ndjson"])
        let again = try await plain.run(["nyt", "election", "--format", "ndjson", "--verbose"])
        #expect(first.exitCode == 0 && again.exitCode == 0, "\(first.stderrText) \(again.stderrText)")
        #expect(again.stderrText.contains("is stored already"))
        #expect(first.stdout == again.stdout)
        #expect(first.stdoutText.split(separator: "\n").count == 10)
    }
}

@Suite("Storing page by page: a later page that cannot be read")
struct BatchStoringFailureEndToEndTests {
    @Test("page 2 is not JSON: 65, the search's stored answer unchanged, and the message says what was kept")
    func laterPageUnreadable() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let first = try await sandbox.run(["nyt", "election"])
        #expect(first.exitCode == 0, "\(first.stderrText)")
        let before = try sandbox.snapshot(["nyt_queries", "nyt_query_results"])
        fixtures.answer(.json(Data("{not json".utf8))) { $0.path == FixtureServer.nytPath && $0.query("page") == "1" }
        let result = try await sandbox.run(["nyt", "election", "--pages", "2", "--refresh"])
        #expect(result.exitCode == 65, "\(result.stderrText)")
        #expect(result.stderrText.contains(
            "it was not cached, and the stored answer to this search was not changed (the items of the page before it were kept)"),
            "\(result.stderrText)")
        #expect(result.stderrText.split(separator: "\n").count == 1)
        #expect(try sandbox.snapshot(["nyt_queries", "nyt_query_results"]) == before)
    }
}
