import Foundation
import TestSupport
import Testing

/// `apicli nyt --archive MONTH` against a loopback NYT: a month past the MiB a page is held whole
/// is read while it arrives (the large-answer path) and stored as Article Search's articles, which
/// the offline search then finds; a month cut short with status 200 (nytimes/public_api_specs#30)
/// stores nothing, by itself and in a harvest, which tries it again and then marks it failed.
@Suite("Archive months, end to end")
struct ArchiveMonthEndToEndTests {
    static let january = "/svc/archive/v1/2019/1.json"
    static let february = "/svc/archive/v1/2019/2.json"

    /// A month of `docs` real docs (about 1.9 KB each) in the Archive's envelope.
    static func month(docs: Int) throws -> Data { try LargeNYTAnswer.body(docs: docs) }

    static func sandbox(_ server: LoopbackServer) throws -> Sandbox {
        try Sandbox(server: server, extra: ["APICLI_TEST_CLOCK": "0", "APICLI_TIMEOUT": "60"])
    }

    @Test("a large month streams into NYT's articles, and the offline search finds them")
    func largeMonthJoinsTheSearch() async throws {
        let body = try Self.month(docs: 1000)
        #expect(body.count > 1_048_576, "\(body.count) B: not past the MiB held whole")
        let server = try LoopbackServer(routes: [Self.january: [.json(body)]])
        let sandbox = try Self.sandbox(server)
        let run = try await sandbox.run(["nyt", "--archive", "2019-01", "--format", "ndjson", "-v"])
        #expect(run.exitCode == 0, "\(run.stderrText)")
        #expect(run.stderrText.contains("(page 1, in batches)"), "\(run.stderrText)")
        #expect(run.stdoutText.split(separator: "\n").count == 1000)
        #expect(try sandbox.rows("SELECT COUNT(*) FROM nyt_articles").first?[0].int == 1000)
        #expect(try sandbox.rows("SELECT COUNT(*) FROM nyt_articles_fts").first?[0].int == 1000)

        // The words search what the month stored, as they search what a search stored.
        let found = try await sandbox.run(["nyt", "dog", "--offline", "--format", "ndjson"])
        #expect(found.exitCode == 0, "\(found.stderrText)")
        #expect(found.stdoutText.contains("nyt://article/streamed-"), "\(found.stdoutText)")
        // The month itself, offline, is the whole month.
        let again = try await sandbox.run(["nyt", "--archive", "2019-01", "--offline", "--format", "ndjson"])
        #expect(again.stdoutText.split(separator: "\n").count == 1000, "\(again.stderrText)")
        #expect(server.requests(to: Self.january).count == 1)
    }

    @Test("a large month cut short with status 200 is refused, and nothing of it is stored")
    func truncatedLargeMonth() async throws {
        let body = try Self.month(docs: 1000)
        let server = try LoopbackServer(routes: [Self.january: [.json(body.prefix(body.count * 3 / 4))]])
        let sandbox = try Self.sandbox(server)
        let run = try await sandbox.run(["nyt", "--archive", "2019-01", "--format", "ndjson", "-v"])
        #expect(run.exitCode == 65, "\(run.stderrText)")
        #expect(run.stderrText.contains("(page 1, in batches)"), "\(run.stderrText)")
        #expect(try sandbox.rows("SELECT COUNT(*) FROM nyt_articles").first?[0].int == 0)
        #expect(try sandbox.rows("SELECT COUNT(*) FROM nyt_queries").first?[0].int == 0)
    }

    @Test("a harvest tries a cut month three times, marks it failed with its reason, stores none of it and goes on")
    func harvestOfATruncatedLargeMonth() async throws {
        let body = try Self.month(docs: 1000)
        // February's docs get ids of their own, so that any of January's stored would show.
        let whole = Data(String(decoding: try Self.month(docs: 600), as: UTF8.self)
            .replacingOccurrences(of: "streamed-", with: "february-").utf8)
        // Cut past the MiB held whole, so that what January stores before the cut is streamed.
        let cut = body.prefix(body.count * 3 / 4)
        #expect(cut.count > 1_048_576, "\(cut.count) B")
        let server = try LoopbackServer(routes: [Self.january: [.json(cut)], Self.february: [.json(whole)]])
        let sandbox = try Self.sandbox(server)
        let run = try await sandbox.run(["harvest", "nyt-archive", "--from", "2019-01", "--to", "2019-02"])
        #expect(run.exitCode == 65, "\(run.stderrText)")
        #expect(run.stderrText.contains("failed: 2019-01 ("), "\(run.stderrText)")
        #expect(server.requests(to: Self.january).count == 3)
        let failed = try sandbox.rows("SELECT attempts, last_error FROM apicli_harvest_slices WHERE slice = '2019-01' AND state = 'failed'")
        #expect(failed.count == 1 && failed.first?[0].int == 3, "\(failed)")
        let reason = failed.first?[1].string ?? ""
        #expect(reason.contains("could not be read"), "\(failed)")
        // February's 600 articles, and not one of January's.
        #expect(try sandbox.rows("SELECT COUNT(*) FROM nyt_articles").first?[0].int == 600)
        #expect(try sandbox.rows("SELECT COUNT(*) FROM nyt_articles WHERE id LIKE 'nyt://article/streamed-%'").first?[0].int == 0)
        #expect(try sandbox.rows("SELECT items FROM apicli_harvest_slices WHERE slice = '2019-02' AND state = 'done'").first?[0].int == 600)
    }

    @Test("a month takes no words, filter or dates", arguments: [
        ["nyt", "dog", "--archive", "2019-01"], ["nyt", "--archive", "2019-01", "--fq", "x"],
        ["nyt", "--archive", "2019-01", "--from", "2019-01-01"], ["nyt", "--archive", "2019-1"], ["nyt", "--archive", "1850-12"],
    ])
    func usage(words: [String]) async throws {
        let server = try LoopbackServer(routes: [:])
        let run = try await Self.sandbox(server).run(words)
        #expect(run.exitCode == 64, "\(run.stderrText)")
        #expect(server.requests.isEmpty)
    }
}
