import Foundation
import Testing
import TestSupport

/// What an imported or written provider shows of an answer, end to end over a loopback
/// server: a record's main array as its items, every value whole in JSON and CSV under the
/// names `--fields` takes, array indexes in `--fields` and `--template`, and an operation
/// whose document gives its answer no schema.
@Suite("Whole values, the list inside a record, answers without a schema", .serialized)
struct WholeValuesHostTests {
    static let corpus = "openapi-corpus/"
    static let answers = "openapi-answers/"

    static func warnings(_ run: InProcessHost.Run) -> [String] {
        run.stderr.split(separator: "\n").map(String.init).filter { $0.contains("warning:") }
    }

    static func json(_ run: InProcessHost.Run) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]], "\(run.stdout.prefix(300))")
    }

    /// NYT Books' `lists/{date}/{list}.json`, answered by the example the document itself gives
    /// (no recorded answer of it exists: openapi-answers/SOURCES.md).
    static func bookListExample() throws -> Data {
        let document = try #require(try JSONSerialization.jsonObject(
            with: Fixtures.real(corpus + "nyt_books_api.json")) as? [String: Any])
        let operation = ((document["paths"] as? [String: Any])?["/lists/{date}/{list}.json"] as? [String: Any])?["get"] as? [String: Any]
        let example = ((((operation?["responses"] as? [String: Any])?["200"] as? [String: Any])?["examples"]
            as? [String: Any])?["application/json"])
        return try JSONSerialization.data(withJSONObject: try #require(example))
    }

    @Test("NYT Books: a list's books are its items on a terminal, the record whole in JSON, results.books.0.title in --fields and --template")
    func bookList() async throws {
        let body = try Self.bookListExample()
        let server = try LoopbackServer { request in
            request.path == "/svc/books/v3/lists/2016-01-03/trade-fiction-paperback.json" ? .json(body) : .status(404)
        }
        defer { server.stop() }
        let host = try ProviderFilesHost(variables: ProviderFilesHost.baseURL(for: "books", at: server), overHTTP: true)
        let add = await host.run(["provider", "add", "books", "--openapi", Fixtures.realRoot.appendingPathComponent(Self.corpus + "nyt_books_api.json").path])
        #expect(add.code == .success, "\(add.stderr)")
        let key = ["BOOKS_API_KEY": "books-key-for-tests-1"]
        let command = ["books", "get-lists-date-list-json", "2016-01-03", "trade-fiction-paperback"]

        let table = await host.run(command + ["--wide"], set: key)
        #expect(table.code == .success, "\(table.stderr)")
        let lines = table.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("results.display_name: Paperback Trade Fiction"), "the record's fields as the header: \(table.stdout)")
        #expect(lines.contains("num_results: 15"), "\(table.stdout)")
        let heading = try #require(lines.first { $0.hasPrefix("TITLE") }, "a table of the books: \(table.stdout)")
        #expect(heading.contains("AUTHOR"), "\(heading)")
        #expect(lines.contains { $0.hasPrefix("THE MARTIAN") && $0.contains("Andy Weir") }, "one row per book: \(table.stdout)")
        #expect(!table.stdout.contains("\"rank\""), "no JSON cell: \(table.stdout)")
        #expect(table.stderr.contains("the rows are the 1 item of 'results.books'; the whole record with --json"), "\(table.stderr)")

        let json = try Self.json(await host.run(command + ["--json"], set: key))
        #expect(json.count == 1, "the record, whole")
        #expect(((json.first?["results"] as? [String: Any])?["books"] as? [[String: Any]])?.first?["title"] as? String == "THE MARTIAN")

        let fields = await host.run(command + ["--fields", "results.list_name,results.books.0.title,results.books.0.rank", "--format", "csv"], set: key)
        #expect(fields.code == .success, "\(fields.stderr)")
        #expect(fields.stdout == "results.list_name,results.books.0.title,results.books.0.rank\r\nTrade Fiction Paperback,THE MARTIAN,1\r\n", "\(fields.stdout)")
        let template = await host.run(command + ["--template", "{results.books.0.rank}. {results.books.0.title} by {results.books.0.author}"], set: key)
        #expect(template.stdout == "1. THE MARTIAN by Andy Weir\n", "\(template.stdout) \(template.stderr)")
        let missing = await host.run(command + ["--fields", "results.books.7.title", "--format", "csv"], set: key)
        #expect(missing.code == .success && missing.stdout == "results.books.7.title\r\n\r\n", "an index past the end is empty: \(missing.stdout) \(missing.stderr)")
        let typo = await host.run(command + ["--fields", "results.bokks.0.title"], set: key)
        #expect(typo.code == .usage, "\(typo.stderr)")
    }

    @Test("Spotify search: the artists under artists.items are the items on a terminal; the record stays whole in JSON and in the store")
    func spotifySearch() async throws {
        let body = try Fixtures.real(Self.answers + "spotify_search_artist_gatan_spotify-web-api-js.json")
        let server = try LoopbackServer { request in request.path == "/v1/search" ? .json(body) : .status(404) }
        defer { server.stop() }
        let host = try ProviderFilesHost(variables: ProviderFilesHost.baseURL(for: "spotify", at: server), overHTTP: true)
        let add = await host.run(["provider", "add", "spotify", "--openapi",
                                  Fixtures.realRoot.appendingPathComponent(Self.corpus + "spotify_official_open-api_2026-05.yml").path, "--bearer"])
        #expect(add.code == .success, "\(add.stderr)")
        let key = ["SPOTIFY_API_KEY": "spotify-token-for-tests"]
        let command = ["spotify", "search", "gatan", "--type", "artist"]
        let table = await host.run(command + ["--wide"], set: key)
        #expect(table.code == .success, "\(table.stderr)")
        let lines = table.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("artists.total: 1"), "\(table.stdout)")
        #expect(lines.contains { $0.hasPrefix("NAME") }, "\(table.stdout)")
        #expect(lines.contains { $0.hasPrefix("Satan I Gatan") }, "\(table.stdout)")
        #expect(!table.stdout.contains("{\""), "no JSON cell: \(table.stdout)")
        let json = try Self.json(await host.run(command + ["--json"], set: key))
        #expect(((json.first?["artists"] as? [String: Any])?["items"] as? [[String: Any]])?.first?["name"] as? String == "Satan I Gatan")
        let offline = await host.run(command + ["--wide", "--offline"], set: key)
        #expect(offline.stdout == table.stdout, "\(offline.stderr)")
        let stored = try host.rows("SELECT json FROM provider_files_items WHERE provider = 'spotify'")
        #expect(stored.count == 1 && (stored.first?[0].string?.contains("\"href\"") ?? false), "the whole record is stored")
    }

    @Test("CSV: headed by the --fields names, every value whole (a timestamp keeps its time); the table shows the day")
    func csvWholeValues() async throws {
        let body = try Fixtures.real(Self.answers + "github_issues_per_page3_page1_octokit-fixtures.json")
        let server = try LoopbackServer { request in request.path == "/repos/o/r/issues" ? .json(body) : .status(404) }
        defer { server.stop() }
        let host = try ProviderFilesHost(variables: ProviderFilesHost.baseURL(for: "issues", at: server), overHTTP: true)
        try host.installProviderFile("issues", """
            {"apicli": 1, "name": "issues", "summary": "Issues.", "baseURL": "https://api.github.com", "path": "/repos/o/{repo}/issues",
             "words": {"pathSegment": "repo"}, "key": "none", "items": {"shape": "list"}, "id": "id",
             "columns": [{"name": "title", "path": "title", "kind": "text", "searchable": true},
                         {"name": "opened", "path": "created_at", "kind": "date"},
                         {"name": "by", "path": "user.login", "kind": "text"}]}
            """)
        let csv = await host.run(["issues", "r", "--format", "csv"])
        #expect(csv.code == .success, "\(csv.stderr)")
        let sent = try #require(try JSONSerialization.jsonObject(with: body) as? [[String: Any]])
        let created = try #require(sent.first?["created_at"] as? String)
        #expect(created.count > 10, "the recorded answer has a time: \(created)")
        let lines = csv.stdout.split(separator: "\r\n").map(String.init)
        #expect(lines.first == "title,opened,by", "\(csv.stdout)")
        #expect(lines.dropFirst().first == "Test issue 13,\(created),octokit-fixture-user-a", "\(csv.stdout)")

        // The same names are what --fields takes, and give the same CSV.
        let fields = await host.run(["issues", "r", "--format", "csv", "--fields", "title,opened,by"])
        #expect(fields.stdout == csv.stdout, "\(fields.stdout) \(fields.stderr)")

        let table = await host.run(["issues", "r", "--wide"])
        let row = try #require(table.stdout.split(separator: "\n").dropFirst().first.map(String.init))
        #expect(row.contains(String(created.prefix(10))) && !row.contains(created), "the table shows the day: \(table.stdout)")
    }

    @Test("An operation whose 200 answer has no schema is imported and shown as it comes; one not JSON is left out")
    func schemalessOperation() async throws {
        // No recorded answer of /repos/{owner}/{repo}/languages exists (openapi-answers/SOURCES.md); its
        // documented form is an object of byte counts by language.
        let languages = Data(#"{"Swift": 412345, "C": 2048, "Shell": 913}"#.utf8)
        let server = try LoopbackServer { request in
            request.path == "/repos/apple/swift-argument-parser/languages" ? .json(languages) : .status(404)
        }
        defer { server.stop() }
        let host = try ProviderFilesHost(variables: ProviderFilesHost.baseURL(for: "gh", at: server), overHTTP: true)
        let document = Fixtures.realRoot.appendingPathComponent(Self.corpus + "github_api.github.com_v0.0.6_2020-09.json").path
        let add = await host.run(["provider", "add", "gh", "--openapi", document,
                                  "--operation", "repos/list-languages", "--operation", "meta/get-zen",
                                  "--operation", "repos/download-tarball-archive"])
        #expect(add.code == .success, "\(add.stderr)")
        let leftOut = Self.warnings(add)
        #expect(leftOut.count == 2, "\(add.stderr)")
        #expect(leftOut.contains { $0.contains("meta/get-zen") && $0.contains("not JSON") }, "\(add.stderr)")
        #expect(leftOut.contains { $0.contains("repos/download-tarball-archive") && $0.contains("no 200 answer") }, "\(add.stderr)")
        #expect(!add.stderr.contains("repos/list-languages"), "\(add.stderr)")

        let table = await host.run(["gh", "apple", "swift-argument-parser"])
        #expect(table.code == .success, "\(table.stderr)")
        let rows = table.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        #expect(rows.contains(["Swift", "412345"]) && rows.contains(["Shell", "913"]), "field rows: \(table.stdout)")
        #expect(Self.warnings(table).isEmpty, "nothing to learn: \(table.stderr)")
        let json = try Self.json(await host.run(["gh", "apple", "swift-argument-parser", "--json"]))
        #expect(json.first?["C"] as? Int == 2048)
    }
}
