import Foundation
import Testing
import TestSupport

/// NYT's own Books document (YAML), imported whole: every GET operation a
/// command, described by `provider show --format json`, and sent as described.
@Suite("Importing every GET operation, end to end")
struct OperationsImportEndToEndTests {
    static let books = Fixtures.realRoot.appendingPathComponent("openapi-corpus/nyt_books_api.yaml").path
    static let overview = "openapi-answers/nyt_books_lists_overview_2018-04-01_yanwenwang.json"

    struct Operation: Decodable {
        struct Argument: Decodable { var name, parameter, type: String; var choices: [String] }
        struct Option: Decodable { var name, parameter, type: String; var required: Bool; var choices: [String] }
        var name, method, path, summary, items: String
        var arguments: [Argument]
        var options: [Option]
        var words: String?
        var paging: String?
    }

    struct Shown: Decodable {
        var name: String
        var operations: [Operation]
    }

    @Test("add imports all six GET operations; provider show --format json describes each; a run sends what it says")
    func books() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        fixtures.answer(.json(try Fixtures.real(Self.overview))) { $0.path == "/svc/books/v3/lists/overview.json" }
        let add = try await sandbox.run(["provider", "add", "books", "--openapi", Self.books])
        #expect(add.exitCode == 0, "\(add.stderrText)")
        #expect(add.stderrText.contains("6 operations"), "\(add.stderrText)")

        let show = try await sandbox.run(["provider", "show", "books", "--format", "json"])
        #expect(show.exitCode == 0, "\(show.stderrText)")
        let shown = try JSONDecoder().decode(Shown.self, from: show.stdout)
        #expect(shown.operations.count == 6)
        let byDate = try #require(shown.operations.first { $0.path == "/svc/books/v3/lists/{date}/{list}.json" })
        #expect(byDate.method == "GET")
        #expect(byDate.arguments.map(\.parameter) == ["date", "list"])
        let overview = try #require(shown.operations.first { $0.path == "/svc/books/v3/lists/overview.json" })
        #expect(overview.options.map(\.parameter) == ["published_date"])
        #expect(overview.items == "results.lists")
        #expect(Set(shown.operations.map(\.name)).count == 6, "names are unique")

        let env = sandbox.baseURL(for: "books").merging(["BOOKS_API_KEY": Sandbox.nytKey]) { $1 }
        let run = try await sandbox.run(["books", overview.name, "--published-date", "2018-04-01"], set: env)
        #expect(run.exitCode == 0, "\(run.stderrText)")
        #expect(run.stdoutText.contains("Combined Print and E-Book Fiction"), "\(run.stdoutText)")
        let sent = try #require(fixtures.requests.last)
        #expect(sent.path == "/svc/books/v3/lists/overview.json")
        #expect(sent.query("published_date") == "2018-04-01")
        #expect(sent.query("api-key") == Sandbox.nytKey)

        _ = try await sandbox.run(["books", byDate.name, "2018-04-01", "../hardcover fiction"], set: env)
        #expect(fixtures.requests.last?.path == "/svc/books/v3/lists/2018-04-01/..%2Fhardcover%20fiction.json")

        let typo = try await sandbox.run(["books", String(overview.name.dropLast()) + "x"], set: env)
        #expect(typo.exitCode == 64)
        #expect(typo.stderrText.contains("did you mean '\(overview.name)'"), "\(typo.stderrText)")
        let help = try await sandbox.run(["help", "books", byDate.name])
        #expect(help.exitCode == 0 && help.stdoutText.contains("<date> <list>"), "\(help.stdoutText)")
    }

    @Test("operations that cannot be imported are left out one line each; nothing importable is 78 and writes nothing")
    func partial() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let path = sandbox.home.path("api.json")
        let document = """
            {"openapi": "3.0.0", "info": {"title": "Two"}, "servers": [{"url": "https://two.invalid"}],
             "paths": {
               "/things": {"get": {"operationId": "listThings", "responses": {"200": {"content": {"application/json": {"schema":
                 {"type": "object", "properties": {"things": {"type": "array", "items": {"type": "object", "properties": {"name": {"type": "string"}}}}}}}}}}}},
               "/things/{id}/parts": {"get": {"operationId": "list_parts", "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}},
                 {"name": "kind", "in": "query", "required": true, "schema": {"type": "string"}}],
                 "responses": {"200": {"content": {"application/json": {"schema": {"type": "object", "properties": {"parts":
                   {"type": "array", "items": {"type": "object", "properties": {"name": {"type": "string"}}}}}}}}}}}},
               "/count": {"get": {"operationId": "getCount", "responses": {"200": {"content": {"application/json": {"schema": {"type": "integer"}}}}}}}
             }}
            """
        try Data(document.utf8).write(to: URL(fileURLWithPath: path))
        let add = try await sandbox.run(["provider", "add", "two", "--openapi", path])
        #expect(add.exitCode == 0, "\(add.stderrText)")
        #expect(add.stderrText.contains("left out getCount"), "\(add.stderrText)")
        let show = try await sandbox.run(["provider", "show", "two", "--format", "json"])
        let shown = try JSONDecoder().decode(Shown.self, from: show.stdout)
        #expect(shown.operations.map(\.name) == ["list-things", "list-parts"])
        let parts = try #require(shown.operations.last)
        #expect(parts.arguments.map(\.type) == ["integer"] && parts.arguments.first?.parameter == "id")
        #expect(parts.options.map(\.required) == [true] && parts.options.first?.parameter == "kind")
        let missing = try await sandbox.run(["two", "list-parts", "7"])
        #expect(missing.exitCode == 64 && missing.stderrText.contains("--kind"), "\(missing.stderrText)")
        let only = try await sandbox.run(["provider", "add", "none", "--openapi", path, "--operation", "getCount"])
        #expect(only.exitCode == 78, "\(only.stderrText)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.providersFolder + "/none.json"))
    }
}
