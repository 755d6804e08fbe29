#if os(Linux)
import Foundation
import Testing
import TestSupport
@testable import APIHTTP

/// What the libcurl transport adds beyond the fault suite it shares with URLSession
/// (`URLSessionTransportTests` runs against `DefaultTransport`, this one on Linux).
@Suite("CurlTransport's own behaviour")
struct CurlTransportTests {
    let transport = CurlTransport(maxBodyBytes: 1024 * 1024, connectTimeout: .seconds(5), userAgent: "apicli/9.9.9")

    @Test func identifiesItselfWithTheGivenUserAgent() async throws {
        let server = try LoopbackServer { _ in .json("{}") }
        defer { server.stop() }
        _ = try await transport.send(request(server), context: context())
        #expect(server.requests.first?.header("User-Agent") == "apicli/9.9.9")
    }

    @Test func aRequestsOwnUserAgentWins() async throws {
        let server = try LoopbackServer { _ in .json("{}") }
        defer { server.stop() }
        var custom = request(server)
        custom.headers["User-Agent"] = "custom/1"
        _ = try await transport.send(custom, context: context())
        #expect(server.requests.first?.header("User-Agent") == "custom/1")
    }

    @Test func aRefusedConnectionNamesTheAddressAndTheReason() async throws {
        let refusing = try RefusingPort()
        let closed = HTTPRequest(baseURL: refusing.baseURL, path: "/data", credential: Credential(parameter: "api-key", value: secret))
        let error = await failure { try await transport.send(closed, context: context()) }
        let reason = try #require(failureReason(error))
        #expect(reason == "could not connect to 127.0.0.1:\(refusing.port) (connection refused)")
    }

    @Test func onlyHTTPAndHTTPSAreSpoken() async throws {
        let file = HTTPRequest(baseURL: URL(fileURLWithPath: "/etc"), path: "/hostname")
        let error = await failure { try await transport.send(file, context: context()) }
        let reason = try #require(failureReason(error))
        #expect(reason.contains("http and https"))
    }

    @Test func aRedirectToAnotherSchemeIsNotFollowed() async throws {
        let server = try LoopbackServer { _ in .redirect(to: "file:///etc/passwd") }
        defer { server.stop() }
        let response = try await transport.send(request(server), context: context())
        #expect(response.status == 302)
        #expect(!String(decoding: response.body, as: UTF8.self).contains("root:"))
    }

    @Test func endlessRedirectsEndInAnError() async throws {
        let server = try LoopbackServer { received in .redirect(to: "/loop?" + received.rawQuery) }
        defer { server.stop() }
        let error = await failure { try await transport.send(request(server), context: context()) }
        let reason = try #require(failureReason(error))
        #expect(reason.contains("redirects"))
        #expect(server.requests.count == CurlTransport.maxRedirects + 1)
    }

    @Test(.needs("python3")) func concurrentRequestsShareAFewKeptAliveConnections() async throws {
        let server = try await KeepAliveServer.start(latency: .milliseconds(20))
        defer { server.stop() }
        let shared = CurlTransport()
        try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<40 {
                if index >= 8 { _ = try await group.next() }
                group.addTask {
                    let forecast = HTTPRequest(baseURL: server.baseURL, path: "/data/2.5/forecast", query: [QueryItem("q", "c\(index)")])
                    return try await shared.send(forecast, context: context()).status
                }
            }
            for try await status in group { #expect(status == 200) }
        }
        #expect(server.requestCount == 40)
        #expect(server.connections <= 8, "\(server.connections) connections for 40 requests, 8 at a time")
    }

    @Test(.needs("python3", "openssl")) func anExtraAuthorityIsTrustedForHTTPS() async throws {
        let server = try await KeepAliveServer.start(tls: true)
        defer { server.stop() }
        let trusting = CurlTransport(extraCAFile: server.caFile)
        let forecast = HTTPRequest(baseURL: server.baseURL, path: "/data/2.5/forecast", query: [QueryItem("q", "Paris")])
        let first = try await trusting.send(forecast, context: context())
        let second = try await trusting.send(forecast, context: context())
        #expect(first.status == 200 && second.status == 200)
        #expect(String(decoding: first.body, as: UTF8.self).contains(#""cnt":40"#))
        #expect(server.connections == 1, "the second request reuses the TLS connection")
    }

    @Test(.needs("python3", "openssl")) func anUntrustedCertificateFailsNamingTheHost() async throws {
        let server = try await KeepAliveServer.start(tls: true)
        defer { server.stop() }
        let forecast = HTTPRequest(
            baseURL: server.baseURL, path: "/data/2.5/forecast",
            credential: Credential(parameter: "appid", value: secret))
        let error = await failure { try await transport.send(forecast, context: context()) }
        guard case .connectionFailed(let url, let reason)? = error as? HTTPClientError else {
            Issue.record("expected connectionFailed, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("certificate of 127.0.0.1"))
        #expect(reason.contains("not trusted"))
        #expect(isClean(url + reason))
        #expect(server.requestCount == 0, "nothing was sent over the untrusted connection")
    }

    /// The reason of a `.connectionFailed` error, nil for anything else.
    func failureReason(_ error: (any Error)?) -> String? {
        guard case .connectionFailed(_, let reason)? = error as? HTTPClientError else { return nil }
        return reason
    }

    @Test func anUnreadableAuthorityFileIsReported() async throws {
        let server = try LoopbackServer { _ in .json("{}") }
        defer { server.stop() }
        let broken = CurlTransport(extraCAFile: "/nonexistent/ca.pem")
        let error = await failure { try await broken.send(request(server), context: context()) }
        let reason = try #require(failureReason(error))
        #expect(reason.contains("/nonexistent/ca.pem"))
        #expect(server.requests.isEmpty)
    }
}
#endif
