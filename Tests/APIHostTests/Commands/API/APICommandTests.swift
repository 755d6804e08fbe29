import APIHost
import APIHTTP
import Foundation
import Synchronization
import Testing
import TestSupport

/// `apicli api PROVIDER PATH` through the host in-process, on the stub provider: one GET
/// through the provider's key, cache and limits, its body printed byte for byte (a console
/// that keeps bytes, since a body need not be UTF-8), the requests counted. A redirect needs
/// a real connection, so that one uses the real transport and loopback servers.
@Suite("apicli api through the host")
struct APICommandTests {
    static let key = "stubKEY-api-5c2e81"
    static let topStoriesPath = "/svc/topstories/v2/home.json"
    static let topStories = "nyt/topstories/home-2022-10-01.json"

    /// Keeps stdout as the bytes written, and stderr as text.
    final class ByteConsole: Console {
        private let buffers = Mutex<(out: Data, err: String)>((Data(), ""))
        func out(_ text: String) { buffers.withLock { $0.out.append(Data(text.utf8)) } }
        func out(bytes: Data) { buffers.withLock { $0.out.append(bytes) } }
        func err(_ text: String) { buffers.withLock { $0.err += text } }
        var stdout: Data { buffers.withLock { $0.out } }
        var stderr: String { buffers.withLock { $0.err } }
    }

