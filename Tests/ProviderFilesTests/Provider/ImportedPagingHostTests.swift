import Foundation
import Testing
import TestSupport

/// Paging of operations imported from the big APIs' own documents, end to end: `provider add
/// --openapi` on the corpus document, then `--pages` through the real transport to a loopback
/// server that answers with recorded answers (and their recorded `Link` headers). Each test
/// counts what the server received, so a page too many or too few, a page asked twice, or a
/// request sent where the key must not go all fail.
@Suite("Paging of imported operations, over HTTP")
struct ImportedPagingHostTests {
    static let key = "pagingKEY-imported-6b1f0d"

    static func corpus(_ name: String) -> String {
        Fixtures.realRoot.appendingPathComponent("openapi-corpus/" + name).path
    }

    static func answer(_ name: String) throws -> Data {
        try Fixtures.real("openapi-answers/" + name)
    }

    /// A host whose provider `name` is pointed at `server`, with `name`'s key set.
    static func host(_ name: String, at server: LoopbackServer) throws -> ProviderFilesHost {
        try ProviderFilesHost(
            variables: ProviderFilesHost.baseURL(for: name, at: server).merging([name.uppercased() + "_API_KEY": key]) { $1 },
            overHTTP: true)
    }

    static func items(_ stdout: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [[String: Any]])
    }

    // MARK: Stripe: the cursor is the last item's id

    /// Stripe's `GET /v1/customers` pages with `starting_after` = the last item's `id` while
    /// `has_more`. No recorded Stripe list exists (the corpus' SOURCES says why), so the server
    /// answers with OpenAI's recorded lists, which have Stripe's envelope (`data`, `has_more`,
    /// each item's `id`): the 2024 assistants page, then the 2023 one after its last id, then
    /// a list with `has_more: false`.
    @Test("Stripe: --pages 3 sends starting_after=<the last item's id> and stops when has_more is false")
    func stripeLastItemCursor() async throws {
        let first = try Self.answer("openai_assistants_list_cursor_2024-04-27_ruby-openai.json")
        let second = try Self.answer("openai_assistants_list_cursor_2023-11-14_ruby-openai.json")
        let last = try Self.answer("openai_vector_stores_list_has_more_false_2024-06-10_ruby-openai.json")
        let server = try LoopbackServer { request in
            guard request.path == "/v1/customers" else { return .status(404) }
            switch request.query("starting_after") {
            case nil: return .json(first)
            case "asst_jMfdcgu0od1W6M0halr25anI": return .json(second)
            case "asst_GENvuSTeXfbjtgrcIuD8NVNU": return .json(last)
            default: return .status(404, body: "no such page")
            }
        }
        defer { server.stop() }
        let host = try Self.host("stripe", at: server)
        let add = await host.run(["provider", "add", "stripe", "--openapi", Self.corpus("stripe_spec3_2023-09.yaml"), "--operation", "GetCustomers"])
        #expect(add.code == .success, "\(add.stderr)")
        let show = await host.run(["provider", "show", "stripe"])
        #expect(show.stdout.contains(#""lastItem": "id""#), "\(show.stdout)")

        let three = await host.run(["stripe", "--pages", "3", "--json"])
        #expect(three.code == .success, "\(three.stderr)")
        #expect(server.requests.map { $0.query("starting_after") } == [nil, "asst_jMfdcgu0od1W6M0halr25anI", "asst_GENvuSTeXfbjtgrcIuD8NVNU"])
        #expect(server.requests.allSatisfy { $0.query("limit") == "10" }, "the size asked of every page")
        #expect(try Self.items(three.stdout).count == 20 + 20 + 17)

        let all = await host.run(["stripe", "--pages", "10", "--refresh", "--json"])
        #expect(all.code == .success, "\(all.stderr)")
        #expect(server.requests.count == 3 + 3, "has_more false on the third page ends it")
        #expect(!all.stderr.contains("stopped after"), "\(all.stderr)")
        #expect(!all.stdout.contains(Self.key) && !all.stderr.contains(Self.key))
    }

    // MARK: GitHub: Link headers

    static let repository = "tmp-scenario-paginate-issues-20220719043836917-izyoe"
    static let firstPath = "/repos/octokit-fixture-org/\(repository)/issues"
    static let laterPath = "/repositories/515435940/issues"

    /// GitHub's five recorded issue pages at the targets GitHub served them at, each with its
    /// recorded `Link` header, whose links name `https://api.github.com` (the document's server).
    /// `elsewhere`: page 1's `Link` names that origin instead, for the refusal.
    static func githubServer(elsewhere: URL? = nil) throws -> LoopbackServer {
        let text = String(decoding: try answer("github_issues_per_page3_link_headers_octokit-fixtures.txt"), as: UTF8.self)
        var links: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1)
            if parts.count == 2 { links[String(parts[0])] = String(parts[1]) }
        }
        var pages: [String: (Data, String)] = [:]
        for page in 1...5 {
            let target = page == 1 ? "\(firstPath)?per_page=3" : "\(laterPath)?per_page=3&page=\(page)"
            var link = links[target] ?? ""
            if page == 1, let elsewhere { link = link.replacingOccurrences(of: "https://api.github.com", with: elsewhere.absoluteString) }
            pages[page == 1 ? firstPath : "\(laterPath)#\(page)"] = (try answer("github_issues_per_page3_page\(page)_octokit-fixtures.json"), link)
        }
        let served = pages
        return try LoopbackServer { request in
            let key = request.path == firstPath ? firstPath : "\(request.path)#\(request.query("page") ?? "")"
            guard let (body, link) = served[key] else { return .status(404, body: "no such page") }
            return .json(body, headers: [("Link", link)])
        }
    }

    @Test("GitHub issues/list-for-repo: --pages 3 follows the recorded rel=next links to GitHub's other path; --pages 9 stops at page 5")
    func githubImportedLink() async throws {
        let server = try Self.githubServer()
        defer { server.stop() }
        let host = try Self.host("gh", at: server)
        let add = await host.run([
            "provider", "add", "gh", "--openapi", Self.corpus("github_api.github.com_v0.0.6_2020-09.json"),
            "--operation", "issues/list-for-repo", "--bearer",
        ])
        #expect(add.code == .success, "\(add.stderr)")
        let three = await host.run(["gh", "octokit-fixture-org", Self.repository, "--pages", "3", "--json"])
        #expect(three.code == .success, "\(three.stderr)")
        #expect(server.requests.map(\.path) == [Self.firstPath, Self.laterPath, Self.laterPath])
        #expect(server.requests.map { $0.query("page") } == [nil, "2", "3"])
        #expect(server.requests.allSatisfy { $0.header("Authorization") == "Bearer \(Self.key)" })
        #expect(try Self.items(three.stdout).compactMap { $0["number"] as? Int } == Array((5...13).reversed()))

        let all = await host.run(["gh", "octokit-fixture-org", Self.repository, "--pages", "9", "--refresh", "--json"])
        #expect(all.code == .success, "\(all.stderr)")
        #expect(server.requests.count == 3 + 5, "page 5's Link has no rel=next")
        #expect(!all.stderr.contains("stopped after"), "\(all.stderr)")
        #expect(try Self.items(all.stdout).count == 13)
    }

    /// Page paging (GitHub's search and events operations declare no `Link`): a `Link` the
    /// answer carries is still followed, and wins over counting, since its page holds fewer
    /// items than the page size the file asks.
    @Test("page paging follows an answer's rel=next though the document declares no Link header")
    func undeclaredLinkOnPagePaging() async throws {
        let server = try Self.githubServer()
        defer { server.stop() }
        let host = try Self.host("ghp", at: server)
        try host.installProviderFile("ghp", """
            {"apicli": 1, "name": "ghp", "summary": "A repository's issues, paged by number.", "baseURL": "https://api.github.com",
             "path": "/repos/octokit-fixture-org/{repo}/issues", "words": {"pathSegment": "repo"},
             "key": {"scheme": "bearer"}, "items": {"shape": "list"}, "id": "id",
             "columns": [{"name": "title", "path": "title", "kind": "text", "searchable": true}],
             "paging": {"style": "page", "parameter": "page", "first": 1, "size": 30, "sizeParameter": "per_page"}}
            """)
        let run = await host.run(["ghp", Self.repository, "--pages", "4", "--json"])
        #expect(run.code == .success, "\(run.stderr)")
        #expect(server.requests.map(\.path) == [Self.firstPath] + Array(repeating: Self.laterPath, count: 3))
        #expect(server.requests.map { $0.query("page") } == [nil, "2", "3", "4"])
        #expect(try Self.items(run.stdout).count == 12)
    }

    @Test("a rel=next at another origin is never requested and no key goes there; the pages fetched are shown")
    func linkElsewhereRefused() async throws {
        let other = try LoopbackServer(host: "127.0.0.2") { _ in .json("[]") }
        defer { other.stop() }
        let server = try Self.githubServer(elsewhere: other.baseURL)
        defer { server.stop() }
        let host = try Self.host("gh", at: server)
        let add = await host.run([
            "provider", "add", "gh", "--openapi", Self.corpus("github_api.github.com_v0.0.6_2020-09.json"),
            "--operation", "issues/list-for-repo", "--bearer",
        ])
        #expect(add.code == .success, "\(add.stderr)")
        let run = await host.run(["gh", "octokit-fixture-org", Self.repository, "--pages", "3", "--json"])
        #expect(run.code == .success, "\(run.stderr)")
        #expect(other.requests.isEmpty, "nothing, and so no key, went to the other origin")
        #expect(server.requests.count == 1)
        #expect(run.stderr.contains("stopped after 1 of 3 pages: the next page is at \(other.baseURL.absoluteString)"), "\(run.stderr)")
        #expect(try Self.items(run.stdout).count == 3)
        #expect(!run.stderr.contains(Self.key))
    }

    // MARK: Stack Exchange: pages counted from 1

    static let questions = "stackexchange_questions_votes_pagesize10_2018-10_orderquestions.json"
    static let accounts = "stackexchange_users_1_associated_2016-03_stackapi.json"

    /// Stack Exchange's answers as its API serves pages: no `page`, `page=0` and `page=1` are
    /// all the first page (its docs: "page starts at and defaults to 1"); `page=2` the next.
    static func stackExchangeServer() throws -> LoopbackServer {
        let first = try answer(questions)
        let second = try answer(accounts)
        return try LoopbackServer { request in
            guard request.path == "/2.0/questions" else { return .status(404) }
            switch request.query("page") {
            case nil, "0", "1": return .json(first)
            case "2": return .json(second)
            default: return .json(#"{"items": [], "has_more": false}"#)
            }
        }
    }

    /// Stack Exchange's document declares its answer a bare array where the API sends its
    /// wrapper (`{"items": [...], "has_more": …}`): after the import, the test points `items`
    /// at the wrapper's array, as the refusal tells a user to, and leaves the paging as imported.
    static func importStackExchange(_ host: ProviderFilesHost) async throws {
        let add = await host.run([
            "provider", "add", "se", "--openapi", corpus("apisguru_stackexchange.com_2.0_openapi.yaml"), "--operation", "GET /questions",
        ])
        #expect(add.code == .success, "\(add.stderr)")
        try editStackExchange(host) { file in
            #expect((file["paging"] as? [String: Any])?["first"] as? Int == 1, "\(file)")
            file["items"] = "items"
        }
    }

    /// Rewrites the imported file's one operation.
    static func editStackExchange(_ host: ProviderFilesHost, _ edit: (inout [String: Any]) -> Void) throws {
        let path = host.providersFolder + "/se.json"
        var file = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        var operations = try #require(file["operations"] as? [[String: Any]])
        try #require(operations.count == 1)
        edit(&operations[0])
        file["operations"] = operations
        let text = String(decoding: try JSONSerialization.data(withJSONObject: file), as: UTF8.self)
        try host.installProviderFile("se", text)
    }

    @Test("Stack Exchange /questions: the page parameter declares no minimum, so pages count from 1: page 1 (not sent), then 2")
    func stackExchangeFromOne() async throws {
        let server = try Self.stackExchangeServer()
        defer { server.stop() }
        let host = try Self.host("se", at: server)
        try await Self.importStackExchange(host)
        let run = await host.run(["se", "--site", "stackoverflow", "--pages", "2", "--json"])
        #expect(run.code == .success, "\(run.stderr)")
        #expect(server.requests.map { $0.query("page") } == [nil, "2"])
        #expect(server.requests.allSatisfy { $0.query("pagesize") == "10" && $0.query("site") == "stackoverflow" })
        #expect(try Self.items(run.stdout).count == 10 + 30, "each page once")
        #expect(!run.stderr.contains("stopped after"), "\(run.stderr)")
    }

    @Test("a file that counts from 0 against an API that counts from 1: page 2 repeats page 1, so paging stops there and says so")
    func repeatedFirstPage() async throws {
        let server = try Self.stackExchangeServer()
        defer { server.stop() }
        let host = try Self.host("se", at: server)
        try await Self.importStackExchange(host)
        // As imported before pages counted from the document's convention: from 0.
        try Self.editStackExchange(host) { file in
            var paging = file["paging"] as? [String: Any] ?? [:]
            paging["first"] = 0
            file["paging"] = paging
        }
        let run = await host.run(["se", "--site", "stackoverflow", "--pages", "3", "--json"])
        #expect(run.code == .success, "\(run.stderr)")
        #expect(server.requests.map { $0.query("page") } == [nil, "1"], "no third request")
        #expect(run.stderr.contains("stopped after 1 of 3 pages: the answer to page 2 is the same as to page 1"), "\(run.stderr)")
        #expect(try Self.items(run.stdout).count == 10, "the first page once")
    }
}
