import Foundation
import Testing
import TestSupport

/// Hostile OpenAPI documents through `provider add … --openapi FILE`, the host in-process: each is
/// one clear line and exit 78, never a hang (every run has a 20 s bound), with nothing written to the providers folder;
/// texts that would control the terminal, written as JSON escapes or as plain UTF-8, are cleaned as
/// the design notes say and reach no output.
@Suite("Hostile OpenAPI documents, through the host")
struct HostileOpenAPIDocumentHostTests {
    /// A document with one search operation answering with `{"items": [<schema>]}`.
    static func document(
        items schema: String, summary: String = "Find things", mode: String = #"{"type": "string"}"#,
        description: String = "How to search"
    ) -> String {
        ##"""
        {"openapi": "3.0.0", "info": {"title": "T", "version": "1"}, "servers": [{"url": "https://api.example.org"}],
         "paths": {"/search": {"get": {"operationId": "search", "summary": "\##(summary)",
           "parameters": [{"name": "q", "in": "query", "required": true, "schema": {"type": "string"}},
                          {"name": "mode", "in": "query", "description": "\##(description)", "schema": \##(mode)}],
           "responses": {"200": {"description": "ok", "content": {"application/json": {"schema":
             {"type": "object", "properties": {"items": {"type": "array", "items": \##(schema)}}}}}}}}}},
         "components": {"schemas": {
           "Node": {"type": "object", "properties": {"id": {"type": "string"}, "title": {"type": "string"},
                    "child": {"$ref": "#/components/schemas/Node"}}},
           "Empty": {"type": "object", "properties": {"": {"$ref": "#/components/schemas/Empty"}}},
           "Dot": {"type": "object", "properties": {".": {"$ref": "#/components/schemas/Dot"}}},
           "A": {"$ref": "#/components/schemas/B"}, "B": {"$ref": "#/components/schemas/A"}}}}
        """##
    }

    static let node = ##"{"$ref": "#/components/schemas/Node"}"##
    static let plain = Data(document(items: node).utf8)

    /// Documents that are refused: the bytes, and words the one line must hold.
    static let refused: [(name: String, bytes: @Sendable () -> Data, says: String)] = [
        ("a property named \"\" that refers to its own schema",
         { Data(document(items: ##"{"$ref": "#/components/schemas/Empty"}"##).utf8) }, "column"),
        ("a property named \".\" that refers to its own schema",
         { Data(document(items: ##"{"$ref": "#/components/schemas/Dot"}"##).utf8) }, "column"),
        ("a $ref cycle with nothing else", { Data(document(items: ##"{"$ref": "#/components/schemas/A"}"##).utf8) },
         "items"),
        ("a document of 100 MB", {
            var bytes = plain.dropLast()
            bytes += Data(#","x-pad": ""#.utf8) + Data(repeating: UInt8(ascii: "a"), count: 100 * 1024 * 1024)
            return Data(bytes) + Data(#""}"#.utf8)
        }, "MiB"),
        ("10,000 levels of nesting", {
            Data(plain.dropLast()) + Data(#","x-deep": "#.utf8) + Data(String(repeating: #"{"a":"#, count: 10_000).utf8)
                + Data("1".utf8) + Data(String(repeating: "}", count: 10_000).utf8) + Data("}".utf8)
        }, "levels deep"),
        ("a key given twice", { Data(plain.dropLast()) + Data(#","info": {"title": "U", "version": "1"}}"#.utf8) },
         "given twice"),
        ("invalid UTF-8", {
            let parts = document(items: node).components(separatedBy: "Find things")
            return Data(parts[0].utf8) + Data([0x46, 0xFF, 0xFE]) + Data(parts[1].utf8)
        }, "UTF-8"),
        ("a byte-order mark", { Data([0xEF, 0xBB, 0xBF]) + plain }, "byte-order mark"),
        ("UTF-16", { Data(document(items: node).utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }) }, "UTF-16"),
        ("a raw escape byte in a summary", { Data(document(items: node, summary: "Find\u{1B}[2J things").utf8) }, "0x1B"),
        ("a raw bell in an enum", {
            Data(document(items: node, mode: "{\"type\": \"string\", \"enum\": [\"fast\", \"x\u{07}\"]}").utf8)
        }, "0x07"),
        ("a raw backspace in a description", { Data(document(items: node, description: "How\u{08} to").utf8) }, "0x08"),
    ]

    @Test("Each hostile document is one line, exit 78, within 20 s, and nothing is written",
          .timeLimit(.minutes(1)), arguments: 0..<12)
    func refusedDocument(_ index: Int) async throws {
        let (name, bytes, says) = Self.refused[index]
        let host = try ProviderFilesHost()
        let path = host.home.path("api.json")
        try bytes().write(to: URL(fileURLWithPath: path))
        // h20shapes fixes the hang on a self-referring "" or "." property; this bound makes a hang a failure, not a stall.
        let started = ContinuousClock.now
        let add = await host.run(["provider", "add", "x", "--openapi", path, "--operation", "search"])
        #expect(ContinuousClock.now - started < .seconds(20), "\(name): hung")
        #expect(add.code == .configuration, "\(name): \(add.stderr)")
        #expect(add.isOneErrorLine, "\(name): \(add.stderr)")
        #expect(add.stderr.contains(says), "\(name): \(add.stderr)")
        #expect(!add.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(name): a control echoed")
        let written = (try? FileManager.default.contentsOfDirectory(atPath: host.providersFolder)) ?? []
        #expect(written.isEmpty, "\(name): \(written)")
        #expect(host.requests.isEmpty)
    }

    /// Texts a JSON reader accepts (escaped controls, plain bidi characters): cleaned, as the design notes decide.
    static let cleaned: [(name: String, text: String)] = [
        ("an escaped screen clear in a summary", document(items: node, summary: #"Find\u001b[2J things"#)),
        ("a right-to-left override in a summary", document(items: node, summary: "Find \u{202E}things")),
        ("an OSC 52 write, escaped, in an enum",
         document(items: node, mode: #"{"type": "string", "enum": ["fast", "\u001b]52;c;SGVsbG8=\u0007"]}"#)),
        ("an isolate in an enum", document(items: node, mode: "{\"type\": \"string\", \"enum\": [\"fast\", \"x\u{2066}y\"]}")),
        ("a direction mark and an escaped bell in a description", document(items: node, description: #"How\u0007 to \u200f"#)),
    ]

    @Test("Controls and bidi characters a JSON reader accepts are cleaned: the file and every output are free of them",
          arguments: 0..<5)
    func cleanedDocument(_ index: Int) async throws {
        let (name, text) = Self.cleaned[index]
        let host = try ProviderFilesHost()
        let path = host.home.path("api.json")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let add = await host.run(["provider", "add", "x", "--openapi", path, "--operation", "search"])
        #expect(add.code == .success, "\(name): \(add.stderr)")
        let file = try String(contentsOfFile: host.providersFolder + "/x.json", encoding: .utf8)
        #expect(!TerminalControls.present(in: file), "\(name): \(file.debugDescription)")
        #expect(!file.contains(#"\u001b"#) && !file.contains(#"\u0007"#) && !file.contains(#"\u202e"#), "\(name): \(file)")
        for words in ProviderFileTextHostTests.commands.map({ $0.map { $0 == "wiki" ? "x" : $0 } }) {
            let run = await host.run(words)
            #expect(!TerminalControls.present(in: run.stdout + run.stderr), "\(name), \(words)")
        }
    }
}
