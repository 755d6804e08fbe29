import Foundation
import Testing
import TestSupport

/// `apicli mcp` fed raw JSON-RPC on stdin: every line that is not a well-formed request
/// gets the error object the specification names, a notification or a client's answer gets
/// nothing, nothing but answers reaches stdout, stderr stays silent, and a closed stdin
/// ends the process with 0.
@Suite("apicli mcp: raw JSON-RPC")
struct MCPProtocolEndToEndTests {
    static let lines = [
        #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2024-11-05","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#,
        #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
        #"this is not json"#,
        #"{"jsonrpc":"2.0","id":2,"method":"tools/li"#,
        #"[{"jsonrpc":"2.0","id":3,"method":"ping"}]"#,
        #""just a string""#,
        #"{"id":4,"method":"ping"}"#,
        #"{"jsonrpc":"2.0","id":5,"method":"resources/subscribe"}"#,
        #"{"jsonrpc":"2.0","method":"notifications/whatever"}"#,
        #"{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"arguments":{}}}"#,
        #"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"no_such_tool"}}"#,
        #"{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"nyt","arguments":{"page":"two"}}}"#,
        #"{"jsonrpc":"2.0","id":9,"result":{}}"#,
        #"{"jsonrpc":"2.0","id":null,"method":"ping"}"#,
        #"{"jsonrpc":"2.0","id":10,"method":"initialize","params":{"protocolVersion":"2099-01-01"}}"#,
        #"{"jsonrpc":"2.0","id":11,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}"#,
        #"{"jsonrpc":"2.0","id":12,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"1900-01-01"}}}"#,
        #"{"jsonrpc":"2.0","id":13,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}"#,
        #"{"jsonrpc":"2.0","id":"last","method":"ping"}"#,
    ]

    @Test("each malformed, unknown or wrong message gets its JSON-RPC error; nothing else is written")
    func malformedInput() async throws {
        let sandbox = try Sandbox(server: FixtureServer().server)
        let result = try await sandbox.run(["mcp"], stdin: Self.lines.joined(separator: "\n") + "\n")
        #expect(result.exitCode == 0)
        #expect(result.stderrText.isEmpty, "stderr without --verbose: \(result.stderrText)")
        let replies = try result.stdoutText.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not an object: \(line)")
        }
        #expect(replies.allSatisfy { $0["jsonrpc"] as? String == "2.0" })
        func reply(_ id: Any) -> [String: Any]? {
            replies.first { reply in
                switch (reply["id"], id) {
                case let (left as Int, right as Int): left == right
                case let (left as String, right as String): left == right
                default: false
                }
            }
        }
        func code(_ reply: [String: Any]?) -> Int? { (reply?["error"] as? [String: Any])?["code"] as? Int }

