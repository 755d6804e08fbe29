import Foundation
import Testing
import TestSupport

/// Keys, servers and limits of imported providers, through the built binary and
/// the loopback server: bearer and basic keys on the wire and nowhere else, a
/// shared NYT key, a document fetched from a URL, and the flags' refusals.
@Suite("File provider access, end to end")
struct AccessEndToEndTests {
    static let token = "bearerTOKEN-e2e-51d0c2a7"
    static let login = "e2e-user:basicPASS-e2e-8f31"
    static var loginBase64: String { Data(login.utf8).base64EncodedString() }
    static var topStories: String { Fixtures.realRoot.appendingPathComponent("openapi-corpus/nyt_top_stories_v2.yaml").path }
    static let topAnswer = "openapi-answers/nyt_topstories_home_2022-10-01_andreaborg217.json"

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
        let (sandbox, fixtures) = try Sandbox.withFixtures(extra: ["APICLI_TIMEOUT": "3"])
        let password = String(key.split(separator: ":").last ?? "")
        let wire = scheme == "bearer" ? "Bearer \(key)" : "Basic \(Self.loginBase64)"
        // A server that echoes every form of the key, in a header and in the body.
        var body = try Fixtures.real(Sandbox.hnFixture)
        let range = try #require(body.range(of: Data(#""hits": ["#.utf8)))
        body.replaceSubrange(range, with: Data(#""echo": "\#(wire) \#(password) \#(key)", "hits": ["#.utf8))
        fixtures.answer(.json(body, headers: [("X-Echo-Authorization", wire)])) { $0.path == Sandbox.hnPath }
        try sandbox.installProviderFile("secure", Self.file(name: "secure", key: #"{"scheme": "\#(scheme)"}"#))

        let env = sandbox.baseURL(for: "secure").merging(["SECURE_API_KEY": key]) { $1 }
        var outputs: [ProcessRunner.Result] = []
        for format in ["table", "json", "csv"] {
            let run = try await sandbox.run(["secure", "gibberish", "--verbose", "--refresh", "--format", format], set: env)
            #expect(run.exitCode == 0, "\(format): \(run.stderrText)")
            outputs.append(run)
        }
        outputs.append(try await sandbox.run(["secure", "gibberish", "--offline", "--json"], set: env))
        outputs.append(try await sandbox.run(["store", "sql", "SELECT * FROM provider_files_items"]))
        let sent = fixtures.requests.filter { $0.path == Sandbox.hnPath }
        #expect(sent.count == 3)
        #expect(sent.allSatisfy { $0.header("Authorization") == wire }, "\(sent.map { $0.header("Authorization") ?? "-" })")
        for form in [key, password, Self.loginBase64, wire] {
            for output in outputs {
                #expect(!output.stdoutText.contains(form), "\(form) in stdout: \(output.stdoutText.prefix(300))")
                #expect(!output.stderrText.contains(form), "\(form) in stderr: \(output.stderrText)")
            }
            #expect(try sandbox.databaseBytes().range(of: Data(form.utf8)) == nil, "\(form) is in the store's files")
        }
        #expect(outputs[1].stdoutText.contains("7824727"), "the search answered")
    }

    @Test("--key-of nyt: NYT's own Top Stories YAML uses NYT_API_KEY, and spacing and rates are kept")
    func keyOfNYT() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        fixtures.answer(.json(try Fixtures.real(Self.topAnswer))) { $0.path == "/svc/topstories/v2/home.json" }
        let add = try await sandbox.run([
            "provider", "add", "top", "--openapi", Self.topStories, "--operation", "GET /{section}.json",
            "--key-of", "nyt", "--rate", "5/minute,500/day", "--spacing", "12",
        ])
        #expect(add.exitCode == 0, "\(add.stderrText)")
        let show = try await sandbox.run(["provider", "show", "top"])
        for field in [#""keyOf" : "nyt""#, #""environmentVariable" : "NYT_API_KEY""#, #""perMinute" : 5"#, #""spacing" : 12"#] {
            let compact = field.replacingOccurrences(of: " : ", with: ": ")
            #expect(show.stdoutText.contains(field) || show.stdoutText.contains(compact), "\(field): \(show.stdoutText)")
        }
        let run = try await sandbox.run(["top", "home", "--json"], set: sandbox.baseURL(for: "top"))
        #expect(run.exitCode == 0, "\(run.stderrText)")
        #expect(run.stdoutText.contains("Putin"), "\(run.stdoutText.prefix(200))")
        let request = try #require(fixtures.requests.last)
        #expect(request.query("api-key") == Sandbox.nytKey)
        #expect(!run.stdoutText.contains(Sandbox.nytKey) && !run.stderrText.contains(Sandbox.nytKey))

        // Without the variable, the message names NYT's variable and setting.
        let missing = try await sandbox.run(["top", "arts", "--refresh"], set: sandbox.baseURL(for: "top"), unset: ["NYT_API_KEY"])
        #expect(missing.exitCode == 78)
        #expect(missing.stderrText.contains("NYT_API_KEY") && missing.stderrText.contains("nyt.api-key"), "\(missing.stderrText)")
    }

    @Test("--openapi URL: fetched once from the loopback server; a relative server resolves against it")
    func documentFromURL() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let document = try Data(contentsOf: URL(fileURLWithPath: Self.topStories))
        // The same document with a relative server: it resolves against where it was fetched.
        let relative = String(decoding: document, as: UTF8.self).replacingOccurrences(of: "host: api.nytimes.com\n", with: "")
        fixtures.answer(.json(document)) { $0.path == "/specs/top_stories.yaml" }
        fixtures.answer(.json(relative)) { $0.path == "/specs/relative.yaml" }
        fixtures.answer(.status(404)) { $0.path == "/specs/missing.yaml" }
        let base = sandbox.server.baseURL.absoluteString
        let add = try await sandbox.run(["provider", "add", "top", "--openapi", base + "/specs/top_stories.yaml",
                                         "--operation", "GET /{section}.json", "--key-of", "nyt"])
        #expect(add.exitCode == 0, "\(add.stderrText)")
        #expect(fixtures.requests.filter { $0.path == "/specs/top_stories.yaml" }.count == 1)
        #expect(try await sandbox.run(["provider", "show", "top"]).stdoutText.contains("https://api.nytimes.com"))

        let near = try await sandbox.run(["provider", "add", "near", "--openapi", base + "/specs/relative.yaml",
                                          "--operation", "GET /{section}.json"])
        #expect(near.exitCode == 0, "\(near.stderrText)")
        let shown = try await sandbox.run(["provider", "show", "near"]).stdoutText
        #expect(shown.contains(base.hasSuffix("/") ? String(base.dropLast()) : base), "\(shown)")

        let missing = try await sandbox.run(["provider", "add", "gone", "--openapi", base + "/specs/missing.yaml", "--operation", "x"])
        #expect(missing.exitCode == 69, "\(missing.stderrText)")
        #expect(missing.stderrText.split(separator: "\n").count == 1)
        let file = try await sandbox.run(["provider", "add", "local", "--openapi", "file://" + Self.topStories, "--operation", "x"])
        #expect(file.exitCode == 64, "\(file.stderrText)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.providersFolder + "/local.json"))
    }

    @Test("add from flags with --bearer writes key.scheme bearer; with --key-param too it is a usage error")
    func bearerFromFlags() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let flags = ["provider", "add", "tok", "--base-url", "https://hn.algolia.com", "--path", Sandbox.hnPath, "--items", "hits",
                     "--query-param", "query", "--sample", Fixtures.realRoot.appendingPathComponent(Sandbox.hnFixture).path]
        let both = try await sandbox.run(flags + ["--bearer", "--key-param", "k"])
        #expect(both.exitCode == 64, "\(both.stderrText)")
        let add = try await sandbox.run(flags + ["--bearer"])
        #expect(add.exitCode == 0, "\(add.stderrText)")
        let shown = try await sandbox.run(["provider", "show", "tok"]).stdoutText
        #expect(shown.contains(#""scheme" : "bearer""#) || shown.contains(#""scheme": "bearer""#), "\(shown)")
    }

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
        let (sandbox, _) = try Sandbox.withFixtures()
        let run = try await sandbox.run(["provider", "add", "top", "--openapi", Self.topStories, "--operation", "GET /{section}.json"] + flags)
        #expect(run.exitCode == 64, "\(run.stderrText)")
        #expect(run.stderrText.contains(says), "\(run.stderrText)")
        #expect(run.stderrText.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: sandbox.providersFolder + "/top.json"))
    }

    @Test("an empty or malformed APICLI_<NAME>_BASE_URL for a file provider is 78, and nothing is sent", arguments: ["", " ", "not a url", "https://x.example.org/#frag"])
    func emptyBaseURL(value: String) async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        try sandbox.installProviderFile("secure", Self.file(name: "secure", key: #"{"scheme": "bearer"}"#))
        let run = try await sandbox.run(["secure", "words"], set: ["APICLI_SECURE_BASE_URL": value, "SECURE_API_KEY": Self.token])
        #expect(run.exitCode == 78, "\(run.stderrText)")
        #expect(run.stderrText.contains("APICLI_SECURE_BASE_URL"), "\(run.stderrText)")
        #expect(fixtures.requests.isEmpty)
    }
}
