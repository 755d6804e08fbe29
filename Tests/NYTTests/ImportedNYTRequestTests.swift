import APIHost
import APIHTTP
import Foundation
import Testing
import TestSupport

@testable import NYT

/// NYT's published OpenAPI documents (Swagger 2.0 JSON and NYT's own YAML), imported as a
/// provider file, send what the compiled NYT provider sends: the same method, path and
/// query, key included, through the host in-process.
@Suite("An imported NYT document sends the compiled provider's request")
struct ImportedNYTRequestTests {
    static let key = "nytKEY-import-4f1c9a"

    @Test("The imported NYT provider sends the compiled provider's request", arguments: [
        (["election", "results", "--from", "2016-11-01", "--to", "20161130"],
         ["election", "results", "--begin-date", "2016-11-01", "--end-date", "20161130"]),
        (["climate", "--sort", "newest", "--page", "2"], ["climate", "--sort", "newest", "--page", "2"]),
    ])
    func sameRequest(compiled: [String], imported: [String]) async throws {
        try await sendsTheCompiledRequest(
            document: TestSupport.Fixtures.realRoot.appendingPathComponent("openapi/nyt_article_search_v2.json").path,
            compiled: compiled, imported: imported)
    }

    /// NYT publishes its documents in YAML: the same operation, read from NYT's YAML, sends the same request.
    @Test("NYT's own YAML document imports as it is and sends the compiled provider's request")
    func yamlDocument() async throws {
        try await sendsTheCompiledRequest(
            document: TestSupport.Fixtures.realRoot.appendingPathComponent("openapi-corpus/nyt_article_search_v2.yaml").path,
            // The YAML revision declares the dates as plain strings, so they are given as NYT wants them.
            compiled: ["election", "results", "--from", "2016-11-01", "--to", "20161130"],
            imported: ["election", "results", "--begin-date", "20161101", "--end-date", "20161130"])
    }

    private func sendsTheCompiledRequest(document: String, compiled: [String], imported: [String]) async throws {
        let articles = String(decoding: try TestSupport.Fixtures.real("nyt/nyt-2016-11-compact-escaped-slashes.json"), as: UTF8.self)
        let host = try ProviderFilesHost(
            compiled: [NYTProvider()],
            variables: ["NYT_API_KEY": Self.key, "NYTIMES_API_KEY": Self.key, "APICLI_NYT_SPACING": "0"]
        ) { _ in InProcessHost.json(articles) }
        let add = await host.run(["provider", "add", "nytimes", "--openapi", document, "--operation", "GET /articlesearch.json"])
        #expect(add.code == .success, "\(add.stderr)")

        let first = await host.run(["nyt"] + compiled)
        #expect(first.code == .success, "\(first.stderr)")
        // --refresh: the same URL would otherwise be answered by the cache, and the transport would see one request.
        let second = await host.run(["nytimes"] + imported + ["--refresh"])
        #expect(second.code == .success, "\(second.stderr)")

        let requests = host.requests
        try #require(requests.count == 2)
        let (nyt, file) = (try Self.sent(requests[0]), try Self.sent(requests[1]))
        #expect(requests[1].method == requests[0].method)
        #expect(file.host == nyt.host && file.path == nyt.path, "\(file.path) vs \(nyt.path)")
        #expect(file.query == nyt.query, "\(file.query) vs \(nyt.query)")
        #expect(nyt.query.contains("api-key=\(Self.key)"))
    }

    /// The host, the percent-encoded path and the sorted `name=value` pairs of the URL the transport sends.
    static func sent(_ request: HTTPRequest) throws -> (host: String?, path: String, query: [String]) {
        let parts = try #require(URLComponents(url: request.url, resolvingAgainstBaseURL: false))
        return (parts.host, parts.percentEncodedPath, (parts.queryItems ?? []).map { "\($0.name)=\($0.value ?? "")" }.sorted())
    }
}