    struct Run {
        var code: ExitCode
        var stdout: Data
        var stderr: String
        var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
        var errors: [String] { stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("apicli: error: ") } }
    }

    /// Runs `words` on `host`'s registry and transport, stdout kept as bytes, on a terminal when asked.
    static func run(
        _ host: InProcessHost, _ words: [String], terminal: Bool = false, set: [String: String] = [:], unset: [String] = []
    ) async -> Run {
        var variables = host.variables.merging(set) { _, new in new }
        for name in unset { variables[name] = nil }
        let console = ByteConsole()
        let environment = HostEnvironment(
            variables: variables, console: console, stdoutIsTerminal: terminal, time: host.time, transport: host.transport)
        let code = await Host(registry: host.registry, environment: environment).run(words)
        return Run(code: code, stdout: console.stdout, stderr: console.stderr)
    }

    /// A host with the keyed stub provider, answered by `answer`.
    static func host(_ answer: @escaping @Sendable (HTTPRequest, Int) throws -> HTTPResponse) throws -> InProcessHost {
        try InProcessHost(
            sources: [.compiled([StubProvider(keyVariable: "STUB_API_KEY")])], variables: ["STUB_API_KEY": key], answer: answer)
    }

    static func json(_ body: Data, status: Int = 200, headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: HTTPHeaders([("Content-Type", "application/json")] + headers), body: body)
    }

    static func sentValues(_ request: HTTPRequest, _ name: String) -> [String] {
        (URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []).filter { $0.name == name }.compactMap(\.value)
    }

    @Test("the body arrives byte for byte, the key is added by apicli, and a second run is a cache hit")
    func bodyAsItCame() async throws {
        let body = try Fixtures.real(Self.topStories)
        let host = try Self.host { request, _ in
            request.path == Self.topStoriesPath ? Self.json(body, headers: [("ETag", "\"v1\"")]) : Self.json(Data("{}".utf8), status: 404)
        }
        let words = ["api", "stub", Self.topStoriesPath, "-q", "x=c++ & rust", "--query=é=1"]
        let first = await Self.run(host, words)
        #expect(first.code == .success, "\(first.stderr)")
        #expect(first.stdout == body)
        #expect(first.stderr.isEmpty, "\(first.stderr)")
        let request = try #require(host.transport.requests.first)
        #expect(Self.sentValues(request, "key") == [Self.key])
        #expect(request.query.contains(QueryItem("x", "c++ & rust")) && request.query.contains(QueryItem("é", "1")))
        let second = await Self.run(host, words + ["--verbose"])
        #expect(second.stdout == body)
        #expect(host.transport.requests.count == 1)
        #expect(second.stderr.contains("cache hit"), "\(second.stderr)")
        #expect(!second.stderr.contains(Self.key))
        let refreshed = await Self.run(host, words + ["--refresh"])
        #expect(refreshed.stdout == body)
        #expect(host.transport.requests.count == 2)
    }

    @Test("--offline answers from the cache and never touches the network; with nothing cached it is 69")
    func offline() async throws {
        let body = try Fixtures.real(Self.topStories)
        let host = try Self.host { _, _ in Self.json(body) }
        let missing = await Self.run(host, ["api", "stub", Self.topStoriesPath, "--offline"])
        #expect(missing.code == .unavailable)
        #expect(missing.errors.count == 1 && missing.stderr.contains("nothing cached for"), "\(missing.stderr)")
        #expect(host.transport.requests.isEmpty)
        _ = await Self.run(host, ["api", "stub", Self.topStoriesPath])
        let cached = await Self.run(host, ["api", "stub", Self.topStoriesPath, "--offline"], unset: ["STUB_API_KEY"])
        #expect(cached.code == .success, "\(cached.stderr)")
        #expect(cached.stdout == body)
        #expect(host.transport.requests.count == 1)
    }

    @Test("--include prints the status line and the headers, a key the server echoes as ***")
    func include() async throws {
        let host = try Self.host { _, _ in Self.json(Data("{\"ok\":true}".utf8), headers: [("X-Echo", "key=\(Self.key)")]) }
        let result = await Self.run(host, ["api", "stub", "/echo", "-i"])
        #expect(result.code == .success, "\(result.stderr)")
        #expect(result.stdoutText.hasPrefix("HTTP 200 OK\n"), "\(result.stdoutText)")
        #expect(result.stdoutText.contains("X-Echo: key=***\n"))
        #expect(result.stdoutText.hasSuffix("\n\n{\"ok\":true}"))
        #expect(!result.stdoutText.contains(Self.key) && !result.stderr.contains(Self.key))
    }

    @Test("a body that is not JSON is printed as it came; on a terminal JSON is indented with its members in order")
    func notJSONAndPretty() async throws {
        let bytes = Data([0x3C, 0x70, 0x3E, 0xFF, 0x0A, 0x1B, 0x5D])  // "<p>", a byte that is not UTF-8, a newline, ESC ]
        let host = try Self.host { request, _ in
            request.path == "/page"
                ? HTTPResponse(status: 200, headers: ["Content-Type": "text/html"], body: bytes)
                : Self.json(Data("{\"b\":1.50,\"a\":[],\"c\":{\"d\":\"x,y\"}}".utf8))
        }
        let raw = await Self.run(host, ["api", "stub", "/page"])
        #expect(raw.code == .success)
        #expect(raw.stdout == bytes)
        let pretty = await Self.run(host, ["api", "stub", "/ordered"], terminal: true)
        #expect(pretty.code == .success, "\(pretty.stderr)")
        #expect(pretty.stdoutText == "{\n  \"b\": 1.50,\n  \"a\": [],\n  \"c\": {\n    \"d\": \"x,y\"\n  }\n}\n", "\(pretty.stdoutText.debugDescription)")
    }

    /// One of each kind; every refusal is checked without a run by `APIPathTests`.
    @Test("a hostile path is a usage error and sends nothing", arguments: [
        "//evil.example/x", "https://evil.example/x", "/svc/../../etc", "/svc/%2e%2e/x",
    ])
    func hostilePath(_ path: String) async throws {
        let host = try Self.host { _, _ in Self.json(Data("{}".utf8)) }
        let result = await Self.run(host, ["api", "stub", path])
        #expect(result.code == .usage, "\(path): \(result.stderr)")
        #expect(result.errors.count == 1 && result.stderr.hasPrefix("apicli: error: refused API path"), "\(result.stderr)")
        #expect(host.transport.requests.isEmpty)
    }

    @Test("a path under a base URL with a prefix stays under it, and the key's own parameter cannot be set with -q")
    func basePathAndKeyParameter() async throws {
        let host = try Self.host { _, _ in Self.json(Data("{}".utf8)) }
        let prefixed = await Self.run(host, ["api", "stub", "svc/x.json"], set: ["APICLI_STUB_BASE_URL": "https://gw.example/gateway/stub/"])
        #expect(prefixed.code == .success, "\(prefixed.stderr)")
        let sent = try #require(host.transport.requests.last)
        #expect(URLComponents(url: sent.url, resolvingAgainstBaseURL: false)?.percentEncodedPath == "/gateway/stub/svc/x.json", "\(sent.redactedURL)")
        let key = await Self.run(host, ["api", "stub", Self.topStoriesPath, "-q", "key=other"])
        #expect(key.code == .usage)
        #expect(host.transport.requests.count == 1)
    }

    @Test("a redirect to another origin is followed without the key")
    func redirectDropsKey() async throws {
        let other = try LoopbackServer(host: "127.0.0.2") { _ in .json("{\"moved\":true}") }
        defer { other.stop() }
        let server = try LoopbackServer { request in
            request.path == "/old" ? .redirect(to: other.baseURL.absoluteString + "/new?key=\(Self.key)&a=1") : .status(404)
        }
        defer { server.stop() }
        let host = try ProviderFilesHost(
            compiled: [StubProvider(keyVariable: "STUB_API_KEY")],
            variables: ["STUB_API_KEY": Self.key, "APICLI_STUB_BASE_URL": server.baseURL.absoluteString], overHTTP: true)
        let result = await host.run(["api", "stub", "/old"])
        #expect(result.code == .success, "\(result.stderr)")
        #expect(result.stdout == "{\"moved\":true}")
        #expect(server.requests.first?.query("key") == Self.key)
        let moved = try #require(other.requests.first)
        #expect(moved.query("key") == nil)
        #expect(moved.query("a") == "1")
        #expect(!moved.target.contains(Self.key))
    }

    @Test("exit codes as for every provider: 401 and 403 are 77, 404 is 66, 429 and 503 are 75", arguments: [
        (401, ExitCode.permissionDenied), (403, .permissionDenied), (404, .noInput), (429, .temporaryFailure), (503, .temporaryFailure),
    ])
    func exitCodes(_ status: Int, _ code: ExitCode) async throws {
        var host = try Self.host { _, _ in Self.json(Data("{\"fault\":\"x\"}".utf8), status: status) }
        let clock = ManualClock(start: Date())
        host.time = TimeSource(now: clock.now, sleep: clock.sleep)
        let result = await Self.run(host, ["api", "stub", "/svc/x.json"])
        #expect(result.code == code, "\(status): \(result.stderr)")
        #expect(result.errors.count == 1, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(!result.stderr.contains(Self.key))
    }

    @Test("an unreachable server is 69; once an answer is cached, it stands in with a warning saying how old it is")
    func unreachable() async throws {
        let body = try Fixtures.real(Self.topStories)
        let down = Mutex(true)
        var host = try Self.host { request, _ in
            if down.withLock({ $0 }) { throw HTTPClientError.connectionFailed(url: request.redactedURL, reason: "connection refused") }
            return Self.json(body)
        }
        let clock = ManualClock(start: Date())
        host.time = TimeSource(now: clock.now, sleep: clock.sleep)
        let nothing = await Self.run(host, ["api", "stub", Self.topStoriesPath])
        #expect(nothing.code == .unavailable, "\(nothing.stderr)")
        #expect(nothing.errors.count == 1 && nothing.stdout.isEmpty)
        down.withLock { $0 = false }
        _ = await Self.run(host, ["api", "stub", Self.topStoriesPath])
        down.withLock { $0 = true }
        let stale = await Self.run(host, ["api", "stub", Self.topStoriesPath, "--refresh"])
        #expect(stale.code == .success, "\(stale.stderr)")
        #expect(stale.stdout == body)
        #expect(stale.stderr.contains("showing results stored at"), "\(stale.stderr)")
    }

    @Test("--paginate on a provider that declares no paging follows only the answer's Link: none, so one request and its page")
    func paginateWithoutPaging() async throws {
        // From NYT's `APIPaginateTests`, which follows NYT's declared paging; a Link header is followed
        // by `ProviderFilesTests`' `APIPaginateLinkHostTests`.
        let host = try Self.host { _, _ in Self.json(Data("[]".utf8)) }
        let none = await host.run(["api", "stub", "/records", "--paginate"])
        #expect(none.code == .success, "\(none.stderr)")
        #expect(none.stdout == "[]" && none.stderr.isEmpty, "\(none.stderr)")
        #expect(host.transport.requests.count == 1)
    }
}
