@testable import APIHost
import APIHTTP
import Foundation
import Synchronization
import Testing
import TestSupport

/// A stored answer belongs to its request, through the host in-process: NYT's Top Stories
/// and Archive imported from their OpenAPI documents (one operation, its path arguments the
/// section or the month), asked for two sections or months, then `--offline`, after a
/// network failure, with `--new` and in `store sql`; an offline search's words widen only
/// over requests that differ in their words; a store keyed the older way is never read for
/// the wrong request.
@Suite("A stored answer belongs to its request")
struct StoredAnswerPerRequestHostTests {
    static let key = "nyt-top:key-3c9e1f"
    static let env = ["NYT_TOP_STORIES_API_KEY": key, "NYT_ARCHIVE_API_KEY": key, "ARCHIVE_API_KEY": key]

    /// Answers by path, as set (`nil`: 404); ``down`` refuses every connection.
    final class PathAnswers: Sendable {
        private let bodies = Mutex<[String: Data]>([:])
        let down = Mutex(false)

        func set(_ path: String, _ body: Data) { bodies.withLock { $0[path] = body } }

        func answer(_ request: HTTPRequest) throws -> HTTPResponse {
            if down.withLock({ $0 }) {
                throw HTTPClientError.connectionFailed(url: request.redactedURL, reason: "connection refused")
            }
            guard let body = bodies.withLock({ $0[request.path] }) else { return .status(404, body: "{}") }
            return .json(body)
        }
    }

    static let topPath = "/svc/topstories/v2/"

    /// The recorded home page's stories, and an arts page made from them (other URLs and titles).
    static func topStories() throws -> (home: [[String: Any]], arts: [[String: Any]]) {
        let recorded = try Fixtures.real("openapi-answers/nyt_topstories_home_2022-10-01_andreaborg217.json")
        let object = try #require(try JSONSerialization.jsonObject(with: recorded) as? [String: Any])
        let home = try #require(object["results"] as? [[String: Any]])
        let arts = home.prefix(6).map { story in
            var story = story
            story["url"] = "https://www.nytimes.com/arts/\(story["url"] as? String ?? "")"
            story["title"] = "Arts: " + (story["title"] as? String ?? "")
            story["section"] = "arts"
            return story
        }
        return (home, arts)
    }

    static func page(_ section: String, _ stories: [[String: Any]]) throws -> Data {
        try JSONSerialization.data(withJSONObject: ["status": "OK", "section": section, "num_results": stories.count, "results": stories])
    }

