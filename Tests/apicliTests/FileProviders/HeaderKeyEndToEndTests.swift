import Foundation
import Testing
import TestSupport

/// A provider file whose key travels in a header, driven through the built binary:
/// the header reaches the server, and the key shows nowhere else — not in stdout,
/// stderr, `--verbose` traces, the file, the store's bytes, nor at another host
/// a redirect points to.
@Suite("A file provider's key in a header, end to end")
struct HeaderKeyEndToEndTests {
    static let key = "hdrKEY-e2e-9c3e71d2"
    static let header = "X-Algolia-API-Key"

    @Test("add --key-header, then every format, traced: the key is on the wire and nowhere else")
    func keyStaysInTheHeader() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures(extra: ["APICLI_TIMEOUT": "3"])
        // A server that quotes the key back, in a header and in the body.
        var body = try Fixtures.real(Sandbox.hnFixture)
        let marker = Data(#""hits": ["#.utf8)
        let range = try #require(body.range(of: marker))
        body.replaceSubrange(range, with: Data(#""echo": "key \#(Self.key)", "hits": ["#.utf8))
        // Later, a refusal that quotes the key (overrides answer in the order they were added).
        let refusing = SearchAPISwitch()
        fixtures.answer(.json(#"{"message":"Invalid key \#(Self.key)"}"#, status: 403)) { request in
            request.path == Sandbox.hnPath && refusing.down.withLock { $0 }
        }
        fixtures.answer(.json(body, headers: [("X-Echo-Key", Self.key)])) { $0.path == Sandbox.hnPath }

        let add = try await sandbox.run([
            "provider", "add", "algolia", "--base-url", "https://hn.algolia.com", "--path", Sandbox.hnPath,
            "--items", "hits", "--query-param", "query", "--key-header", Self.header,
            "--sample", Fixtures.realRoot.appendingPathComponent(Sandbox.hnFixture).path,
        ])
        #expect(add.exitCode == 0, "\(add.stderrText)")
        let show = try await sandbox.run(["provider", "show", "algolia"])
        #expect(show.stdoutText.contains(#""header" : "X-Algolia-API-Key""#) || show.stdoutText.contains(#""header": "X-Algolia-API-Key""#),
                "\(show.stdoutText)")

        // No key yet: one clear line naming the variable, exit 78.
        let missing = try await sandbox.run(["algolia", "gibberish"], set: sandbox.baseURL(for: "algolia"))
        #expect(missing.exitCode == 78)
        #expect(missing.stderrText.contains("ALGOLIA_API_KEY"), "\(missing.stderrText)")

        let env = sandbox.baseURL(for: "algolia").merging(["ALGOLIA_API_KEY": Self.key]) { _, new in new }
        var outputs: [ProcessRunner.Result] = []
        for format in ["table", "json", "ndjson", "csv"] {
            let run = try await sandbox.run(["algolia", "gibberish", "--verbose", "--refresh", "--format", format], set: env)
            #expect(run.exitCode == 0, "\(format): \(run.stderrText)")
            outputs.append(run)
        }
        #expect(outputs[1].stdoutText.contains("7824727"), "the search answered: \(outputs[1].stdoutText.prefix(200))")
        let traced = try #require(outputs.first?.stderrText)
        #expect(traced.contains("GET http://127.0.0.1:"), "the trace shows the request: \(traced)")
        #expect(traced.contains(Sandbox.hnPath + "?query=gibberish"), "\(traced)")

        let sent = fixtures.requests.filter { $0.path == Sandbox.hnPath }
        #expect(sent.count == 4)
        #expect(sent.allSatisfy { $0.header(Self.header) == Self.key }, "every request carried the header")
        #expect(sent.allSatisfy { !$0.target.contains(Self.key) }, "the key is not in the URL")

        // Offline and a failure that quotes the key: still nowhere.
        outputs.append(try await sandbox.run(["algolia", "withdraw", "--offline", "-v"], set: env))
        refusing.down.withLock { $0 = true }
        let refused = try await sandbox.run(["algolia", "other", "words", "-v"], set: env)
        #expect(refused.exitCode == 77, "\(refused.stderrText)")
        outputs.append(refused)
        outputs.append(try await sandbox.run(["store", "info"]))
        outputs.append(try await sandbox.run(["provider", "show", "algolia"]))
        for output in outputs {
            #expect(!output.stdoutText.contains(Self.key), "the key in stdout: \(output.stdoutText.prefix(300))")
            #expect(!output.stderrText.contains(Self.key), "the key in stderr: \(output.stderrText)")
        }
        #expect(try sandbox.count("provider_files_items WHERE provider = 'algolia'") >= 1)
        #expect(try sandbox.databaseBytes().range(of: Data(Self.key.utf8)) == nil, "the key is in the store's files")
        let file = try Data(contentsOf: URL(fileURLWithPath: sandbox.providersFolder + "/algolia.json"))
        #expect(file.range(of: Data(Self.key.utf8)) == nil)
    }

    @Test("a redirect to another host is followed without the header")
    func redirectDropsTheHeader() async throws {
        let answer = try Fixtures.real(Sandbox.hnFixture)
        let other = try LoopbackServer(host: "127.0.0.2") { _ in .json(answer) }
        defer { other.stop() }
        let (sandbox, fixtures) = try Sandbox.withFixtures(extra: ["APICLI_TIMEOUT": "3"])
        fixtures.answer(.redirect(to: other.baseURL.absoluteString + Sandbox.hnPath + "?query=moved")) { $0.path == Sandbox.hnPath }
        try sandbox.installProviderFile("algolia", Self.file)
        let env = sandbox.baseURL(for: "algolia").merging(["ALGOLIA_API_KEY": Self.key]) { _, new in new }
        let run = try await sandbox.run(["algolia", "gibberish", "--json", "-v"], set: env)
        #expect(run.exitCode == 0, "\(run.stderrText)")
        #expect(run.stdoutText.contains("7824727"))
        #expect(fixtures.requests.last?.header(Self.header) == Self.key)
        let followed = try #require(other.requests.first)
        #expect(followed.header(Self.header) == nil)
        #expect(!followed.headText.contains(Self.key))
        #expect(!run.stderrText.contains(Self.key) && !run.stdoutText.contains(Self.key))
    }

    @Test("a key with a line break is refused before anything is sent: it would start another header")
    func lineBreakInKey() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures(extra: ["APICLI_TIMEOUT": "3"])
        try sandbox.installProviderFile("algolia", Self.file)
        let env = sandbox.baseURL(for: "algolia").merging(["ALGOLIA_API_KEY": "abc\r\nX-Evil: 1"]) { _, new in new }
        let run = try await sandbox.run(["algolia", "gibberish"], set: env)
        #expect(run.exitCode == 78, "\(run.stderrText)")
        #expect(run.stderrText.contains("control character"), "\(run.stderrText)")
        #expect(!run.stderrText.contains("abc"))
        #expect(fixtures.requests.isEmpty)
    }

    /// The HN answer's provider, with Algolia's key header.
    static let file = """
        {
          "apicli": 1,
          "name": "algolia",
          "summary": "Search Hacker News through Algolia, with a key.",
          "baseURL": "https://hn.algolia.com",
          "path": "/api/v1/search",
          "words": {"parameter": "query"},
          "key": {"header": "X-Algolia-API-Key"},
          "items": "hits",
          "id": "objectID",
          "columns": [{"name": "title", "path": "title", "kind": "text", "searchable": true}]
        }
        """
}
