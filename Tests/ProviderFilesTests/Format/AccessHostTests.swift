import Foundation
import Testing
import TestSupport

/// Keys, servers and limits of imported providers, through the host in-process: bearer and
/// basic keys on the wire (the real transport to a loopback server) and nowhere else, a
/// document fetched from a URL, and the flags' refusals. Sharing NYT's key (`--key-of nyt`)
/// is `NYTTests`' `SharedNYTKeyTests`.
@Suite("File provider access, through the host")
struct AccessHostTests {
    static let token = "bearerTOKEN-e2e-51d0c2a7"
    static let login = "e2e-user:basicPASS-e2e-8f31"
    static var loginBase64: String { Data(login.utf8).base64EncodedString() }
    static var topStories: String { Fixtures.realRoot.appendingPathComponent("openapi-corpus/nyt_top_stories_v2.yaml").path }

    /// The HN provider file with `key` in place of `"none"`.
    static func file(name: String, key: String) -> String {
        """
        {"apicli": 1, "name": "\(name)", "summary": "Hacker News with a key.", "baseURL": "https://hn.algolia.com",
         "path": "/api/v1/search", "words": {"parameter": "query"}, "key": \(key), "items": "hits", "id": "objectID",
         "columns": [{"name": "title", "path": "title", "kind": "text", "searchable": true}]}
        """
    }