    static func titles(_ run: InProcessHost.Run) -> Set<String> {
        let objects = (try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8))) as? [[String: Any]] ?? []
        return Set(objects.compactMap { $0["title"] as? String })
    }

    static func titles(_ stories: [[String: Any]]) -> Set<String> { Set(stories.compactMap { $0["title"] as? String }) }

    /// A host with `document` of the corpus imported as `name`.
    static func host(_ answers: PathAnswers, importing document: String, as name: String) async throws -> ProviderFilesHost {
        let host = try ProviderFilesHost { request in try answers.answer(request) }
        let path = Fixtures.realRoot.appendingPathComponent("openapi-corpus/\(document)").path
        let add = await host.run(["provider", "add", name, "--openapi", path])
        try #require(add.code == .success, "\(add.stderr)")
        return host
    }

    @Test("top stories: each section offline and after a network failure is its own; one never fetched is 69; store sql shows both")
    func topStoriesSections() async throws {
        let answers = PathAnswers()
        let (home, arts) = try Self.topStories()
        answers.set(Self.topPath + "home.json", try Self.page("home", home))
        answers.set(Self.topPath + "arts.json", try Self.page("arts", arts))
        let host = try await Self.host(answers, importing: "nyt_top_stories_v2.yaml", as: "nyt-top-stories")
        for section in ["home", "arts"] {
            let run = await host.run(["nyt-top-stories", section, "--json"], set: Self.env)
            #expect(run.code == .success, "\(section): \(run.stderr)")
        }
        let offlineArts = await host.run(["nyt-top-stories", "arts", "--offline", "--json"], set: Self.env)
        #expect(offlineArts.code == .success, "\(offlineArts.stderr)")
        #expect(Self.titles(offlineArts) == Self.titles(arts), "arts offline: \(offlineArts.stdout.prefix(300))")
        let offlineHome = await host.run(["nyt-top-stories", "home", "--offline", "--json"])
        #expect(Self.titles(offlineHome) == Self.titles(home), "home offline: \(offlineHome.stdout.prefix(300))")

        let keys = try host.rows("SELECT query_key FROM provider_files_queries WHERE provider = 'nyt-top-stories' ORDER BY 1")
            .compactMap { $0[0].string }
        #expect(keys.count == 2 && keys.contains { $0.contains("\"arts\"") } && keys.contains { $0.contains("\"home\"") }, "\(keys)")
        let sql = await host.run(["store", "sql", "SELECT query_key FROM provider_files_queries ORDER BY 1", "--format", "csv"])
        #expect(sql.stdout.contains("arts") && sql.stdout.contains("home"), "\(sql.stdout)")

        answers.down.withLock { $0 = true }
        let stale = await host.run(["nyt-top-stories", "arts", "--refresh", "--json"], set: Self.env)
        #expect(stale.code == .success, "\(stale.stderr)")
        #expect(stale.warnings.contains { $0.contains("showing results stored at") }, "\(stale.stderr)")
        #expect(Self.titles(stale) == Self.titles(arts), "arts after a failure: \(stale.stdout.prefix(300))")
        let never = await host.run(["nyt-top-stories", "science", "--refresh", "--json"], set: Self.env)
        #expect(never.code == .unavailable, "\(never.stderr)")
        #expect(never.stdout.isEmpty && never.stderr.contains("nothing stored for science"), "\(never.stdout) \(never.stderr)")
        let neverOffline = await host.run(["nyt-top-stories", "science", "--offline"])
        #expect(neverOffline.code == .unavailable, "\(neverOffline.stderr)")
    }

    @Test("top stories --new: the stories new since the same section's last run, not since another section's")
    func topStoriesNew() async throws {
        let answers = PathAnswers()
        let (home, arts) = try Self.topStories()
        answers.set(Self.topPath + "home.json", try Self.page("home", Array(home.prefix(30))))
        answers.set(Self.topPath + "arts.json", try Self.page("arts", arts))
        let host = try await Self.host(answers, importing: "nyt_top_stories_v2.yaml", as: "nyt-top-stories")
        for section in ["home", "arts"] {
            let run = await host.run(["nyt-top-stories", section], set: Self.env)
            #expect(run.code == .success, "\(section): \(run.stderr)")
        }
        answers.set(Self.topPath + "home.json", try Self.page("home", Array(home.prefix(31))))
        let newHome = await host.run(["nyt-top-stories", "home", "--new", "--refresh", "--json"], set: Self.env)
        #expect(newHome.code == .success, "\(newHome.stderr)")
        #expect(Self.titles(newHome) == Self.titles([home[30]]), "new on home: \(Self.titles(newHome))")
        let newArts = await host.run(["nyt-top-stories", "arts", "--new", "--refresh", "--fail-empty", "--json"], set: Self.env)
        #expect(newArts.code == .empty, "nothing new on arts: \(newArts.stdout.prefix(300))")
    }

    @Test("archive: January 2019 offline is January 2019, not November 2016")
    func archiveMonths() async throws {
        let answers = PathAnswers()
        func month(_ headline: String, _ id: String) throws -> Data {
            try JSONSerialization.data(withJSONObject: [
                "response": ["docs": [["_id": id, "headline": ["main": headline], "pub_date": "2016-11-19T11:06:34Z"]]],
            ])
        }
        answers.set("/svc/archive/v1/2016/11.json", try month("Election night, November 2016", "nyt://2016-11"))
        answers.set("/svc/archive/v1/2019/1.json", try month("A shutdown, January 2019", "nyt://2019-01"))
        let host = try await Self.host(answers, importing: "nyt_archive_api.yaml", as: "archive")
        for (year, month) in [("2016", "11"), ("2019", "1")] {
            let run = await host.run(["archive", year, month], set: Self.env)
            #expect(run.code == .success, "\(year)/\(month): \(run.stderr)")
        }
        let january = await host.run(["archive", "2019", "1", "--offline", "--format", "csv"])
        #expect(january.code == .success, "\(january.stderr)")
        #expect(january.stdout.contains("January 2019") && !january.stdout.contains("November 2016"), "\(january.stdout)")
        let november = await host.run(["archive", "2016", "11", "--offline", "--format", "csv"])
        #expect(november.stdout.contains("November 2016") && !november.stdout.contains("January 2019"), "\(november.stdout)")
        let march = await host.run(["archive", "2019", "3", "--offline"])
        #expect(march.code == .unavailable, "\(march.stdout)")
    }

    /// A search with words and an option, no paging: each answer's one hit says what was asked.
    static let search = """
        {
          "apicli": 1, "name": "s", "summary": "A search.", "baseURL": "https://search.example.org", "path": "/search",
          "words": {"parameter": "query"}, "key": "none",
          "options": [{"name": "tags", "parameter": "tags", "type": "choice", "choices": ["story", "comment"], "help": "Only this kind."}],
          "items": "hits", "id": "objectID",
          "columns": [{"name": "title", "path": "title", "kind": "text", "searchable": true}]
        }
        """

    @Test("offline words widen over the answers of requests that differ only in their words, never another option's")
    func wideningStaysInItsRequests() async throws {
        let host = try ProviderFilesHost { request in
            let words = request.queryValue("query") ?? "", tags = request.queryValue("tags") ?? "any"
            return .json(try JSONSerialization.data(withJSONObject: [
                "hits": [["objectID": "\(tags)-\(words)", "title": "\(words) async \(tags)"]],
            ]))
        }
        try host.installProviderFile("s", Self.search)
        for command in [["rust", "--tags", "story"], ["tokio", "--tags", "story"], ["rust", "--tags", "comment"]] {
            let run = await host.run(["s"] + command)
            #expect(run.code == .success, "\(command): \(run.stderr)")
        }
        func ids(_ command: [String]) async -> (ExitCode, [String]) {
            let run = await host.run(["s"] + command + ["--offline", "--format", "csv", "--fields", "id"])
            return (run.code, run.stdout.split(separator: "\r\n").dropFirst().map(String.init).sorted())
        }
        // The request's own answer; "rust" also matches the comment, which another option stored.
        #expect(await ids(["rust", "--tags", "story"]) == (.success, ["story-rust"]))
        // Words never asked find the hits of every story search, and no comment.
        #expect(await ids(["async", "--tags", "story"]) == (.success, ["story-rust", "story-tokio"]))
        #expect(await ids(["async", "--tags", "comment"]) == (.success, ["comment-rust"]))
        // Without --tags, another request: nothing of the tagged ones.
        #expect(await ids(["async"]).0 == .unavailable)
    }

    @Test("a store keyed the older way: an answer without its section is read for no section and kept; the next one is stored")
    func olderKeys() async throws {
        let answers = PathAnswers()
        let (home, arts) = try Self.topStories()
        answers.set(Self.topPath + "home.json", try Self.page("home", home))
        answers.set(Self.topPath + "arts.json", try Self.page("arts", arts))
        let host = try await Self.host(answers, importing: "nyt_top_stories_v2.yaml", as: "nyt-top-stories")
        let fetched = await host.run(["nyt-top-stories", "home"], set: Self.env)
        #expect(fetched.code == .success, "\(fetched.stderr)")
        // As an older apicli left it: the answer under the words (none), page and pages, no
        // section; the fetch logged by the label alone; the cache entry still fresh.
        let older = "\u{1F}page=0\u{1F}pages=1"
        let store = try Store(path: host.databasePath)
        try store.write { tx in
            try tx.execute("UPDATE provider_files_queries SET query_key = ?", [.text(older)])
            try tx.execute("UPDATE provider_files_results SET query_key = ?", [.text(older)])
            try tx.execute("UPDATE apicli_fetches SET query_key = 'home'")
        }
        let stored = try host.count("provider_files_results")
        #expect(stored == home.count)
        for section in ["arts", "home"] {
            let offline = await host.run(["nyt-top-stories", section, "--offline"])
            #expect(offline.code == .unavailable, "\(section): \(offline.stdout.prefix(200))")
        }
        #expect(try host.count("provider_files_results") == stored, "the older rows are kept")
        // Asked again within the cache's time, the cached answer is stored under its own key.
        let again = await host.run(["nyt-top-stories", "home"], set: Self.env)
        #expect(again.code == .success, "\(again.stderr)")
        #expect(host.requests.count == 1, "answered from the cache")
        let offline = await host.run(["nyt-top-stories", "home", "--offline", "--json"])
        #expect(offline.code == .success, "\(offline.stderr)")
        #expect(Self.titles(offline) == Self.titles(home))
    }
}
