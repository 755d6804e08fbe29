import APIStore
import Foundation
import Synchronization
import TestSupport
import Testing

/// `apicli harvest NAME` for a provider file that pages by number, against a loopback feed that
/// lists its stories newest first, three a page: every page once, up to the first empty one; a
/// stop at the day's budget resumed; and `--since-last FIELD` fetching only what is newer than the
/// last harvest's newest item.
@Suite("apicli harvest of a paged provider, end to end")
struct HarvestPagesEndToEndTests {
    static let file = """
        {
          "apicli": 1,
          "name": "feed",
          "summary": "Stories, newest first.",
          "baseURL": "https://feed.example",
          "path": "/stories",
          "words": {"parameter": "q", "optional": true},
          "key": "none",
          "items": "hits",
          "id": "objectID",
          "columns": [
            {"name": "title", "path": "title", "kind": "text", "searchable": true},
            {"name": "stamp", "path": "created_at_i", "kind": "number"}
          ],
          "paging": {"style": "page", "parameter": "page", "first": 0, "size": 3, "maxPage": 20},
          "rateLimits": {"perDay": 100}
        }
        """

    /// How many stories the feed holds; a test may add some.
    final class Stories: Sendable {
        let count: Mutex<Int>
        init(_ count: Int) { self.count = Mutex(count) }
        func withLock<T: Sendable>(_ body: (inout Int) -> T) -> T { count.withLock { body(&$0) } }
    }

