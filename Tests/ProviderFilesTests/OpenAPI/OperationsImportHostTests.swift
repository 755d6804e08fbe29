import Foundation
import Testing
import TestSupport

/// NYT's own Books document (YAML), imported whole: every GET operation a
/// command, described by `provider show --format json`, and sent as described.
@Suite("Importing every GET operation, through the host")
struct OperationsImportHostTests {
    static let books = Fixtures.realRoot.appendingPathComponent("openapi-corpus/nyt_books_api.yaml").path
    static let key = "booksKEY-e2e-5e0c17"
    static let overview = "openapi-answers/nyt_books_lists_overview_2018-04-01_yanwenwang.json"

    struct Operation: Decodable {
        struct Argument: Decodable { var name, parameter, type: String; var choices: [String] }
        struct Option: Decodable { var name, parameter, type: String; var required: Bool; var choices: [String] }
        var name, method, path, summary, items: String
        var arguments: [Argument]
        var options: [Option]
        var words: String?
        var paging: String?
        var aliases: [String]?
    }

    struct Shown: Decodable {
        var name: String
        var operations: [Operation]
    }

    @Test("add imports all six GET operations; provider show --format json describes each; a run sends what it says")
    func books() async throws {
        let answers = ScriptedAnswers()
        let host = try answers.host()
        answers.add(.json(try Fixtures.real(Self.overview))) { $0.sentPath == "/svc/books/v3/lists/overview.json" }
        let add = await host.run(["provider", "add", "books", "--openapi", Self.books])
        #expect(add.code == .success, "\(add.stderr)")
        #expect(add.stderr.contains("6 operations"), "\(add.stderr)")

        let show = await host.run(["provider", "show", "books", "--format", "json"])
        #expect(show.code == .success, "\(show.stderr)")
        let shown = try JSONDecoder().decode(Shown.self, from: Data(show.stdout.utf8))
        #expect(shown.operations.count == 6)
        let byDate = try #require(shown.operations.first { $0.path == "/svc/books/v3/lists/{date}/{list}.json" })
        #expect(byDate.method == "GET")
        #expect(byDate.arguments.map(\.parameter) == ["date", "list"])
        let overview = try #require(shown.operations.first { $0.path == "/svc/books/v3/lists/overview.json" })
        #expect(overview.options.map(\.parameter) == ["published_date"])
        #expect(overview.items == "results.lists")
        #expect(Set(shown.operations.map(\.name)).count == 6, "names are unique")

        let env = ["BOOKS_API_KEY": Self.key]
        let run = await host.run(["books", overview.name, "--published-date", "2018-04-01"], set: env)
        #expect(run.code == .success, "\(run.stderr)")
        #expect(run.stdout.contains("Combined Print and E-Book Fiction"), "\(run.stdout)")
        let sent = try #require(host.requests.last)
        #expect(sent.sentPath == "/svc/books/v3/lists/overview.json")
        #expect(sent.queryValue("published_date") == "2018-04-01")
        #expect(sent.sentValues("api-key") == [Self.key])

        _ = await host.run(["books", byDate.name, "2018-04-01", "../hardcover fiction"], set: env)
        #expect(host.requests.last?.sentPath == "/svc/books/v3/lists/2018-04-01/..%2Fhardcover%20fiction.json")

        let typo = await host.run(["books", String(overview.name.dropLast()) + "x"], set: env)
        #expect(typo.code == .usage)
        #expect(typo.stderr.contains("did you mean '\(overview.name)'"), "\(typo.stderr)")
        let help = await host.run(["help", "books", byDate.name])
        #expect(help.code == .success && help.stdout.contains("<date> <list>"), "\(help.stdout)")
    }

    @Test("operations that cannot be imported are left out one line each; nothing importable is 78 and writes nothing")
    func partial() async throws {
        let host = try ProviderFilesHost()
        let path = host.home.path("api.json")
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
        let add = await host.run(["provider", "add", "two", "--openapi", path])
        #expect(add.code == .success, "\(add.stderr)")
        #expect(add.stderr.contains("left out getCount"), "\(add.stderr)")
        let show = await host.run(["provider", "show", "two", "--format", "json"])
        let shown = try JSONDecoder().decode(Shown.self, from: Data(show.stdout.utf8))
        // `list` is every name's first word: left out of the names, each full name an alias.
        #expect(shown.operations.map(\.name) == ["things", "parts"])
        #expect(shown.operations.map(\.aliases) == [["list-things"], ["list-parts"]])
        let parts = try #require(shown.operations.last)
        #expect(parts.arguments.map(\.type) == ["integer"] && parts.arguments.first?.parameter == "id")
        #expect(parts.options.map(\.required) == [true] && parts.options.first?.parameter == "kind")
        let missing = await host.run(["two", "list-parts", "7"])
        // One line naming the missing option: the wording is the behaviour.
        #expect(missing.code == .usage && missing.isOneErrorLine && missing.stderr.contains("--kind"), "\(missing.stderr)")
        #expect(host.requests.isEmpty)
        let only = await host.run(["provider", "add", "none", "--openapi", path, "--operation", "getCount"])
        #expect(only.code == .configuration, "\(only.stderr)")
        #expect(!FileManager.default.fileExists(atPath: host.providersFolder + "/none.json"))
    }
}
