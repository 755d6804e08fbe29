import Foundation
import Synchronization
import Testing
import TestSupport

/// A provider file whose key travels in a header, through the host in-process and the real
/// transport to a loopback server (what crosses the wire is the point): the header reaches
/// the server, and the key shows nowhere else — not in stdout, stderr, `--verbose` traces,
/// the file, the store's bytes, nor at another host a redirect points to.
@Suite("A file provider's key in a header, through the host")
struct HeaderKeyHostTests {
    static let key = "hdrKEY-e2e-9c3e71d2"
    static let header = "X-Algolia-API-Key"

    @Test("add --key-header, then every format, traced: the key is on the wire and nowhere else")
    func keyStaysInTheHeader() async throws {
        // A server that quotes the key back, in a header and in the body; later, a refusal that quotes it.
        var body = try Fixtures.real(SearchAPIs.hnFixture)
        let range = try #require(body.range(of: Data(#""hits": ["#.utf8)))
        body.replaceSubrange(range, with: Data(#""echo": "key \#(Self.key)", "hits": ["#.utf8))
        let echoed = body
        let refusing = Mutex(false)
        let server = try LoopbackServer { request in
            guard request.path == SearchAPIs.hnPath else { return .status(404, body: "no route") }
            if refusing.withLock({ $0 }) { return .json(#"{"message":"Invalid key \#(Self.key)"}"#, status: 403) }
            return .json(echoed, headers: [("X-Echo-Key", Self.key)])
        }
        defer { server.stop() }
        let host = try ProviderFilesHost(
            variables: ProviderFilesHost.baseURL(for: "algolia", at: server), overHTTP: true)

        let add = await host.run([
            "provider", "add", "algolia", "--base-url", "https://hn.algolia.com", "--path", SearchAPIs.hnPath,
            "--items", "hits", "--query-param", "query", "--key-header", Self.header, "--sample", SearchAPIs.hnFixturePath,
        ])
        #expect(add.code == .success, "\(add.stderr)")
        let show = await host.run(["provider", "show", "algolia"])
        #expect(show.stdout.contains(#""header" : "X-Algolia-API-Key""#) || show.stdout.contains(#""header": "X-Algolia-API-Key""#),
                "\(show.stdout)")

        // No key yet: one clear line naming the variable, exit 78.
        let missing = await host.run(["algolia", "gibberish"])
        #expect(missing.code == .configuration)
        #expect(missing.isOneErrorLine && missing.stderr.contains("ALGOLIA_API_KEY"), "\(missing.stderr)")
        #expect(server.requests.isEmpty)

        let env = ["ALGOLIA_API_KEY": Self.key]
        var outputs: [InProcessHost.Run] = []
        for format in ["table", "json", "ndjson", "csv"] {
            let run = await host.run(["algolia", "gibberish", "--verbose", "--refresh", "--format", format], set: env)
            #expect(run.code == .success, "\(format): \(run.stderr)")
            outputs.append(run)
        }
        #expect(outputs[1].stdout.contains("7824727"), "the search answered: \(outputs[1].stdout.prefix(200))")
        let traced = try #require(outputs.first?.stderr)
        #expect(traced.contains("GET http://127.0.0.1:"), "the trace shows the request: \(traced)")
        #expect(traced.contains(SearchAPIs.hnPath + "?query=gibberish"), "\(traced)")

        let sent = server.requests(to: SearchAPIs.hnPath)
        #expect(sent.count == 4)
        #expect(sent.allSatisfy { $0.header(Self.header) == Self.key }, "every request carried the header")
        #expect(sent.allSatisfy { !$0.target.contains(Self.key) }, "the key is not in the URL")

        // Offline and a failure that quotes the key: still nowhere.
        outputs.append(await host.run(["algolia", "withdraw", "--offline", "-v"], set: env))
        refusing.withLock { $0 = true }
        let refused = await host.run(["algolia", "other", "words", "-v"], set: env)
        #expect(refused.code == .permissionDenied, "\(refused.stderr)")
        outputs.append(refused)
        outputs.append(await host.run(["store", "info"]))
        outputs.append(await host.run(["provider", "show", "algolia"]))
        for output in outputs {
            #expect(!output.stdout.contains(Self.key), "the key in stdout: \(output.stdout.prefix(300))")
            #expect(!output.stderr.contains(Self.key), "the key in stderr: \(output.stderr)")
        }
        #expect(try host.count("provider_files_items WHERE provider = 'algolia'") >= 1)
        #expect(try host.databaseBytes().range(of: Data(Self.key.utf8)) == nil, "the key is in the store's files")
        let file = try Data(contentsOf: URL(fileURLWithPath: host.providersFolder + "/algolia.json"))
        #expect(file.range(of: Data(Self.key.utf8)) == nil)
    }

    @Test("a redirect to another host is followed without the header")
    func redirectDropsTheHeader() async throws {
        let answer = try Fixtures.real(SearchAPIs.hnFixture)
        let other = try LoopbackServer(host: "127.0.0.2") { _ in .json(answer) }
        defer { other.stop() }
        let moved = other.baseURL.absoluteString + SearchAPIs.hnPath + "?query=moved"
        let server = try LoopbackServer { request in
            request.path == SearchAPIs.hnPath ? .redirect(to: moved) : .status(404, body: "no route")
        }
        defer { server.stop() }
        let host = try ProviderFilesHost(
            variables: ProviderFilesHost.baseURL(for: "algolia", at: server), overHTTP: true)
        try host.installProviderFile("algolia", Self.file)
        let run = await host.run(["algolia", "gibberish", "--json", "-v"], set: ["ALGOLIA_API_KEY": Self.key])
        #expect(run.code == .success, "\(run.stderr)")
        #expect(run.stdout.contains("7824727"))
        #expect(server.requests.last?.header(Self.header) == Self.key)
        let followed = try #require(other.requests.first)
        #expect(followed.header(Self.header) == nil)
        #expect(!followed.headText.contains(Self.key))
        #expect(!run.stderr.contains(Self.key) && !run.stdout.contains(Self.key))
    }

    @Test("a key with a line break is refused before anything is sent: it would start another header")
    func lineBreakInKey() async throws {
        let host = try SearchAPIs().host()
        try host.installProviderFile("algolia", Self.file)
        let run = await host.run(["algolia", "gibberish"], set: ["ALGOLIA_API_KEY": "abc\r\nX-Evil: 1"])
        #expect(run.code == .configuration, "\(run.stderr)")
        #expect(run.isOneErrorLine && run.stderr.contains("control character"), "\(run.stderr)")
        #expect(!run.stderr.contains("abc"))
        #expect(host.requests.isEmpty)
    }

    static let file = ProviderFileTexts.algolia
}