    /// A feed of `stories` stories, newest (highest number) first.
    static func server(stories: Stories) throws -> LoopbackServer {
        try LoopbackServer(maxLifetime: .seconds(300)) { request in
            guard request.path == "/stories" else { return .status(404, body: "no route") }
            let page = Int(request.query.first { $0.name == "page" }?.value ?? "0") ?? 0
            let total = stories.withLock { $0 }
            let numbers = Array((1...max(total, 1)).reversed().prefix(total)).dropFirst(page * 3).prefix(3)
            let hits = numbers.map { #"{"objectID":"s\#($0)","title":"Story \#($0)","created_at_i":\#(1_700_000_000 + $0 * 60)}"# }
            return .json(Data(#"{"hits":[\#(hits.joined(separator: ","))]}"#.utf8))
        }
    }

    static func sandbox(_ server: LoopbackServer) throws -> Sandbox {
        let sandbox = try Sandbox(server: server, extra: [
            "APICLI_TEST_CLOCK": "0", "APICLI_TIMEOUT": "20", "APICLI_FEED_BASE_URL": server.baseURL.absoluteString,
        ])
        try sandbox.installProviderFile("feed", file)
        return sandbox
    }

    static func pagesAsked(_ server: LoopbackServer) -> [String] {
        server.requests(to: "/stories").map { $0.query.first { $0.name == "page" }?.value ?? "0" }
    }

    @Test("every page once, to the first empty one; the stories stored once each")
    func everyPage() async throws {
        let stories = Stories(7)
        let server = try Self.server(stories: stories)
        let sandbox = try Self.sandbox(server)
        let run = try await sandbox.run(["harvest", "feed"])
        #expect(run.exitCode == 0, "\(run.stderrText)")
        #expect(run.stderrText.contains("harvest 1 finished: 4 of 4 done, 7 items"), "\(run.stderrText)")
        #expect(Self.pagesAsked(server) == ["0", "1", "2", "3"])
        #expect(try sandbox.rows("SELECT COUNT(*) FROM provider_files_items WHERE provider = 'feed'").first?[0].int == 7)
    }

    @Test("stopped at the day's budget, resumed a day later where it stopped")
    func budgetStopAndResume() async throws {
        let stories = Stories(14)
        let server = try Self.server(stories: stories)
        let sandbox = try Self.sandbox(server)
        _ = try await sandbox.run(["harvest", "--list"])
        // 100 a day, 10 kept for interactive use, 87 spent: three pages left for the harvest.
        let store = try Store(path: sandbox.databasePath)
        let at = Date().timeIntervalSince1970 - 3600
        try store.write { tx in
            for _ in 0..<87 { try tx.execute("INSERT INTO apicli_rate_events (bucket, at) VALUES ('feed', ?)", [.real(at)]) }
        }
        let first = try await sandbox.run(["harvest", "feed"])
        #expect(first.exitCode == 75, "\(first.stderrText)")
        #expect(first.stderrText.contains("harvest 1: 3/4 pages, 9 items, 0 requests left today"), "\(first.stderrText)")
        let resumed = try await sandbox.run(["harvest", "--resume"], set: ["APICLI_TEST_CLOCK": String(86_400 + 600)])
        #expect(resumed.exitCode == 0, "\(resumed.stderrText)")
        #expect(resumed.stderrText.contains("harvest 1: 6/6 pages, 14 items"), "\(resumed.stderrText)")
        #expect(Self.pagesAsked(server) == ["0", "1", "2", "3", "4", "5"])
        #expect(try sandbox.rows("SELECT COUNT(*) FROM provider_files_items WHERE provider = 'feed'").first?[0].int == 14)
    }

    @Test("--since-last FIELD: a later harvest stops at the page that reaches the last one's newest item")
    func sinceLast() async throws {
        let stories = Stories(7)
        let server = try Self.server(stories: stories)
        let sandbox = try Self.sandbox(server)
        let first = try await sandbox.run(["harvest", "feed", "--since-last", "created_at_i"])
        #expect(first.exitCode == 0, "\(first.stderrText)")
        let bookmark = try sandbox.rows("SELECT bookmark FROM apicli_harvest_jobs WHERE id = 1").first?[0].string
        #expect(bookmark == String(1_700_000_000 + 7 * 60))
        // Five new stories: 12 to 8 on pages 0 and 1, where page 1 also holds story 7, the bookmark.
        stories.withLock { $0 = 12 }
        let second = try await sandbox.run(["harvest", "feed", "--since-last", "created_at_i"])
        #expect(second.exitCode == 0, "\(second.stderrText)")
        #expect(second.stderrText.contains("harvest 2 finished: 2 of 2 done, 6 items"), "\(second.stderrText)")
        #expect(Self.pagesAsked(server) == ["0", "1", "2", "3", "0", "1"])
        #expect(try sandbox.rows("SELECT bookmark FROM apicli_harvest_jobs WHERE id = 2").first?[0].string == String(1_700_000_000 + 12 * 60))
        #expect(try sandbox.rows("SELECT COUNT(*) FROM provider_files_items WHERE provider = 'feed'").first?[0].int == 12)
    }

    @Test("apicli harvest nyt WORDS without dates: every page to the last the hits reach, newest first with --since-last pub_date")
    func nytPages() async throws {
        let hits = Stories(25)
        let server = try LoopbackServer(maxLifetime: .seconds(300)) { request in
            guard request.path == "/svc/search/v2/articlesearch.json" else { return .status(404, body: "no route") }
            let page = Int(request.query("page") ?? "0") ?? 0
            let total = hits.withLock { $0 }
            // Story `total` is the newest; a page holds ten, newest first.
            let docs = (min(page * 10, total)..<min(page * 10 + 10, total)).map { index in
                let number = total - index
                let minute = number < 10 ? "0\(number)" : "\(number)"
                return #"{"_id":"nyt://article/n\#(number)","web_url":"https://www.nytimes.com/n/\#(number).html","headline":{"main":"Story \#(number)"},"pub_date":"2019-01-01T00:\#(minute):00+0000"}"#
            }
            return .json(#"{"status":"OK","copyright":"synthetic","response":{"docs":[\#(docs.joined(separator: ","))],"meta":{"hits":\#(total),"offset":\#(page * 10),"time":1}}}"#)
        }
        let sandbox = try Sandbox(server: server, extra: ["APICLI_TEST_CLOCK": "0", "APICLI_TIMEOUT": "20"])
        let first = try await sandbox.run(["harvest", "nyt", "election", "--since-last", "pub_date", "--", "--sort", "newest"])
        #expect(first.exitCode == 0, "\(first.stderrText)")
        #expect(first.stderrText.contains("harvest 1 finished: 4 of 4 done, 25 items"), "\(first.stderrText)")
        #expect(server.requests.map { $0.query("page") ?? "0" } == ["0", "1", "2", "3"])
        #expect(try sandbox.rows("SELECT COUNT(*) FROM nyt_articles").first?[0].int == 25)
        #expect(try sandbox.rows("SELECT bookmark FROM apicli_harvest_jobs WHERE id = 1").first?[0].string == #""2019-01-01T00:25:00Z""#)
        // Twelve new stories: pages 0 and 1 hold them, page 1 also story 25, the bookmark.
        hits.withLock { $0 = 37 }
        let second = try await sandbox.run(["harvest", "nyt", "election", "--since-last", "pub_date", "--", "--sort", "newest"])
        #expect(second.exitCode == 0, "\(second.stderrText)")
        #expect(second.stderrText.contains("harvest 2 finished: 2 of 2 done, 20 items"), "\(second.stderrText)")
        #expect(try sandbox.rows("SELECT COUNT(*) FROM nyt_articles").first?[0].int == 37)
    }

    @Test("a command that does not page is a usage error", arguments: [["harvest", "nyt-top", "arts"], ["harvest", "nosuch"]])
    func notPaged(words: [String]) async throws {
        let server = try Self.server(stories: Stories(1))
        let run = try await Self.sandbox(server).run(words)
        #expect(run.exitCode == 64, "\(run.stderrText)")
        #expect(server.requests.isEmpty)
    }
}
