import Foundation
import TestSupport
import Testing

/// The NYT providers bundled with apicli answer recorded real NYT answers through a loopback
/// server that `APICLI_NYT_BASE_URL` alone points them at, with NYT's key; `providers`,
/// `help nyt` and `provider show` describe them like any provider file.
@Suite("NYT's bundled family, end to end")
struct NYTFamilyEndToEndTests {
    /// Each command, the path it must send, the recorded answer served there, and a text of that answer.
    static let cases: [(words: [String], path: String, fixture: String, shows: String)] = [
        (["nyt-top", "arts"], "/svc/topstories/v2/arts.json",
         "openapi-answers/nyt_topstories_home_2022-10-01_andreaborg217.json", "Putin’s Nuclear Threats"),
        (["nyt-popular", "viewed", "7"], "/svc/mostpopular/v2/viewed/7.json",
         "openapi-answers/nyt_mostpopular_viewed_2019-12_kvikas8.json", "Kamala Harris’s Campaign Unraveled"),
        (["nyt-books", "overview"], "/svc/books/v3/lists/overview.json",
         "openapi-answers/nyt_books_lists_overview_2018-04-01_yanwenwang.json", "Combined Print and E-Book Fiction"),
        // No recorded Archive month small enough is public (openapi-answers/SOURCES.md): a month comes in the
        // envelope of Article Search (`response.docs`, `response.meta`), so a recorded real page of it is served.
        (["nyt-archive", "2016", "11"], "/svc/archive/v1/2016/11.json",
         "nyt/nyt-2016-11-compact-escaped-slashes.json", "Troops Gun Down Suicide Bomber"),
    ]

    static func server() throws -> LoopbackServer {
        var answers: [String: Data] = [:]
        for entry in cases { answers[entry.path] = try Fixtures.real(entry.fixture) }
        let served = answers
        return try LoopbackServer { request in
            served[request.path].map { ScriptedResponse.json($0) } ?? .status(404, body: "no route")
        }
    }

    @Test("each bundled provider sends its path with NYT's key and shows the recorded answer")
    func answersRecordedAnswers() async throws {
        let sandbox = try Sandbox(server: try Self.server())
        for entry in Self.cases {
            let run = try await sandbox.run(entry.words + ["--format", "json"])
            #expect(run.exitCode == 0, "\(entry.words): \(run.stderrText)")
            #expect(run.stdoutText.contains(entry.shows), "\(entry.words): \(run.stdoutText.prefix(300))")
            let sent = try #require(sandbox.server.requests(to: entry.path).last, "\(entry.words) sent nothing to \(entry.path)")
            #expect(sent.query("api-key") == Sandbox.nytKey)
            #expect(!run.stdoutText.contains(Sandbox.nytKey) && !run.stderrText.contains(Sandbox.nytKey))
        }
        // Stored like any provider file's answers: found again offline by their words.
        let offline = try await sandbox.run(["nyt-top", "arts", "--offline", "--format", "json"])
        #expect(offline.exitCode == 0, "\(offline.stderrText)")
        #expect(offline.stdoutText.contains("Putin’s Nuclear Threats"))
    }

    @Test("providers, help nyt and provider show describe the family")
    func described() async throws {
        let sandbox = try Sandbox(server: try Self.server())
        let names = ["nyt-archive", "nyt-books", "nyt-movies", "nyt-popular", "nyt-semantic", "nyt-top", "nyt-wire"]
        let providers = try await sandbox.run(["providers"])
        let help = try await sandbox.run(["help", "nyt"])
        for name in names {
            #expect(providers.stdoutText.contains("\n" + name + " "), "\(name): \(providers.stdoutText)")
            #expect(help.stdoutText.contains("  " + name + " "), "\(name): \(help.stdoutText)")
        }
        let show = try await sandbox.run(["provider", "show", "nyt-books", "--format", "json"])
        #expect(show.exitCode == 0, "\(show.stderrText)")
        let description = try #require(try JSONSerialization.jsonObject(with: Data(show.stdoutText.utf8)) as? [String: Any])
        let operations = try #require(description["operations"] as? [[String: Any]])
        let current = try #require(operations.first { $0["name"] as? String == "current" })
        #expect(current["path"] as? String == "/svc/books/v3/lists/current/{list}.json")
        #expect((current["arguments"] as? [[String: Any]])?.map { $0["name"] as? String } == ["list"])
        let list = try #require(operations.first { $0["name"] as? String == "list" })
        #expect((list["aliases"] as? [String])?.contains("get-lists-date-list-json") == true)
        let text = try await sandbox.run(["provider", "show", "nyt-top"])
        #expect(text.stdoutText.contains(#""keyOf": "nyt""#), "\(text.stdoutText.prefix(400))")
        // A file in the providers folder cannot take a bundled name.
        let topStories = Fixtures.realRoot.appendingPathComponent("openapi-corpus/nyt_top_stories_v2.yaml").path
        let add = try await sandbox.run(["provider", "add", "nyt-top", "--openapi", topStories])
        #expect(add.exitCode == 64, "\(add.stdoutText) \(add.stderrText)")
    }

    @Test("nyt-books current LIST sends the word current in the path")
    func booksCurrent() async throws {
        let sandbox = try Sandbox(server: try Self.server())
        _ = try await sandbox.run(["nyt-books", "current", "hardcover-fiction"])
        #expect(sandbox.server.requests(to: "/svc/books/v3/lists/current/hardcover-fiction.json").count == 1)
    }
}
