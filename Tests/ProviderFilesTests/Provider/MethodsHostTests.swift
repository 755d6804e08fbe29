import Foundation
import Testing
import TestSupport

/// Imported operations of every method, through the host over a loopback server: USPTO's
/// search is a POST that reads (stored, found offline, keyed by its body); a write
/// operation is guarded, shown by `--dry-run`, sent once with its body, logged, never stored.
@Suite("Imported operations of every method, over a loopback server")
struct MethodsHostTests {
    static let uspto = Fixtures.realRoot.appendingPathComponent("openapi-corpus/uspto_dsapi_v3.0.json").path
    static let petstore = Fixtures.realRoot.appendingPathComponent("openapi-corpus/petstore3_openapi_relative_server.yaml").path

    @Test("a POST search is a read: its body is a form of its options, it is stored, and --offline finds it by its body")
    func postRead() async throws {
        let server = try LoopbackServer { _ in .json(#"{"response":{"numFound":1,"docs":[{"id":"a1","title":"One"}]}}"#) }
        defer { server.stop() }
        let host = try ProviderFilesHost(overHTTP: true)
        let added = await host.run(["provider", "add", "uspto", "--openapi", Self.uspto])
        #expect(added.code == .success, "\(added.stderr)")
        let base = ["APICLI_USPTO_BASE_URL": server.baseURL.absoluteString]
        let words = ["uspto", "perform-search", "oa_citations", "v1", "--criteria", "title:one", "--rows", "5", "--format", "json"]
        let online = await host.run(words, set: base)
        #expect(online.code == .success, "\(online.stderr)")
        #expect(online.stdout.contains("\"a1\""))
        let sent = try #require(server.requests.first)
        #expect(sent.method == "POST")
        #expect(sent.header("Content-Type") == "application/x-www-form-urlencoded")
        #expect(String(decoding: sent.body, as: UTF8.self) == "criteria=title%3Aone&rows=5")
        let dry = await host.run(words + ["--dry-run"], set: base)
        #expect(dry.code == .success, "\(dry.stderr)")
        #expect(dry.stdout.hasPrefix("POST \(server.baseURL.absoluteString)/ds-api/oa_citations/v1/records\n"), "\(dry.stdout)")
        #expect(dry.stdout.hasSuffix("\ncriteria=title%3Aone&rows=5\n"), "\(dry.stdout)")
        #expect(server.requests.count == 1, "--dry-run sends nothing")
        let cached = await host.run(words, set: base)
        #expect(cached.code == .success && server.requests.count == 1, "a POST read is answered from the cache")
        let offline = await host.run(words + ["--offline"], set: base)
        #expect(offline.code == .success && offline.stdout.contains("\"a1\""), "\(offline.stderr)")
        var other = words
        other[5] = "title:two"
        let otherBody = await host.run(other + ["--offline"], set: base)
        #expect(otherBody.code != .success, "another body is another request: nothing stored for it")
        #expect(server.requests.count == 1)
    }

    @Test("a write operation: refused without --yes, shown by --dry-run, sent once with --yes and logged, never stored")
    func writeOperation() async throws {
        let server = try LoopbackServer { _ in .json(#"{"id":7,"name":"Rex"}"#) }
        defer { server.stop() }
        let host = try ProviderFilesHost(overHTTP: true)
        let added = await host.run(["provider", "add", "pets", "--openapi", Self.petstore, "--base-url", server.baseURL.absoluteString])
        #expect(added.code == .success, "\(added.stderr)")
        let show = await host.run(["provider", "show", "pets", "--format", "json"])
        #expect(show.stdout.contains(#""method": "PUT""#) && show.stdout.contains(#""in": "body""#), "\(show.stdout.prefix(400))")
        let help = await host.run(["help", "pets"])
        #expect(help.stdout.contains("Create user [POST: writes]"), "\(help.stdout)")
        #expect(help.stdout.contains("Find pet by ID\n"), "a read is not marked")
        let words = ["pets", "create-user", "--username", "Rex"]
        let refused = await host.run(words)
        #expect(refused.code == .usage && refused.isOneErrorLine, "\(refused.stderr)")
        let dry = await host.run(words + ["--dry-run"])
        #expect(dry.code == .success, "\(dry.stderr)")
        #expect(dry.stdout.hasPrefix("POST \(server.baseURL.absoluteString)"), "\(dry.stdout)")
        #expect(dry.stdout.contains(#"{"username":"Rex"}"#))
        #expect(server.requests.isEmpty)
        let sent = await host.run(words + ["--yes"])
        #expect(sent.code == .success, "\(sent.stderr)")
        #expect(sent.stdout == #"{"id":7,"name":"Rex"}"#)
        #expect(server.requests.count == 1)
        #expect(server.requests.first?.method == "POST")
        let again = await host.run(words + ["--yes"])
        #expect(again.code == .success && server.requests.count == 2, "a write is never answered from the cache")
        let log = await host.run(["store", "sql", "SELECT method, status FROM apicli_requests WHERE provider = 'pets'", "--format", "csv"])
        #expect(log.stdout.contains("POST,200"), "\(log.stdout)\(log.stderr)")
        let items = await host.run(["store", "sql", "SELECT COUNT(*) AS n FROM apicli_http_cache", "--format", "csv"])
        #expect(items.stdout.contains("\n0"), "\(items.stdout)")
    }
}
