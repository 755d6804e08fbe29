import APICore
@testable import APIHost
import Foundation
import Testing

/// The tool list made from command descriptions: names, schemas, the write filter, and
/// the command line a call's arguments become.
@Suite("MCP tools from the command description")
struct ToolCatalogTests {
    static let petstore = ProviderDescriptor(
        name: "petstore", displayName: "Petstore", summary: "A test provider.",
        defaultBaseURL: URL(fileURLWithPath: "/"),
        operations: [
            OperationSpec(
                name: "get-pet", summary: "Find a pet by id.",
                arguments: [ArgumentSpec("pet-id", help: "The pet's id.")],
                options: [.value("status", valueName: "VALUE", help: "Status.", choices: ["sold", "available"])]),
            OperationSpec(name: "add-pet", summary: "Add a pet.", options: [.value("name", valueName: "TEXT", help: "Name.", required: true)]),
        ])
    /// Marks `add-pet` a write, as an operation with a method other than GET will be.
    static let addPetWrites: ToolCatalog.WriteTest = { _, operation in operation?.name == "add-pet" }

    @Test("a write is withheld without --allow-writes and cannot be called")
    func writesWithheld() {
        let catalog = ToolCatalog(providers: [Self.petstore], allowWrites: false, isWrite: Self.addPetWrites)
        #expect(catalog.providerTools.map(\.name) == ["petstore_get-pet"])
        #expect(catalog.withheldWrites == ["petstore_add-pet"])
        #expect(catalog.tool(named: "petstore_add-pet") == nil)
    }

    @Test("with --allow-writes a write is offered, marked as one, with no store controls")
    func writesMarked() throws {
        let catalog = ToolCatalog(providers: [Self.petstore], allowWrites: true, isWrite: Self.addPetWrites)
        let tool = try #require(catalog.tool(named: "petstore_add-pet"))
        #expect(tool.isWrite)
        let listing = tool.listing
        #expect(listing["description"]?.cellText.hasPrefix("WRITE: ") == true)
        #expect(listing["annotations"]?["readOnlyHint"] == .bool(false))
        #expect(listing["inputSchema"]?["properties"]?["refresh"] == nil)
        #expect(catalog.tool(named: "petstore_get-pet")?.listing["annotations"]?["readOnlyHint"] == .bool(true))
    }

    @Test("the schema has the operation's arguments, options, choices and required names")
    func schema() throws {
        let catalog = ToolCatalog(providers: [Self.petstore], allowWrites: false)
        let schema = try #require(catalog.tool(named: "petstore_get-pet")?.listing["inputSchema"])
        #expect(schema["required"] == .array(["pet-id"]))
        #expect(schema["properties"]?["status"]?["enum"] == .array(["sold", "available"]))
        #expect(schema["properties"]?["pet-id"]?["type"] == .string("string"))
        #expect(schema["additionalProperties"] == .bool(false))
    }

    @Test("arguments become the command line; options take their value after '=', words follow '--'")
    func commandLine() throws {
        let catalog = ToolCatalog(providers: [Self.petstore], allowWrites: false)
        let tool = try #require(catalog.tool(named: "petstore_get-pet"))
        let line = try ToolArguments.commandLine(
            for: tool, arguments: .object([.init("pet-id", "-1"), .init("status", "sold"), .init("refresh", true)]))
        #expect(line == ["petstore", "get-pet", "--status=sold", "--refresh", "--", "-1"])
        #expect(throws: JSONRPCError.self) { try ToolArguments.commandLine(for: tool, arguments: .object([])) }
        #expect(throws: JSONRPCError.self) {
            try ToolArguments.commandLine(for: tool, arguments: .object([.init("pet-id", "1"), .init("colour", "red")]))
        }
    }

    @Test("a long name is cut to 64 characters and stays apart from another")
    func longNames() {
        let long = String(repeating: "a", count: 80)
        let one = ProviderTool.toolName(provider: "p", operation: long)
        let other = ProviderTool.toolName(provider: "p", operation: long + "b")
        #expect(one.count <= 64 && other.count <= 64 && one != other)
    }

    @Test("a line is cut at newlines, a CR before one dropped, an oversized one reported")
    func lines() {
        var splitter = LineSplitter(limit: 8)
        let bytes = Array("ab\r\ncd\n\n0123456789\nef".utf8)
        let lines = splitter.add(bytes[...])
        #expect(lines.count == 3)
        if case let .text(first) = lines[0] { #expect(Array(first) == Array("ab".utf8)) } else { Issue.record("\(lines)") }
        if case .tooLong = lines[2] {} else { Issue.record("\(lines)") }
        if case let .text(last)? = splitter.finish() { #expect(Array(last) == Array("ef".utf8)) } else { Issue.record("no last line") }
    }
}
