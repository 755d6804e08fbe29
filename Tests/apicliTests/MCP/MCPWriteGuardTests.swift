import Foundation
import Testing
import TestSupport

/// A write operation of an imported document is no tool until `apicli mcp --allow-writes`,
/// and then it says it writes; asked for by name without the flag, it is refused with the
/// flag's name.
@Suite("apicli mcp: writes only with --allow-writes")
struct MCPWriteGuardTests {
    static let document = #"""
        {"openapi": "3.0.3", "info": {"title": "Pets", "version": "1"},
         "servers": [{"url": "https://pets.example.com/v1"}],
         "paths": {"/pets": {
           "get": {"operationId": "listPets", "responses": {"200": {"description": "ok"}}},
           "post": {"operationId": "addPet", "summary": "Add a pet",
             "requestBody": {"content": {"application/json": {"schema": {"type": "object",
               "required": ["name"], "properties": {"name": {"type": "string"}}}}}},
             "responses": {"201": {"description": "made"}}}}}}
        """#

    static func tools(_ stdout: Data) throws -> [String: [String: Any]] {
        let reply = try #require(try JSONSerialization.jsonObject(with: stdout) as? [String: Any])
        let tools = try #require((reply["result"] as? [String: Any])?["tools"] as? [[String: Any]])
        return Dictionary(tools.compactMap { tool in (tool["name"] as? String).map { ($0, tool) } }) { first, _ in first }
    }

    @Test("listed and marked only with --allow-writes; called without it, refused by name")
    func writesGuarded() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let path = sandbox.home.path("pets.json")
        try Data(Self.document.utf8).write(to: URL(fileURLWithPath: path))
        let added = try await sandbox.run(["provider", "add", "pets", "--openapi", path])
        #expect(added.exitCode == 0, "\(added.stderrText)")
        let list = #"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"# + "\n"

        let reads = try Self.tools(try await sandbox.run(["mcp"], stdin: list).stdout)
        let writeNames = reads.keys.filter { $0.hasPrefix("pets") && $0.contains("add") }
        #expect(writeNames.isEmpty, "\(reads.keys.sorted())")
        #expect(reads.keys.contains { $0.hasPrefix("pets") }, "the read stays: \(reads.keys.sorted())")

        let all = try Self.tools(try await sandbox.run(["mcp", "--allow-writes"], stdin: list).stdout)
        let write = try #require(all.first { $0.key.hasPrefix("pets") && $0.key.contains("add") })
        #expect((write.value["description"] as? String)?.contains("WRITE") == true, "\(write.value)")
        #expect((write.value["annotations"] as? [String: Any])?["readOnlyHint"] as? Bool == false, "\(write.value)")

        let call = #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"\#(write.key)","arguments":{"name":"Rex"}}}"# + "\n"
        let refused = try await sandbox.run(["mcp"], stdin: call)
        let text = String(decoding: refused.stdout, as: UTF8.self)
        #expect(text.contains("--allow-writes"), "\(text)")
        #expect(!text.contains("\"result\":{\"content\""), "a withheld write never runs: \(text)")
    }
}
