import Foundation
import Synchronization
import Testing
import TestSupport

/// `apicli api PROVIDER PATH`: one GET through the provider's key, cache and
/// limits, its body printed as it came.
@Suite("apicli api, end to end", .serialized)
struct APICommandEndToEndTests {
    static let topStoriesPath = "/svc/topstories/v2/home.json"
    static let topStories = "nyt/topstories/home-2022-10-01.json"

    /// A sandbox whose server answers the recorded top stories at ``topStoriesPath``.
    static func sandbox() throws -> (Sandbox, FixtureServer, Data) {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let body = try Fixtures.real(topStories)
        fixtures.answer(.json(body, headers: [("ETag", "\"v1\"")])) { $0.path == topStoriesPath }
        return (sandbox, fixtures, body)
    }

    @Test("the body arrives byte for byte, the key is added by apicli, and a second run is a cache hit")
    func bodyAsItCame() async throws {
        let (sandbox, fixtures, body) = try Self.sandbox()
        let first = try await sandbox.run(["api", "nyt", Self.topStoriesPath, "-q", "x=c++ & rust", "--query=é=1"])
        #expect(first.exitCode == 0, "\(first.stderrText)")
        #expect(first.stdout == body)
        #expect(first.stderrText.isEmpty, "\(first.stderrText)")
        let request = try #require(fixtures.requests.first)
        #expect(request.query("api-key") == Sandbox.nytKey)
        #expect(request.query("x") == "c++ & rust")
        #expect(request.query("é") == "1")
        let second = try await sandbox.run(["api", "nyt", Self.topStoriesPath, "-q", "x=c++ & rust", "--query=é=1", "--verbose"])
        #expect(second.stdout == body)
        #expect(fixtures.requests.count == 1)
        #expect(second.stderrText.contains("cache hit"), "\(second.stderrText)")
        #expect(!second.stderrText.contains(Sandbox.nytKey))
        let refreshed = try await sandbox.run(["api", "nyt", Self.topStoriesPath, "-q", "x=c++ & rust", "--query=é=1", "--refresh"])
        #expect(refreshed.stdout == body)
        #expect(fixtures.requests.count == 2)
    }

    @Test("--offline answers from the cache and never touches the network; with nothing cached it is 69")
    func offline() async throws {
        let (sandbox, fixtures, body) = try Self.sandbox()
        let missing = try await sandbox.run(["api", "nyt", Self.topStoriesPath, "--offline"])
        #expect(missing.exitCode == 69)
        #expect(missing.stderrText.contains("nothing cached for"), "\(missing.stderrText)")
        #expect(fixtures.requests.isEmpty)
        _ = try await sandbox.run(["api", "nyt", Self.topStoriesPath])
        let cached = try await sandbox.run(["api", "nyt", Self.topStoriesPath, "--offline"], unset: ["NYT_API_KEY"])
        #expect(cached.exitCode == 0, "\(cached.stderrText)")
        #expect(cached.stdout == body)
        #expect(fixtures.requests.count == 1)
    }

