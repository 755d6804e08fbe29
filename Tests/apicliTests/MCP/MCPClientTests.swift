import Foundation
import Testing
import TestSupport

/// `apicli mcp` driven by the official MCP client SDK for Python, as an agent host drives
/// it, against the loopback NYT and OpenWeather: in the `initialize` handshake of the
/// 2025 revisions and in the SDK's default, which probes `server/discover` and speaks the
/// stateless 2026-07-28 revision.
@Suite("apicli mcp and the Python MCP client", .needs("python3"), .needsPythonMCP)
struct MCPClientTests {
    @Test("a session lists the tools, fetches once, answers again from the store, and reads the store", arguments: ["legacy", "auto"])
    func exchange(mode: String) async throws {
        let sandbox = try Sandbox(server: FixtureServer().server)
        let result = try await PythonMCPClient.run("exchange.py", arguments: [mode], environment: sandbox.environment())
        #expect(result.exitCode == 0, "\(result.stderrText)")
        let transcript = try PythonMCPClient.transcript(result)
        #expect(transcript["protocol_version"] as? String == (mode == "legacy" ? "2025-11-25" : "2026-07-28"))

        let tools = try #require(transcript["tools"] as? [[String: Any]])
        let names = tools.compactMap { $0["name"] as? String }
        for name in ["nyt", "weather", "search_store", "query_store", "describe_store"] {
            #expect(names.contains(name), "\(name) is not listed: \(names)")
        }
        // The schema is the command's description: NYT's words, its closed --sort, its numbered --page.
        let nyt = try #require(tools.first { $0["name"] as? String == "nyt" })
        let properties = try #require((nyt["input_schema"] as? [String: Any])?["properties"] as? [String: [String: Any]])
        #expect(properties["words"]?["type"] as? String == "array")
        #expect(properties["sort"]?["enum"] as? [String] == ["newest", "oldest", "relevance"])
        #expect(properties["page"]?["type"] as? String == "integer")
        #expect(properties["refresh"]?["type"] as? String == "boolean")
        let weather = try #require(tools.first { $0["name"] as? String == "weather" })
        let weatherProperties = (weather["input_schema"] as? [String: Any])?["properties"] as? [String: [String: Any]]
        #expect(weatherProperties?["now"]?["type"] as? String == "boolean")
        #expect(weatherProperties?["units"]?["enum"] as? [String] == ["metric", "imperial", "standard"])

        let steps = try #require(transcript["steps"] as? [[String: Any]])
        try #require(steps.count == 9)
        let fetched = try structured(steps[0])
        let stored = try structured(steps[1])
        #expect(fetched["source"] as? String == "api")
        #expect(stored["source"] as? String == "store")
        #expect((fetched["answer"] as? [Any])?.count == 10)
        #expect(NSArray(array: fetched["answer"] as? [Any] ?? []) == NSArray(array: stored["answer"] as? [Any] ?? []))
        // The stored answer says when it was fetched: the cache's time, read a moment before the call's.
        let fetchedAt = try #require((fetched["at"] as? String).flatMap { try? Date($0, strategy: .iso8601) })
        let storedAt = try #require((stored["at"] as? String).flatMap { try? Date($0, strategy: .iso8601) })
        #expect(abs(fetchedAt.timeIntervalSince(storedAt)) <= 1, "fetched at \(fetchedAt), stored answer says \(storedAt)")
        #expect(sandbox.server.requests(to: FixtureServer.nytPath).count == 1, "the second identical call sent a request")
        // The text carries the same JSON that `--format json` prints, after the summary.
        let text = steps[1]["text"] as? [String] ?? []
        #expect(text.first?.hasPrefix("nyt: 10 items from the store, fetched ") == true, "\(text)")
        #expect(text.count == 2 && text[1].hasPrefix("["))

        let forecast = try structured(steps[2])
        #expect(forecast["source"] as? String == "api")
        #expect((forecast["answer"] as? [Any])?.count == 1)

        let search = try structured(steps[3])
        #expect(((search["matches"] as? [Any])?.count ?? 0) > 0, "\(steps[3])")
        let count = try structured(steps[4])
        #expect(((count["rows"] as? [[String: Any]])?.first?["articles"] as? Int) == 10)
        #expect(steps[5]["is_error"] as? Bool == true)
        #expect((steps[5]["text"] as? [String])?.first?.contains("SQLite") == true, "\(steps[5])")
        #expect(try sandbox.count("nyt_articles") == 10, "a write statement changed the store")
        let tables = try structured(steps[6])["tables"] as? [[String: Any]] ?? []
        #expect(tables.contains { $0["name"] as? String == "nyt_articles" && $0["owner"] as? String == "nyt" })
        #expect((steps[7]["jsonrpc_error"] as? [String: Any])?["code"] as? Int == -32602, "\(steps[7])")
        #expect((steps[8]["jsonrpc_error"] as? [String: Any])?["code"] as? Int == -32602, "\(steps[8])")

        for secret in [Sandbox.nytKey, Sandbox.weatherKey] {
            #expect(!result.stdoutText.contains(secret), "a key reached the client")
            #expect(!result.stderrText.contains(secret))
        }
    }

    private func structured(_ step: [String: Any]) throws -> [String: Any] {
        #expect(step["is_error"] as? Bool == false, "\(step)")
        return try #require(step["structured"] as? [String: Any], "\(step)")
    }
}
