import Foundation
import Testing
import TestSupport

/// An agent looping on NYT's 5 requests a minute through `apicli mcp`: fifty calls of ten
/// searches, against a loopback NYT that counts requests and quotes the key back in every
/// answer.
@Suite("50 MCP calls within NYT's allowance", .needs("python3"), .needsPythonMCP)
struct MCPAgentLoopTests {
    static let allowance = 5

    @Test("each search is sent at most once, never more than 5 a minute, refusals come at once, and the key stays out")
    func agentLoop() async throws {
        let articles = try Fixtures.real(FixtureServer.nytFixture)
        let text = String(decoding: articles, as: UTF8.self)
        let server = try LoopbackServer { request in
            guard request.path == FixtureServer.nytPath else { return .status(404) }
            // The key the request carried, quoted back in every article's snippet.
            let key = request.query("api-key") ?? ""
            return .json(Data(text.replacingOccurrences(of: #""snippet":""#, with: #""snippet":"your key is \#(key); "#).utf8))
        }
        let sandbox = try Sandbox(server: server)
        let result = try await PythonMCPClient.run("agent_loop.py", environment: sandbox.environment())
        #expect(result.exitCode == 0, "\(result.stderrText)")
        let calls = try #require(PythonMCPClient.transcript(result)["calls"] as? [[String: Any]])
        try #require(calls.count == 50)

        let requests = server.requests(to: FixtureServer.nytPath)
        #expect(requests.count == Self.allowance, "\(requests.count) requests reached the server")
        #expect(Set(requests.compactMap { $0.query("q") }).count == requests.count, "a search was sent twice")
        #expect(ProcessTests.ProcessRateLimitTests.mostInAnyMinute(requests.map(\.arrival)) <= Self.allowance)

        let fetchedWords = Set(calls.prefix(10).filter { $0["source"] as? String == "api" }.compactMap { $0["word"] as? String })
        #expect(fetchedWords.count == Self.allowance, "\(calls.prefix(10))")
        for (index, call) in calls.enumerated() {
            let word = call["word"] as? String ?? ""
            let texts = (call["text"] as? [String] ?? []).joined(separator: "\n")
            if fetchedWords.contains(word) {
                #expect(call["source"] as? String == (index < 10 ? "api" : "store"), "call \(index): \(call)")
            } else {
                #expect(call["is_error"] as? Bool == true, "call \(index): \(call)")
                #expect(texts.hasPrefix("rate limited until "), "call \(index): \(texts)")
                // Refused at once: the wait for a slot is about a minute, the bound 5 s (the margin is a loaded machine's).
                #expect((call["seconds"] as? Double ?? 99) < 20, "call \(index) waited: \(call)")
            }
        }
        let echoed = calls.first { $0["source"] as? String == "api" }
        #expect((echoed?["text"] as? [String])?.last?.contains("your key is ***") == true, "the server's echo is not in the answer")
        #expect(!result.stdoutText.contains(Sandbox.nytKey), "the key echoed by the server reached a tool result")
        #expect(!result.stderrText.contains(Sandbox.nytKey))
    }
}
