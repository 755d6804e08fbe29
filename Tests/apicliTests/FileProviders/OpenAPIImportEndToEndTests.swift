import Foundation
import Testing
import TestSupport

/// NYT's published OpenAPI (Swagger 2.0) document, imported, sends what the compiled NYT provider sends.
@Suite("OpenAPI import, end to end")
struct OpenAPIImportEndToEndTests {
    @Test("The imported NYT provider sends the compiled provider's request", arguments: [
        (["election", "results", "--from", "2016-11-01", "--to", "20161130"],
         ["election", "results", "--begin-date", "2016-11-01", "--end-date", "20161130"]),
        (["climate", "--sort", "newest", "--page", "2"], ["climate", "--sort", "newest", "--page", "2"]),
    ])
    func sameRequest(compiled: [String], imported: [String]) async throws {
        try await sendsTheCompiledRequest(
            document: Fixtures.realRoot.appendingPathComponent("openapi/nyt_article_search_v2.json").path,
            compiled: compiled, imported: imported)
    }

    /// NYT publishes its documents in YAML: the same operation, read from NYT's YAML, sends the same request.
    @Test("NYT's own YAML document imports as it is and sends the compiled provider's request")
    func yamlDocument() async throws {
        try await sendsTheCompiledRequest(
            document: Fixtures.realRoot.appendingPathComponent("openapi-corpus/nyt_article_search_v2.yaml").path,
            // The YAML revision declares the dates as plain strings, so they are given as NYT wants them.
            compiled: ["election", "results", "--from", "2016-11-01", "--to", "20161130"],
            imported: ["election", "results", "--begin-date", "20161101", "--end-date", "20161130"])
    }

    private func sendsTheCompiledRequest(document: String, compiled: [String], imported: [String]) async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let add = try await sandbox.run(["provider", "add", "nytimes", "--openapi", document, "--operation", "GET /articlesearch.json"])
        #expect(add.exitCode == 0, "\(add.stderrText)")
        let env = sandbox.baseURL(for: "nytimes").merging(["NYTIMES_API_KEY": Sandbox.nytKey]) { $1 }

        let first = try await sandbox.run(["nyt"] + compiled)
        #expect(first.exitCode == 0, "\(first.stderrText)")
        // --refresh: the same URL would otherwise be answered by the cache, and the server would see one request.
        let second = try await sandbox.run(["nytimes"] + imported + ["--refresh"], set: env)
        #expect(second.exitCode == 0, "\(second.stderrText)")

        let requests = fixtures.requests
        try #require(requests.count == 2)
        let (nyt, file) = (requests[0], requests[1])
        #expect(file.method == nyt.method)
        #expect(file.path == nyt.path)
        let sorted = { (request: RecordedRequest) in request.query.map { "\($0.name)=\($0.value)" }.sorted() }
        #expect(sorted(file) == sorted(nyt), "\(file.target) vs \(nyt.target)")
        #expect(nyt.query("api-key") == Sandbox.nytKey)
    }

    @Test("A YAML document with a key given twice is refused in one line (78), and nothing is written")
    func duplicateKeyInYAML() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let path = sandbox.home.path("api.yaml")
        try Data("openapi: 3.0.0\ninfo:\n  title: x\n  title: y\npaths: {}\n".utf8).write(to: URL(fileURLWithPath: path))
        let add = try await sandbox.run(["provider", "add", "x", "--openapi", path, "--operation", "search"])
        #expect(add.exitCode == 78)
        #expect(add.stderrText.split(separator: "\n").count == 1, "\(add.stderrText)")
        #expect(add.stderrText.contains("title"), "\(add.stderrText)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.home.path("config/apicli/providers/x.json")))
    }

    /// A document is text from strangers: what it says reaches help, the man page and completions.
    @Test("Terminal controls and bidi characters in a document's texts and enums never reach help or the man page")
    func hostileTexts() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let path = sandbox.home.path("api.json")
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
        let add = try await sandbox.run(["provider", "add", "evil", "--openapi", path, "--operation", "search"])
        #expect(add.exitCode == 0, "\(add.stderrText)")
        let unsafe: Set<Unicode.Scalar> = ["\u{1B}", "\u{07}", "\u{202E}", "\u{2066}"]
        for words in [["help", "evil"], ["evil", "--help"], ["manpage"], ["providers"], ["completions", "zsh"]] {
            let run = try await sandbox.run(words)
            #expect(run.exitCode == 0, "\(words): \(run.stderrText)")
            #expect(!run.stdoutText.unicodeScalars.contains(where: unsafe.contains), "\(words) shows a control")
        }
        let help = try await sandbox.run(["help", "evil"])
        #expect(help.stdoutText.contains("Find things"), "\(help.stdoutText)")
    }
}
