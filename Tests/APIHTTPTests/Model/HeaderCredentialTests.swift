import Foundation
import Testing
import TestSupport
@testable import APIHTTP

/// A key carried in a header (`X-Api-Key`) keeps every guarantee a query key has:
/// it reaches the origin, and nothing else — not the shown URL, the cache key,
/// traces, errors, cached responses, nor another host after a redirect.
@Suite("A key in a header")
struct HeaderCredentialTests {
    let transport = DefaultTransport(maxBodyBytes: 1024 * 1024, connectTimeout: .seconds(5))
    /// Another origin: another loopback address where there is one (Linux), another port elsewhere.
    #if os(Linux)
    static let otherHost = "127.0.0.2"
    #else
    static let otherHost = "127.0.0.1"
    #endif

    /// A request to `server` whose key travels as `X-Api-Key`.
    func headerRequest(_ server: LoopbackServer, path: String = "/data", query: [QueryItem] = []) -> HTTPRequest {
        HTTPRequest(
            baseURL: server.baseURL, path: path, query: query,
            credential: Credential(placement: .header("X-Api-Key"), value: secret))
    }

    @Test func theHeaderArrivesAndTheURLHasNoKey() async throws {
        let server = try LoopbackServer { _ in .json("{}") }
        defer { server.stop() }
        let response = try await transport.send(headerRequest(server, query: [QueryItem("q", "rust")]), context: context())
        #expect(response.status == 200)
        let logged = try #require(server.requests.first)
        #expect(logged.header("X-Api-Key") == secret)
        #expect(logged.query.map(\.name) == ["q"])
        #expect(isClean(logged.target))
    }

    @Test func theKeysHeaderReplacesAHeaderOfTheSameName() async throws {
        let server = try LoopbackServer { _ in .json("{}") }
        defer { server.stop() }
        var sent = headerRequest(server)
        sent.headers["x-api-key"] = "not-the-key"
        _ = try await transport.send(sent, context: context())
        let logged = try #require(server.requests.first)
        #expect(logged.headers.filter { $0.name.lowercased() == "x-api-key" }.map(\.value) == [secret])
    }

    @Test func theShownURLTheCacheKeyAndTheDescriptionsHoldNoKey() throws {
        let server = try LoopbackServer { _ in .json("{}") }
        defer { server.stop() }
        let sent = headerRequest(server, query: [QueryItem("q", "rust")])
        #expect(sent.redactedURL == server.baseURL.absoluteString + "/data?q=rust")
        #expect(sent.cacheKey == "GET " + server.baseURL.absoluteString + "/data?q=rust")
        #expect(sent.url.absoluteString == sent.redactedURL)
        #expect(isClean("\(sent) \(String(reflecting: sent)) \(sent.headers)"))
        #expect("\(try #require(sent.credential))" == "X-Api-Key: ***")
        #expect(sent.headers["X-Api-Key"] == nil)
        #expect(sent.transportHeaders["X-Api-Key"] == secret)
        #expect(sent.secrets.contains(secret))
    }

    @Test func aRedirectToAnotherHostDropsTheHeader() async throws {
        let other = try LoopbackServer(host: Self.otherHost) { _ in .json(#"{"moved":true}"#) }
        defer { other.stop() }
        let origin = try LoopbackServer { _ in .redirect(to: other.baseURL.absoluteString + "/elsewhere?q=rust") }
        defer { origin.stop() }
        let response = try await transport.send(headerRequest(origin), context: context())
        #expect(response.status == 200)
        #expect(origin.requests.first?.header("X-Api-Key") == secret)
        let followed = try #require(other.requests.first)
        #expect(followed.path == "/elsewhere")
        #expect(followed.header("X-Api-Key") == nil)
        #expect(isClean(followed.headText))
    }

    @Test func aHopBackFromAnotherHostStaysWithoutTheHeader() async throws {
        // The other host sends the client back to the origin it came from (named in `back`).
        let other = try LoopbackServer(host: Self.otherHost) { received in
            .redirect(to: "http://" + (received.query("back") ?? "") + "/back")
        }
        defer { other.stop() }
        let origin = try LoopbackServer { received in
            received.path == "/back"
                ? .json("{}")
                : .redirect(to: other.baseURL.absoluteString + "/hop?back=" + (received.header("Host") ?? ""))
        }
        defer { origin.stop() }
        let response = try await transport.send(headerRequest(origin, path: "/start"), context: context())
        #expect(response.status == 200)
        #expect(origin.requests(to: "/start").first?.header("X-Api-Key") == secret)
        #expect(other.requests.first?.header("X-Api-Key") == nil)
        let back = try #require(origin.requests(to: "/back").first)
        #expect(back.header("X-Api-Key") == nil)
    }

    @Test func aRedirectWithinTheSameOriginKeepsTheHeader() async throws {
        let server = try LoopbackServer { received in
            received.path == "/old" ? .redirect(to: "/new") : .json("{}")
        }
        defer { server.stop() }
        let response = try await transport.send(headerRequest(server, path: "/old"), context: context())
        #expect(response.status == 200)
        #expect(server.requests(to: "/new").first?.header("X-Api-Key") == secret)
    }

    @Test func anEchoedKeyIsScrubbedBeforeTheCacheAndTheTraceNeverShowsIt() async throws {
        let server = try LoopbackServer { received in
            .json(#"{"you-sent":"\#(received.header("X-Api-Key") ?? "")"}"#, headers: [("X-Echo", received.header("X-Api-Key") ?? "")])
        }
        defer { server.stop() }
        let lines = Lines()
        let storage = MemoryCacheStorage()
        let client = HTTPClient.standard(
            transport: transport, bucket: "nyt", limits: [], ledger: InMemoryRateLimitLedger(), ttl: .seconds(60),
            cacheStorage: storage, trace: lines.sink, notice: lines.sink)
        let response = try await client.send(headerRequest(server, query: [QueryItem("q", "rust")]), context: context())
        #expect(server.requests.first?.header("X-Api-Key") == secret)
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"you-sent":"***"}"#)
        #expect(response.headers["X-Echo"] == "***")
        #expect(storage.keys == ["GET " + server.baseURL.absoluteString + "/data?q=rust"])
        let cached = try #require(try storage.cachedResponse(for: storage.keys[0]))
        #expect(isClean(String(decoding: cached.body, as: UTF8.self)))
        #expect(cached.headers.values.allSatisfy(isClean))
        #expect(!lines.all.isEmpty)
        #expect(lines.all.allSatisfy(isClean))
    }

    @Test func anErrorNamingTheKeyIsRewritten() async throws {
        struct LeakyError: Error, CustomStringConvertible { var description: String }
        let stub = StubTransport { request, _ in
            throw LeakyError(description: "refused header \(request.transportHeaders["X-Api-Key"] ?? "")")
        }
        let server = try LoopbackServer { _ in .json("{}") }
        defer { server.stop() }
        let error = await failure {
            try await HTTPClient(transport: stub, middlewares: [RedactionMiddleware()])
                .send(headerRequest(server), context: context())
        }
        let shown = "\(try #require(error))"
        #expect(shown == "refused header ***")
    }
}