        #expect((reply(1)?["result"] as? [String: Any])?["protocolVersion"] as? String == "2024-11-05")
        #expect((reply(10)?["result"] as? [String: Any])?["protocolVersion"] as? String == "2025-11-25")
        let nullIDs = replies.filter { $0["id"] is NSNull }.map(code)
        // not JSON, a cut line, a batch, a bare string, no "jsonrpc", a null id
        #expect(nullIDs.sorted { ($0 ?? 0) < ($1 ?? 0) } == [-32700, -32700, -32600, -32600, -32600], "\(nullIDs)")
        #expect(code(reply(4)) == -32600)
        #expect(code(reply(5)) == -32601)
        #expect(code(reply(6)) == -32602)
        #expect(code(reply(7)) == -32602)
        #expect(code(reply(8)) == -32602)
        #expect(reply(9) == nil, "a client's answer was answered")
        let modern = reply(11)?["result"] as? [String: Any]
        #expect(modern?["resultType"] as? String == "complete")
        #expect(((modern?["tools"] as? [Any])?.count ?? 0) >= 5)
        #expect(code(reply(12)) == -32022)
        let supported = ((reply(12)?["error"] as? [String: Any])?["data"] as? [String: Any])?["supported"] as? [String]
        #expect(supported?.first == "2026-07-28" && supported?.contains("2025-11-25") == true)
        #expect(((reply(13)?["result"] as? [String: Any])?["supportedVersions"] as? [String])?.contains("2026-07-28") == true)
        #expect((reply("last")?["result"] as? [String: Any]) != nil)
        // One answer per line, none for the two notifications and the client's answer.
        #expect(replies.count == Self.lines.count - 3, "\(result.stdoutText)")
        #expect(sandbox.server.requests.isEmpty)
    }

    @Test("--verbose logs on stderr; stdout carries the same answers")
    func verboseLogs() async throws {
        let sandbox = try Sandbox(server: FixtureServer().server)
        let result = try await sandbox.run(["mcp", "--verbose"], stdin: Self.lines[0] + "\n")
        #expect(result.exitCode == 0)
        #expect(result.stderrText.contains("apicli mcp: request initialize"), "\(result.stderrText)")
        #expect(result.stdoutText.split(separator: "\n").count == 1)
    }

    @Test("an empty stdin ends it at once with 0")
    func closedStdin() async throws {
        let sandbox = try Sandbox(server: FixtureServer().server)
        let result = try await sandbox.run(["mcp"], timeout: .seconds(20))
        #expect(result.exitCode == 0 && !result.timedOut)
        #expect(result.stdoutText.isEmpty && result.stderrText.isEmpty)
    }
}

/// The bound on a rate-limit wait (`--max-wait`), apart from the request deadline: NYT's
/// 12 s between requests is well within the 30 s deadline, so the command line waits it
/// out, and a tool call answers at once instead.
@Suite("apicli mcp: a long rate-limit wait answers at once")
struct MCPRateLimitBoundTests {
    @Test("of two searches at once, one is fetched and the other says until when it is rate limited")
    func boundedWait() async throws {
        let sandbox = try Sandbox(server: FixtureServer().server)
        let calls = ["first", "second"].enumerated().map { index, word in
            #"{"jsonrpc":"2.0","id":\#(index + 1),"method":"tools/call","params":{"name":"nyt","arguments":{"words":["\#(word)"]}}}"#
        }
        let result = try await sandbox.run(
            ["mcp", "--max-wait", "2"], set: ["APICLI_TIMEOUT": "30"], unset: ["APICLI_NYT_SPACING"],
            stdin: calls.joined(separator: "\n") + "\n")
        #expect(result.exitCode == 0)
        let texts = result.stdoutText.split(separator: "\n").compactMap { line -> (Bool, String)? in
            guard let reply = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let answer = reply["result"] as? [String: Any],
                  let content = answer["content"] as? [[String: Any]], let text = content.first?["text"] as? String
            else { return nil }
            return (answer["isError"] as? Bool ?? false, text)
        }
        #expect(texts.count == 2, "\(result.stdoutText)")
        #expect(texts.filter { !$0.0 }.count == 1)
        let refused = texts.first { $0.0 }?.1 ?? ""
        #expect(refused.hasPrefix("rate limited until 20"), "\(refused)")
        // A call that had waited the 12 s would have been sent and answered: one request, one refusal
        // show it did not (timing the run would measure the machine's load as much).
        #expect(sandbox.server.requests(to: FixtureServer.nytPath).count == 1)
    }
}

