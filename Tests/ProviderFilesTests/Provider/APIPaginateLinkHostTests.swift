import Foundation
import Synchronization
import Testing
import TestSupport

/// `apicli api PROVIDER PATH --paginate` follows an answer's `Link: <…>; rel="next"` whether or
/// not the provider declares paging: GitHub's document, imported, declares none a raw request
/// could count, and its answers carry the links. Over HTTP to a loopback server answering with
/// GitHub's five recorded issue pages and their recorded `Link` headers.
@Suite("apicli api --paginate by Link headers, over HTTP")
struct APIPaginateLinkHostTests {
    static let key = "ghKEY-paginate-9e04b7"
    static let repository = ImportedPagingHostTests.repository
    static let firstPath = ImportedPagingHostTests.firstPath
    static let laterPath = ImportedPagingHostTests.laterPath

    /// GitHub's document imported with two operations (so no one paging of its own), the key as a bearer token.
    static func importedGitHub(at server: LoopbackServer) async throws -> ProviderFilesHost {
        let host = try ProviderFilesHost(
            variables: ProviderFilesHost.baseURL(for: "gh", at: server).merging(["GH_API_KEY": key]) { $1 }, overHTTP: true)
        let add = await host.run([
            "provider", "add", "gh", "--openapi", ImportedPagingHostTests.corpus("github_api.github.com_v0.0.6_2020-09.json"),
            "--operation", "issues/list-for-repo", "--operation", "repos/get", "--bearer",
        ])
        #expect(add.code == .success, "\(add.stderr)")
        return host
    }

    static func page(_ number: Int) throws -> String {
        String(decoding: try ImportedPagingHostTests.answer("github_issues_per_page3_page\(number)_octokit-fixtures.json"), as: UTF8.self)
    }

    @Test("every page, one body after another, by the recorded rel=next links to GitHub's other path, with the key each time")
    func followsLinks() async throws {
        let server = try ImportedPagingHostTests.githubServer()
        defer { server.stop() }
        let host = try await Self.importedGitHub(at: server)
        let run = await host.run(["api", "gh", Self.firstPath, "-q", "per_page=3", "--paginate"])
        #expect(run.code == .success, "\(run.stderr)")
        #expect(server.requests.map(\.path) == [Self.firstPath] + Array(repeating: Self.laterPath, count: 4))
        #expect(server.requests.map { $0.query("page") } == [nil, "2", "3", "4", "5"])
        #expect(server.requests.allSatisfy { $0.query("per_page") == "3" && $0.header("Authorization") == "Bearer \(Self.key)" })
        let pages = try (1...5).map(Self.page).joined()
        #expect(run.stdout == pages)
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        // Without --paginate, the one page asked.
        let one = await host.run(["api", "gh", Self.firstPath, "-q", "per_page=3", "--refresh"])
        let first = try Self.page(1)
        #expect(one.code == .success && one.stdout == first)
        #expect(server.requests.count == 6)
    }

    @Test("a rel=next at another origin is not followed and nothing (no key) goes there; the page fetched is printed, with a warning")
    func linkElsewhere() async throws {
        let other = try LoopbackServer(host: "127.0.0.2") { _ in .json("[]") }
        defer { other.stop() }
        let server = try ImportedPagingHostTests.githubServer(elsewhere: other.baseURL)
        defer { server.stop() }
        let host = try await Self.importedGitHub(at: server)
        let run = await host.run(["api", "gh", Self.firstPath, "-q", "per_page=3", "--paginate"])
        #expect(run.code == .success, "\(run.stderr)")
        #expect(other.requests.isEmpty)
        #expect(server.requests.count == 1)
        let first = try Self.page(1)
        #expect(run.stdout == first)
        #expect(run.stderr.contains("apicli: warning: stopped after 1 page: the next page is at \(other.baseURL.absoluteString)"), "\(run.stderr)")
        #expect(!run.stderr.contains(Self.key))
    }

    @Test("a rel=next naming a page already fetched ends paging instead of looping")
    func linkLoop() async throws {
        let body = try Self.page(1)
        let served = Mutex(0)
        let server = try LoopbackServer { request in
            // Past a few pages, a run that loops fails rather than runs on.
            guard served.withLock({ $0 += 1; return $0 }) <= 4 else { return .status(404, body: "looped") }
            // Page 2 names page 1 (the path as GitHub gave it) as its next page.
            let next = request.query("page") == "2"
                ? "<https://api.github.com\(Self.firstPath)?per_page=3>; rel=\"next\""
                : "<https://api.github.com\(Self.laterPath)?per_page=3&page=2>; rel=\"next\""
            return .json(body, headers: [("Link", next)])
        }
        defer { server.stop() }
        let host = try await Self.importedGitHub(at: server)
        // --refresh: a loop would otherwise go round the cache, never reaching the server's bound.
        let run = await host.run(["api", "gh", Self.firstPath, "-q", "per_page=3", "--paginate", "--refresh"])
        #expect(run.code == .success, "\(run.stderr)")
        #expect(server.requests.count == 2)
        #expect(run.stderr.contains("stopped after 2 pages: the answer names a page already fetched as the next one"), "\(run.stderr)")
    }
}