    @Test("--include prints the status line and the headers, a key the server echoes as ***")
    func include() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        fixtures.answer(.json("{\"ok\":true}", headers: [("X-Echo", "key=\(Sandbox.nytKey)")])) { $0.path == "/echo" }
        let result = try await sandbox.run(["api", "nyt", "/echo", "-i"])
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(result.stdoutText.hasPrefix("HTTP 200 OK\n"), "\(result.stdoutText)")
        #expect(result.stdoutText.contains("X-Echo: key=***\n"))
        #expect(result.stdoutText.hasSuffix("\n\n{\"ok\":true}"))
        #expect(!result.stdoutText.contains(Sandbox.nytKey) && !result.stderrText.contains(Sandbox.nytKey))
    }

    @Test("a body that is not JSON is printed as it came; on a terminal JSON is indented with its members in order")
    func notJSONAndPretty() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let bytes = Data([0x3C, 0x70, 0x3E, 0xFF, 0x0A, 0x1B, 0x5D])  // "<p>", a byte that is not UTF-8, a newline, ESC ]
        fixtures.answer(ScriptedResponse(status: 200, headers: [("Content-Type", "text/html")], body: bytes)) { $0.path == "/page" }
        fixtures.answer(.json("{\"b\":1.50,\"a\":[],\"c\":{\"d\":\"x,y\"}}")) { $0.path == "/ordered" }
        let raw = try await sandbox.run(["api", "nyt", "/page"])
        #expect(raw.exitCode == 0)
        #expect(raw.stdout == bytes)
        let script = try #require(RequiredTool.path("script"), "util-linux script runs apicli on a terminal")
        let pretty = try await ProcessRunner.run(
            executable: URL(fileURLWithPath: script),
            arguments: ["-qec", try ProcessRunner.apicliExecutable().path + " api nyt /ordered", "/dev/null"],
            environment: sandbox.environment())
        let text = pretty.stdoutText.replacingOccurrences(of: "\r\n", with: "\n")
        #expect(text == "{\n  \"b\": 1.50,\n  \"a\": [],\n  \"c\": {\n    \"d\": \"x,y\"\n  }\n}\n", "\(text.debugDescription)")
    }

    /// One of each kind, run as the binary; every refusal is checked in-process by `APIPathTests`.
    @Test("a hostile path is a usage error and sends nothing", arguments: [
        "//evil.example/x", "https://evil.example/x", "/svc/../../etc", "/svc/%2e%2e/x",
    ])
    func hostilePath(_ path: String) async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let result = try await sandbox.run(["api", "nyt", path])
        #expect(result.exitCode == 64, "\(path): \(result.stderrText)")
        #expect(result.stderrText.hasPrefix("apicli: error: refused API path"), "\(result.stderrText)")
        #expect(fixtures.requests.isEmpty)
    }

    @Test("a path under a base URL with a prefix stays under it, and the key's own parameter cannot be set with -q")
    func basePathAndKeyParameter() async throws {
        let (sandbox, fixtures, _) = try Self.sandbox()
        fixtures.answer(.json("{}")) { $0.path == "/gateway/nyt/svc/x.json" }
        let prefixed = try await sandbox.run(
            ["api", "nyt", "svc/x.json"], set: ["APICLI_NYT_BASE_URL": sandbox.server.baseURL.absoluteString + "/gateway/nyt/"])
        #expect(prefixed.exitCode == 0, "\(prefixed.stderrText)")
        #expect(fixtures.requests.last?.path == "/gateway/nyt/svc/x.json")
        let key = try await sandbox.run(["api", "nyt", Self.topStoriesPath, "-q", "api-key=other"])
        #expect(key.exitCode == 64)
        #expect(fixtures.requests.count == 1)
    }

    @Test("a redirect to another origin is followed without the key")
    func redirectDropsKey() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let other = try LoopbackServer(host: "127.0.0.2") { _ in .json("{\"moved\":true}") }
        defer { other.stop() }
        fixtures.answer(.redirect(to: other.baseURL.absoluteString + "/new?api-key=\(Sandbox.nytKey)&a=1")) { $0.path == "/old" }
        let result = try await sandbox.run(["api", "nyt", "/old"])
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(result.stdoutText == "{\"moved\":true}")
        let moved = try #require(other.requests.first)
        #expect(moved.query("api-key") == nil)
        #expect(moved.query("a") == "1")
        #expect(!moved.target.contains(Sandbox.nytKey))
    }

    @Test("exit codes as for every provider: 401 and 403 are 77, 404 is 66, 429 and 503 are 75", arguments: [
        (401, Int32(77)), (403, 77), (404, 66), (429, 75), (503, 75),
    ])
    func exitCodes(_ status: Int, _ code: Int32) async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        fixtures.answer(.json("{\"fault\":\"x\"}", status: status)) { $0.path == "/svc/x.json" }
        let result = try await sandbox.run(["api", "nyt", "/svc/x.json"], set: ["APICLI_TIMEOUT": "1"])
        #expect(result.exitCode == code, "\(status): \(result.stderrText)")
        #expect(result.stdout.isEmpty)
        #expect(!result.stderrText.contains(Sandbox.nytKey))
    }

    @Test("an unreachable server is 69; once an answer is cached, it stands in with a warning saying how old it is")
    func unreachable() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let body = try Fixtures.real(Self.topStories)
        let down = SearchAPISwitch()
        fixtures.answer(.reset) { _ in down.down.withLock { $0 } }
        fixtures.answer(.json(body)) { $0.path == Self.topStoriesPath }
        let port = try RefusingPort()
        let nothing = try await sandbox.run(
            ["api", "nyt", Self.topStoriesPath], set: ["APICLI_NYT_BASE_URL": port.baseURL.absoluteString, "APICLI_TIMEOUT": "2"])
        #expect(nothing.exitCode == 69, "\(nothing.stderrText)")
        #expect(nothing.stdout.isEmpty)
        _ = try await sandbox.run(["api", "nyt", Self.topStoriesPath])
        down.down.withLock { $0 = true }
        let stale = try await sandbox.run(["api", "nyt", Self.topStoriesPath, "--refresh"], set: ["APICLI_TIMEOUT": "2"])
        #expect(stale.exitCode == 0, "\(stale.stderrText)")
        #expect(stale.stdout == body)
        #expect(stale.stderrText.contains("showing results stored at"), "\(stale.stderrText)")
    }

    @Test("--paginate follows NYT's page parameter until a page is not full")
    func paginate() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let full = try Fixtures.real(FixtureServer.nytFixture)  // 10 docs: a full page
        let short = try Fixtures.real("nyt/nyt-2016-05-dog-video-multimedia-docs.json")  // 9 docs
        fixtures.answer(.json(full)) { $0.path == FixtureServer.nytPath && $0.query("page") != "2" }
        fixtures.answer(.json(short)) { $0.path == FixtureServer.nytPath && $0.query("page") == "2" }
        let result = try await sandbox.run(["api", "nyt", FixtureServer.nytPath, "-q", "q=dog", "--paginate"])
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(fixtures.requests.map { $0.query("page") } == ["0", "1", "2"])
        var expected = full
        expected.append(full)
        expected.append(short)
        #expect(result.stdout == expected)
        let weather = try await sandbox.run(["api", "weather", "/data/2.5/forecast", "--paginate"])
        #expect(weather.exitCode == 64)
        #expect(weather.stderrText.contains("weather declares no paging"))
    }

    @Test("a provider file works the same: its base URL, and --paginate follows its offset paging with its page size")
    func providerFile() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        try sandbox.installProviderFile("wiki", Sandbox.wikiFile)
        let page = try Fixtures.real(Sandbox.wikiFixture)  // 2 results: a full page of the file's size
        let empty = #"{"batchcomplete":"","query":{"search":[]}}"#
        fixtures.answer(.json(page)) { $0.path == Sandbox.wikiPath && $0.query("sroffset") == "0" }
        fixtures.answer(.json(empty)) { $0.path == Sandbox.wikiPath }
        let result = try await sandbox.run(
            ["api", "wiki", Sandbox.wikiPath, "-q", "action=query", "-q", "list=search", "-q", "srsearch=computing", "--paginate"],
            set: sandbox.baseURL(for: "wiki"))
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(fixtures.requests.map { $0.query("sroffset") } == ["0", "2"])
        #expect(fixtures.requests.allSatisfy { $0.query("srlimit") == "2" && $0.query("srsearch") == "computing" })
        var expected = page
        expected.append(Data(empty.utf8))
        #expect(result.stdout == expected)
    }
}