/// Provider files as tools: each operation one, with its own options, from the same
/// description as the completions above.
@Suite("apicli mcp: provider files' operations as tools")
struct MCPProviderFileToolsTests {
    @Test("an installed file and an imported document list one tool per operation")
    func operationsAsTools() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        try sandbox.installProviderFile("books", OperationCompletionEndToEndTests.books)
        let added = try await sandbox.run(["provider", "add", "top", "--openapi", OperationCompletionEndToEndTests.topStories])
        #expect(added.exitCode == 0, "\(added.stderrText)")
        let result = try await sandbox.run(["mcp"], stdin: #"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"# + "\n")
        #expect(result.exitCode == 0 && result.stderrText.isEmpty, "\(result.stderrText)")
        let reply = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let tools = try #require((reply["result"] as? [String: Any])?["tools"] as? [[String: Any]])
        let byName = Dictionary(tools.compactMap { tool in (tool["name"] as? String).map { ($0, tool) } }) { first, _ in first }
        #expect(byName["books_reviews"] != nil && byName["books_lists-date-list"] != nil, "\(byName.keys.sorted())")
        let reviews = (byName["books_reviews"]?["inputSchema"] as? [String: Any])?["properties"] as? [String: [String: Any]]
        #expect(reviews?["order"]?["enum"] as? [String] == ["newest", "oldest"])
        #expect(reviews?["offset"] == nil, "another operation's option")
        let top = byName.keys.filter { $0.hasPrefix("top") }
        #expect(!top.isEmpty, "\(byName.keys.sorted())")
        let section = top.compactMap { name in
            ((byName[name]?["inputSchema"] as? [String: Any])?["properties"] as? [String: [String: Any]])?["section"]?["enum"] as? [String]
        }.first
        #expect(section?.contains("arts") == true, "\(top)")
    }
}

/// A key a server quotes back in an error, and a password in a base URL, reach no tool
/// description, result or error.
@Suite("apicli mcp: no key or password in what the agent reads")
struct MCPSecretsTests {
    @Test("a 401 that quotes the key and a base URL with a password: the error names neither")
    func errorsKeepSecrets() async throws {
        let password = "pass-word-secret-42"
        let server = try LoopbackServer { request in
            let key = request.query("api-key") ?? ""
            return .json(#"{"fault":{"faultstring":"Invalid ApiKey \#(key)","detail":{"errorcode":"oauth.v2.InvalidApiKey"}}}"#, status: 401)
        }
        let sandbox = try Sandbox(server: server)
        var base = try #require(URLComponents(url: server.baseURL, resolvingAgainstBaseURL: false))
        base.user = "mcpuser"
        base.password = password
        let lines = [
            #"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"nyt","arguments":{"words":["leak"]}}}"#,
        ]
        let result = try await sandbox.run(
            ["mcp", "--verbose"], set: ["APICLI_NYT_BASE_URL": try #require(base.string)], stdin: lines.joined(separator: "\n") + "\n")
        #expect(result.exitCode == 0)
        #expect(server.requests.first?.query("api-key") == Sandbox.nytKey, "the key did not reach the server")
        #expect(result.stdoutText.contains(#""isError":true"#), "\(result.stdoutText)")
        #expect(result.stdoutText.contains("key"), "the error does not say the key was refused: \(result.stdoutText)")
        for secret in [Sandbox.nytKey, Sandbox.weatherKey, password] {
            #expect(!result.stdoutText.contains(secret), "\(secret) reached the agent: \(result.stdoutText)")
            #expect(!result.stderrText.contains(secret), "\(secret) in the log")
        }
    }
}

/// Requests overlap: a slow call does not hold a quick one behind it, and a cancelled one is not answered.
@Suite("apicli mcp: overlapping requests")
struct MCPOverlapTests {
    @Test("a ping sent after a slow call is answered first; the call cancelled gets no answer")
    func overlapAndCancel() async throws {
        let articles = try Fixtures.real(FixtureServer.nytFixture)
        let server = try LoopbackServer { _ in ScriptedResponse.json(articles).delayed(by: .seconds(2)) }
        let sandbox = try Sandbox(server: server)
        let lines = [
            #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"nyt","arguments":{"words":["slow"]}}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"nyt","arguments":{"words":["cancelled"]}}}"#,
            #"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2}}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"ping"}"#,
        ]
        let result = try await sandbox.run(["mcp"], stdin: lines.joined(separator: "\n") + "\n")
        #expect(result.exitCode == 0)
        let ids = result.stdoutText.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["id"] as? Int
        }
        #expect(ids == [3, 1], "\(result.stdoutText)")
    }
}