    @Test("bearer and basic keys: Authorization on the wire; the key, its base64 and the password nowhere else",
          arguments: [("bearer", token), ("basic", login)])
    func authorizationKeys(scheme: String, key: String) async throws {
        let password = String(key.split(separator: ":").last ?? "")
        let wire = scheme == "bearer" ? "Bearer \(key)" : "Basic \(Self.loginBase64)"
        // A server that echoes every form of the key, in a header and in the body.
        var body = try Fixtures.real(SearchAPIs.hnFixture)
        let range = try #require(body.range(of: Data(#""hits": ["#.utf8)))
        body.replaceSubrange(range, with: Data(#""echo": "\#(wire) \#(password) \#(key)", "hits": ["#.utf8))
        let echoed = body
        let server = try LoopbackServer { request in
            request.path == SearchAPIs.hnPath ? .json(echoed, headers: [("X-Echo-Authorization", wire)]) : .status(404)
        }
        defer { server.stop() }
        let host = try ProviderFilesHost(
            variables: ProviderFilesHost.baseURL(for: "secure", at: server), overHTTP: true)
        try host.installProviderFile("secure", Self.file(name: "secure", key: #"{"scheme": "\#(scheme)"}"#))

        let env = ["SECURE_API_KEY": key]
        var outputs: [InProcessHost.Run] = []
        for format in ["table", "json", "csv"] {
            let run = await host.run(["secure", "gibberish", "--verbose", "--refresh", "--format", format], set: env)
            #expect(run.code == .success, "\(format): \(run.stderr)")
            outputs.append(run)
        }
        outputs.append(await host.run(["secure", "gibberish", "--offline", "--json"], set: env))
        outputs.append(await host.run(["store", "sql", "SELECT * FROM provider_files_items"]))
        let sent = server.requests(to: SearchAPIs.hnPath)
        #expect(sent.count == 3)
        #expect(sent.allSatisfy { $0.header("Authorization") == wire }, "\(sent.map { $0.header("Authorization") ?? "-" })")
        for form in [key, password, Self.loginBase64, wire] {
            for output in outputs {
                #expect(!output.stdout.contains(form), "\(form) in stdout: \(output.stdout.prefix(300))")
                #expect(!output.stderr.contains(form), "\(form) in stderr: \(output.stderr)")
            }
            #expect(try host.databaseBytes().range(of: Data(form.utf8)) == nil, "\(form) is in the store's files")
        }
        #expect(outputs[1].stdout.contains("7824727"), "the search answered")
    }

    @Test("--openapi URL: fetched once from the loopback server; a relative server resolves against it")
    func documentFromURL() async throws {
        let document = try Data(contentsOf: URL(fileURLWithPath: Self.topStories))
        // The same document with a relative server: it resolves against where it was fetched.
        let relative = Data(String(decoding: document, as: UTF8.self).replacingOccurrences(of: "host: api.nytimes.com\n", with: "").utf8)
        let server = try LoopbackServer { request in
            switch request.path {
            case "/specs/top_stories.yaml": .json(document)
            case "/specs/relative.yaml": .json(relative)
            default: .status(404)
            }
        }
        defer { server.stop() }
        let host = try ProviderFilesHost(
            compiled: [StubProvider(name: "nyt", keyVariable: "NYT_API_KEY")], overHTTP: true)
        let base = server.baseURL.absoluteString
        let add = await host.run(["provider", "add", "top", "--openapi", base + "/specs/top_stories.yaml",
                                  "--operation", "GET /{section}.json", "--key-of", "nyt"])
        #expect(add.code == .success, "\(add.stderr)")
        #expect(server.requests(to: "/specs/top_stories.yaml").count == 1)
        #expect(await host.run(["provider", "show", "top"]).stdout.contains("https://api.nytimes.com"))

        let near = await host.run(["provider", "add", "near", "--openapi", base + "/specs/relative.yaml",
                                   "--operation", "GET /{section}.json"])
        #expect(near.code == .success, "\(near.stderr)")
        let shown = await host.run(["provider", "show", "near"]).stdout
        #expect(shown.contains(base.hasSuffix("/") ? String(base.dropLast()) : base), "\(shown)")

        let missing = await host.run(["provider", "add", "gone", "--openapi", base + "/specs/missing.yaml", "--operation", "x"])
        #expect(missing.code == .unavailable, "\(missing.stderr)")
        #expect(missing.isOneErrorLine, "\(missing.stderr)")
        let file = await host.run(["provider", "add", "local", "--openapi", "file://" + Self.topStories, "--operation", "x"])
        #expect(file.code == .usage, "\(file.stderr)")
        #expect(!host.hasProviderFile("local"))
    }

    @Test("add from flags with --bearer writes key.scheme bearer; with --key-param too it is a usage error")
    func bearerFromFlags() async throws {
        let host = try ProviderFilesHost()
        let flags = ["provider", "add", "tok", "--base-url", "https://hn.algolia.com", "--path", SearchAPIs.hnPath, "--items", "hits",
                     "--query-param", "query", "--sample", SearchAPIs.hnFixturePath]
        let both = await host.run(flags + ["--bearer", "--key-param", "k"])
        #expect(both.code == .usage, "\(both.stderr)")
        #expect(both.isOneErrorLine && !host.hasProviderFile("tok"))
        let add = await host.run(flags + ["--bearer"])
        #expect(add.code == .success, "\(add.stderr)")
        let shown = await host.run(["provider", "show", "tok"]).stdout
        #expect(shown.contains(#""scheme" : "bearer""#) || shown.contains(#""scheme": "bearer""#), "\(shown)")
    }

    /// Each refusal's words are what tells the user which flag is wrong.
    @Test("bad access flags are one usage line (64) and write nothing", arguments: [
        (["--rate", "5/fortnight"], "not a unit"),
        (["--rate", "5/minute,6/minute"], "twice"),
        (["--spacing", "0"], "--spacing"),
        (["--key-of", "nobody"], "no provider named 'nobody'"),
        (["--server", "3"], "has 1 server"),
        (["--server", "2", "--base-url", "https://x.example.org"], "not both"),
        (["--base-url", "ftp://x.example.org"], "--base-url must be"),
    ])
    func badFlags(flags: [String], says: String) async throws {
        let host = try ProviderFilesHost()
        let run = await host.run(["provider", "add", "top", "--openapi", Self.topStories, "--operation", "GET /{section}.json"] + flags)
        #expect(run.code == .usage, "\(run.stderr)")
        #expect(run.isOneErrorLine && run.stderr.contains(says), "\(run.stderr)")
        #expect(!host.hasProviderFile("top"))
    }

    @Test("an empty or malformed APICLI_<NAME>_BASE_URL for a file provider is 78, and nothing is sent",
          arguments: ["", " ", "not a url", "https://x.example.org/#frag"])
    func emptyBaseURL(value: String) async throws {
        let host = try SearchAPIs().host()
        try host.installProviderFile("secure", Self.file(name: "secure", key: #"{"scheme": "bearer"}"#))
        let run = await host.run(["secure", "words"], set: ["APICLI_SECURE_BASE_URL": value, "SECURE_API_KEY": Self.token])
        #expect(run.code == .configuration, "\(run.stderr)")
        #expect(run.isOneErrorLine && run.stderr.contains("APICLI_SECURE_BASE_URL"), "\(run.stderr)")
        #expect(host.requests.isEmpty)
    }
}
