import Foundation
import Testing
import TestSupport

/// What an OpenAPI import refuses and cleans, through the host in-process (that an imported NYT
/// document sends the compiled provider's request is `NYTTests/ImportedNYTRequestTests`).
@Suite("OpenAPI import, through the host")
struct OpenAPIImportHostTests {
    @Test("A YAML document with a key given twice is refused in one line (78), and nothing is written")
    func duplicateKeyInYAML() async throws {
        let host = try ProviderFilesHost()
        let path = host.home.path("api.yaml")
        try Data("openapi: 3.0.0\ninfo:\n  title: x\n  title: y\npaths: {}\n".utf8).write(to: URL(fileURLWithPath: path))
        let add = await host.run(["provider", "add", "x", "--openapi", path, "--operation", "search"])
        #expect(add.code == .configuration)
        #expect(add.isOneErrorLine, "\(add.stderr)")
        #expect(add.stderr.contains("title"), "\(add.stderr)")
        #expect(!FileManager.default.fileExists(atPath: host.home.path("config/apicli/providers/x.json")))
    }

    /// A document is text from strangers: what it says reaches help, the man page and completions.
    @Test("Terminal controls and bidi characters in a document's texts and enums never reach help or the man page")
    func hostileTexts() async throws {
        let host = try ProviderFilesHost()
        let path = host.home.path("api.json")
        let document = #"""
            {"openapi": "3.0.0", "info": {"title": "Evil\u202e API\u0007", "version": "1"},
             "servers": [{"url": "https://api.example.org"}],
             "paths": {"/search": {"get": {"operationId": "search", "summary": "Find\u001b[2J things\u2066",
               "parameters": [
                 {"name": "q", "in": "query", "required": true, "schema": {"type": "string"}},
                 {"name": "mode", "in": "query", "description": "How\u001b]52;c;SGVsbG8=\u0007 to search",
                  "schema": {"type": "string", "enum": ["fast", "\u001b]52;c;SGVsbG8=\u0007"]}}],
               "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {
                 "type": "object", "properties": {"items": {"type": "array", "items": {"type": "object",
                   "properties": {"id": {"type": "string"}, "title": {"type": "string"}}}}}}}}}}}}}}
            """#
        try Data(document.utf8).write(to: URL(fileURLWithPath: path))
        let add = await host.run(["provider", "add", "evil", "--openapi", path, "--operation", "search"])
        #expect(add.code == .success, "\(add.stderr)")
        let unsafe: Set<Unicode.Scalar> = ["\u{1B}", "\u{07}", "\u{202E}", "\u{2066}"]
        for words in [["help", "evil"], ["evil", "--help"], ["manpage"], ["providers"], ["completions", "zsh"]] {
            let run = await host.run(words)
            #expect(run.code == .success, "\(words): \(run.stderr)")
            #expect(!run.stdout.unicodeScalars.contains(where: unsafe.contains), "\(words) shows a control")
        }
        let help = await host.run(["help", "evil"])
        #expect(help.stdout.contains("Find things"), "\(help.stdout)")
    }
}
