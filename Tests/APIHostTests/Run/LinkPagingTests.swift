import APIHost
import Foundation
import Testing
import TestSupport

/// The run pipeline pages by RFC 8288 `Link` headers: GitHub's five recorded issue pages,
/// served by the loopback server with their exact `Link` headers, through the real client.
///
/// The pages are bare arrays, so a small compiled provider reads them (provider files read
/// bare arrays once answers of every shape do). The headers name `https://api.github.com`,
/// the provider's declared base URL, so with `APICLI_GHISSUES_BASE_URL` pointing at the
/// loopback server the run follows them there; declared at another origin, it follows none.
@Suite("Paging by Link header, through the host and the loopback server")
struct LinkPagingTests {
    static let key = "ghKEY-host-8d21f4"
    static let repository = "tmp-scenario-paginate-issues-20220719043836917-izyoe"
    static let firstPath = "/repos/octokit-fixture-org/\(repository)/issues"
    static let laterPath = "/repositories/515435940/issues"

    /// A repository's issues, three a page, paged by the answers' `rel="next"` links.
    struct IssuesProvider: Provider {
        struct Query: Sendable, Hashable {
            var repository: String
            var pages: Int
        }

        struct Issue: Codable, Sendable, Hashable {
            var number: Int
            var title: String
        }

        typealias Response = [Issue]

        var declaredBaseURL = "https://api.github.com"

        var descriptor: ProviderDescriptor {
            ProviderDescriptor(
                name: "ghissues", displayName: "GitHub", summary: "A repository's issues.",
                arguments: [ArgumentSpec("repository", help: "The repository.")],
                options: [.value("pages", valueName: "N", help: "How many pages.", default: "1")],
                defaultBaseURL: URL(string: declaredBaseURL)!,
                credential: CredentialSpec(parameter: "access_token", environmentVariable: "GHISSUES_API_KEY", signupURL: "x"))
        }

        func queries(from command: ParsedCommand) throws -> [Query] {
            [Query(repository: command.arguments.joined(), pages: try command.int("pages", in: 1...10) ?? 1)]
        }

        func request(for query: Query, page: Int) -> Endpoint {
            Endpoint(path: "/repos/octokit-fixture-org/\(query.repository)/issues", query: [QueryItem("per_page", "3")])
        }

        func label(for query: Query) -> String { query.repository }

        func table(_ results: [[Issue]]) -> Table {
            Table(columns: [Table.Column("NUMBER"), Table.Column("TITLE")], rows: results.flatMap { $0.map { [String($0.number), $0.title] } })
        }

        func pageCount(for query: Query) -> Int { query.pages }
        func hasMore(after response: [Issue], page: Int, for query: Query) -> Bool { !response.isEmpty }
        func merge(_ pages: [[Issue]]) -> [Issue] { pages.flatMap { $0 } }

        func nextPage(after response: [Issue], links: [WebLink], page: Int, for query: Query) -> NextPage {
            links.first(relation: "next").map { .link($0.target) } ?? .end
        }

        var capabilities: Capabilities<Self> {
            Capabilities(
                paging: Paging(
                    pageCount: pageCount(for:), hasMore: hasMore(after:page:for:), merge: merge,
                    nextPage: nextPage(after:links:page:for:)),
                label: label(for:))
        }
    }

    /// The recorded `Link` header of each page, keyed by the request target it answered.
    static func recordedLinks() throws -> [String: String] {
        let text = String(decoding: try Fixtures.real("openapi-answers/github_issues_per_page3_link_headers_octokit-fixtures.txt"), as: UTF8.self)
        var links: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1)
            if parts.count == 2 { links[String(parts[0])] = String(parts[1]) }
        }
        return links
    }

    /// Serves page N (1…5) at the target GitHub served it at, with its recorded `Link` header.
    static func server() throws -> LoopbackServer {
        let links = try recordedLinks()
        var pages: [String: Data] = [:]
        for page in 1...5 {
            let target = page == 1 ? "\(firstPath)?per_page=3" : "\(laterPath)?per_page=3&page=\(page)"
            pages[target] = try Fixtures.real("openapi-answers/github_issues_per_page3_page\(page)_octokit-fixtures.json")
        }
        let served = pages
        return try LoopbackServer { request in
            // The key is added last; the recorded target is what comes before it.
            let target = request.target.replacingOccurrences(of: "&access_token=\(key)", with: "")
                .replacingOccurrences(of: "?access_token=\(key)", with: "")
            guard let body = served[target], let link = links[target] else { return .status(404, body: "no such page") }
            return .json(body, headers: [("Link", link)])
        }
    }

    func run(_ words: [String], provider: IssuesProvider = IssuesProvider(), server: LoopbackServer) async throws
        -> (code: ExitCode, stdout: String, stderr: String) {
        let directory = try TemporaryDirectory(prefix: "apicli-linkpaging")
        let console = CapturingConsole()
        let variables = [
            "XDG_CONFIG_HOME": directory.path("config"), "XDG_DATA_HOME": directory.path("data"), "HOME": directory.path(),
            "APICLI_DB": directory.path("store.sqlite3"), "APICLI_TIMEOUT": "5", "GHISSUES_API_KEY": Self.key,
            "APICLI_GHISSUES_BASE_URL": server.baseURL.absoluteString,
        ]
        let registry = try ProviderRegistry(sources: [.compiled([provider])])
        let code = await Host(registry: registry, environment: HostEnvironment(variables: variables, console: console)).run(words)
        return (code, console.stdout, console.stderr)
    }

    @Test("--pages 3 follows the recorded rel=next links from the first path to GitHub's other one; --pages 10 stops at page 5, which has none")
    func followsRecordedLinks() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let three = try await run(["ghissues", Self.repository, "--pages", "3", "--format", "json"], server: server)
        #expect(three.code == .success, "\(three.stderr)")
        #expect(server.requests.map(\.path) == [Self.firstPath, Self.laterPath, Self.laterPath])
        #expect(server.requests.map { $0.query("page") } == [nil, "2", "3"])
        #expect(server.requests.allSatisfy { $0.query.filter { $0.name == "access_token" }.map(\.value) == [Self.key] })
        let numbers = try #require(try JSONSerialization.jsonObject(with: Data(three.stdout.utf8)) as? [[String: Any]]).compactMap { $0["number"] as? Int }
        #expect(numbers == Array((5...13).reversed()))

        let all = try await run(["ghissues", Self.repository, "--pages", "10", "--format", "json"], server: server)
        #expect(all.code == .success, "\(all.stderr)")
        #expect(server.requests.count == 3 + 5, "page 5's Link has prev and first only")
        #expect(!all.stderr.contains("stopped after"), "\(all.stderr)")
        #expect(!all.stdout.contains(Self.key) && !all.stderr.contains(Self.key))
    }

    @Test("--pages 1 is one request")
    func onePage() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let one = try await run(["ghissues", Self.repository, "--pages", "1"], server: server)
        #expect(one.code == .success, "\(one.stderr)")
        #expect(server.requests.count == 1)
    }

    @Test("a provider declared at another origin follows none of the recorded links: no request, no key, one warning")
    func otherOrigin() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let run = try await run(
            ["ghissues", Self.repository, "--pages", "3"], provider: IssuesProvider(declaredBaseURL: "https://ghe.example.com"),
            server: server)
        #expect(run.code == .success, "\(run.stderr)")
        #expect(server.requests.count == 1)
        #expect(run.stderr.contains("stopped after 1 of 3 pages: the next page is at https://api.github.com, not under"), "\(run.stderr)")
        #expect(!run.stderr.contains(Self.key))
    }
}
