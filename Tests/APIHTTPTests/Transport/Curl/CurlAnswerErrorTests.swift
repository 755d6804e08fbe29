#if os(Linux)
import Foundation
import Testing
import TestSupport
@testable import APIHTTP

/// Answers libcurl refuses, each provoked on the loopback server and named for what
/// happened: the server was reached, so none says "could not reach",
/// "out of memory" or "only http and https URLs are supported".
@Suite("libcurl's refusals of an answer, in words that say what happened")
struct CurlAnswerErrorTests {
    let transport = CurlTransport(maxBodyBytes: 1024 * 1024, connectTimeout: .seconds(5), userAgent: "apicli/test")

    static let cases: [(name: String, answer: ScriptedResponse, reason: String)] = [
        ("an SSH banner", .raw(Data("SSH-2.0-OpenSSH_8.9p1 Ubuntu-3\r\n".utf8)),
         "127.0.0.1 did not answer in HTTP (no status line; is another service listening on that port?)"),
        ("an HTTP/0.9 answer", .raw(Data("{\"not\": \"http\"}\n".utf8)),
         "127.0.0.1 did not answer in HTTP (no status line; is another service listening on that port?)"),
        ("status line 000", .raw(Data("HTTP/1.1 000 OK\r\nContent-Length: 2\r\n\r\n{}".utf8)),
         "the status line has no valid status code"),
        ("a 300 KB response header", .status(200, headers: [("X-Padding", String(repeating: "a", count: 300_000))], body: "{}"),
         "a response header is larger than libcurl accepts (100 KB)"),
        ("a broken gzip body", .gzip(Data("this is not gzip at all".utf8)),
         "its compressed body is broken and could not be decompressed"),
    ]

    @Test("each is a bad answer naming what was wrong, with the key left out", arguments: 0..<cases.count)
    func badAnswer(index: Int) async throws {
        let (name, answer, reason) = Self.cases[index]
        let server = try LoopbackServer { _ in answer }
        defer { server.stop() }
        let error = await failure { try await transport.send(request(server), context: context()) }
        guard case let .badAnswer(url, found)? = error as? HTTPClientError else {
            Issue.record("\(name): \(String(describing: error))")
            return
        }
        #expect(found == reason, "\(name)")
        #expect(!url.contains(secret) && !found.contains(secret))
        #expect(server.requests.count == 1, "\(name): a broken answer is not asked for again by the transport")
        let text = (error as? HTTPClientError)?.description ?? ""
        #expect(text.hasPrefix("the answer from "), "\(name): \(text)")
        for wrong in ["could not reach", "out of memory", "only http and https"] { #expect(!text.contains(wrong), "\(name): \(text)") }
    }

    @Test("a refused connection and a non-http URL keep their own words")
    func othersUnchanged() async throws {
        let refusing = try RefusingPort()
        let closed = HTTPRequest(baseURL: refusing.baseURL, path: "/data")
        let refused = await failure { try await transport.send(closed, context: context()) }
        guard case .connectionFailed? = refused as? HTTPClientError else {
            Issue.record("\(String(describing: refused))")
            return
        }
        let file = HTTPRequest(baseURL: URL(fileURLWithPath: "/etc"), path: "/hostname")
        let notHTTP = await failure { try await transport.send(file, context: context()) }
        #expect((notHTTP as? HTTPClientError)?.description.contains("only http and https URLs are supported") == true)
    }
}
#endif
