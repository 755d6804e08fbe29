import Foundation
import Testing
import TestSupport
@testable import APIHTTP

@Suite("URLSessionTransport against a loopback server")
struct URLSessionTransportTests {
    let transport = DefaultTransport(maxBodyBytes: 1024 * 1024, connectTimeout: .seconds(5))

    @Test func returnsStatusHeadersAndBodyAndSendsTheKey() async throws {
        let server = try LoopbackServer { _ in .json(#"{"ok":true}"#, headers: [("ETag", "\"v1\"")]) }
        defer { server.stop() }
        let response = try await transport.send(request(server, query: [QueryItem("q", "rust")]), context: context())
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"ok":true}"#)
        #expect(response.headers["etag"] == "\"v1\"")
        #expect(response.origin == .network)
        let logged = try #require(server.requests.first)
        #expect(logged.method == "GET")
        #expect(logged.path == "/data")
        #expect(logged.query("q") == "rust")
        #expect(logged.query("api-key") == secret)
    }

    @Test func waitsOutLatencyWithinTheDeadline() async throws {
        let server = try LoopbackServer { _ in .json("{}").delayed(by: .milliseconds(300)) }
        defer { server.stop() }
        let start = Date()
        let response = try await transport.send(request(server), context: context())
        #expect(response.status == 200)
        #expect(Date().timeIntervalSince(start) >= 0.3)
        #expect(server.requests.count == 1)
    }

    @Test func aSlowDripCannotHoldThePastTheDeadline() async throws {
        let body = String(repeating: "x", count: 1_000)
        let server = try LoopbackServer { _ in .json(body).dripping(chunk: 1, every: .milliseconds(300)) }
        defer { server.stop() }
        let start = Date()
        let error = await failure { try await transport.send(request(server), context: context(deadline: 1)) }
        let elapsed = Date().timeIntervalSince(start)
        guard case .timedOut(let url, _)? = error as? HTTPClientError else {
            Issue.record("expected timedOut, got \(String(describing: error))")
            return
        }
        #expect(url == request(server).redactedURL)
        // The whole drip takes 300 s; stopping well before that is the point. The room above the 1 s deadline
        // is for the full suite, whose hundreds of processes on two cores delayed a task's turn by 58 s on a slow day.
        #expect(elapsed >= 0.9 && elapsed < 150, "stopped after \(elapsed) s")
        #expect(server.requests.count == 1)
    }

    @Test func aResetIsAConnectionFailure() async throws {
        let server = try LoopbackServer { _ in .reset }
        defer { server.stop() }
        let error = await failure { try await transport.send(request(server), context: context()) }
        guard case .connectionFailed(let url, _)? = error as? HTTPClientError else {
            Issue.record("expected connectionFailed, got \(String(describing: error))")
            return
        }
        #expect(url.contains("api-key=***"))
        #expect(server.requests.count == 1)
    }

    @Test func aRefusedConnectionIsAConnectionFailure() async throws {
        let refusing = try RefusingPort()
        let closed = HTTPRequest(baseURL: refusing.baseURL, path: "/data", credential: Credential(parameter: "api-key", value: secret))
        let error = await failure { try await transport.send(closed, context: context()) }
        guard case .connectionFailed? = error as? HTTPClientError else {
            Issue.record("expected connectionFailed, got \(String(describing: error))")
            return
        }
        #expect(isClean("\(String(describing: error))"))
    }

    @Test func aShortBodyIsTruncated() async throws {
        let server = try LoopbackServer { _ in .json(String(repeating: "y", count: 100)).truncated(after: 10) }
        defer { server.stop() }
        let error = await failure { try await transport.send(request(server), context: context()) }
        #expect(error as? HTTPClientError == .truncated(url: request(server).redactedURL, received: 10, expected: 100))
    }

    @Test func aBodyOverTheCapIsRefused() async throws {
        let small = DefaultTransport(maxBodyBytes: 1000)
        let server = try LoopbackServer { _ in .json(String(repeating: "z", count: 5000)) }
        defer { server.stop() }
        let error = await failure { try await small.send(request(server), context: context()) }
        #expect(error as? HTTPClientError == .bodyTooLarge(url: request(server).redactedURL, limit: 1000))
    }

    @Test func aGzipBodyIsDecoded() async throws {
        let plain = Data(String(repeating: #"{"word":"gzip"}"#, count: 100).utf8)
        let compressed = try await Gzip.compress(plain)
        let server = try LoopbackServer { _ in .gzip(compressed) }
        defer { server.stop() }
        let response = try await transport.send(request(server), context: context())
        #expect(response.body == plain)
    }

    @Test func aGzipBombIsStoppedAtTheCapOnDecodedBytes() async throws {
        let bomb = try await Gzip.zeros(count: 64 * 1024 * 1024)
        #expect(bomb.count < 1024 * 1024, "the bomb is small on the wire: \(bomb.count) B")
        let server = try LoopbackServer { _ in .gzip(bomb) }
        defer { server.stop() }
        let error = await failure { try await transport.send(request(server), context: context()) }
        #expect(error as? HTTPClientError == .bodyTooLarge(url: request(server).redactedURL, limit: 1024 * 1024))
    }

    @Test func aRedirectToAnotherHostNeverCarriesTheKey() async throws {
        #if os(Linux)
        let otherHost = "127.0.0.2"
        #else
        let otherHost = "127.0.0.1"
        #endif
        let other = try LoopbackServer(host: otherHost) { _ in .json(#"{"moved":true}"#) }
        defer { other.stop() }
        let origin = try LoopbackServer { received in
            // Like many servers, copy the whole query string, key included, into Location.
            .redirect(to: other.baseURL.absoluteString + "/elsewhere?" + received.rawQuery)
        }
        defer { origin.stop() }
        // A generous deadline: this is about where the key goes, and two hops on a machine busy
        // with the process tests can take seconds.
        let response = try await transport.send(
            request(origin, query: [QueryItem("q", "c++ & rust")]), context: context()
        )
        #expect(response.status == 200)
        #expect(origin.requests.first?.query("api-key") == secret)
        let followed = try #require(other.requests.first)
        #expect(followed.path == "/elsewhere")
        #expect(followed.query("q") == "c++ & rust")
        #expect(followed.query("api-key") == nil)
        #expect(isClean(followed.headText))
    }

    @Test func aRedirectWithinTheSameOriginKeepsTheKey() async throws {
        let server = try LoopbackServer { received in
            received.path == "/old" ? .redirect(to: "/new?" + received.rawQuery) : .json("{}")
        }
        defer { server.stop() }
        let response = try await transport.send(request(server, path: "/old"), context: context())
        #expect(response.status == 200)
        #expect(server.requests(to: "/new").first?.query("api-key") == secret)
    }

    @Test(arguments: ["c++ & rust", "São Paulo", "Paris&x=y", "a=b;c", "100% / ?#"])
    func queryValuesArriveExactly(value: String) async throws {
        let server = try LoopbackServer { _ in .json("{}") }
        defer { server.stop() }
        _ = try await transport.send(request(server, query: [QueryItem("q", value)]), context: context())
        let logged = try #require(server.requests.first)
        #expect(logged.query("q") == value)
        #expect(logged.query.map(\.name) == ["q", "api-key"])
    }

    @Test func cancellingTheTaskCancelsTheRequest() async throws {
        let server = try LoopbackServer { _ in .json("{}").delayed(by: .seconds(300)) }
        defer { server.stop() }
        let start = Date()
        let task = Task { try await transport.send(request(server), context: context(deadline: 200)) }
        try await Task.sleep(for: .milliseconds(200))
        task.cancel()
        let error = await failure { try await task.value }
        #expect(error as? HTTPClientError == .cancelled(url: request(server).redactedURL))
        // Any time well short of the server's 300 s (and of the deadline) proves the wait was cut,
        // however busy the machine: on a slow day, a busy runner took 58 s to get here.
        #expect(Date().timeIntervalSince(start) < 150, "the answer would take 300 s")
    }

    @Test func aPassedDeadlineSendsNothing() async throws {
        let server = try LoopbackServer { _ in .json("{}") }
        defer { server.stop() }
        let error = await failure { try await transport.send(request(server), context: context(deadline: -1)) }
        #expect(error as? HTTPClientError == .timedOut(url: request(server).redactedURL, after: .zero))
        #expect(server.requests.isEmpty)
    }

    @Test func aSilentServerHitsTheConnectTimeout() async throws {
        let impatient = DefaultTransport(connectTimeout: .milliseconds(500))
        let server = try LoopbackServer { _ in .json("{}").delayed(by: .seconds(300)) }
        defer { server.stop() }
        let start = Date()
        let error = await failure { try await impatient.send(request(server), context: context(deadline: 200)) }
        #expect(error as? HTTPClientError == .timedOut(url: request(server).redactedURL, after: .milliseconds(500)))
        // Any time well short of the server's 300 s (and of the deadline) proves the wait was cut,
        // however busy the machine: on a slow day, a busy runner took 58 s to get here.
        #expect(Date().timeIntervalSince(start) < 150, "the answer would take 300 s")
    }

    @Test func bodiesAreReturnedAsSentWhateverTheirContentType() async throws {
        let server = try LoopbackServer { _ in
            ScriptedResponse(status: 200, headers: [("Content-Type", "text/html")], body: Data("{not json".utf8))
        }
        defer { server.stop() }
        let response = try await transport.send(request(server), context: context())
        #expect(response.headers["Content-Type"] == "text/html")
        #expect(response.body == Data("{not json".utf8))
    }
}
