import APIDocuments
@testable import APIHost
@testable import ProviderFiles
import Foundation
import Testing
import TestSupport

/// Format 2: a provider file with operations, read, written back, served
/// (path arguments as single segments) and stored apart per operation.
@Suite("Provider files with operations")
struct OperationsFormatTests {
    static let books = """
        {
          "apicli": 2, "name": "books", "summary": "Best sellers.", "baseURL": "https://books.invalid",
          "key": "none",
          "operations": [
            {"name": "lists-list", "summary": "One list.", "path": "/lists/{date}/{list}.json",
             "arguments": [{"name": "date", "parameter": "date", "type": "date", "format": "yyyy-MM-dd"},
                           {"name": "list", "parameter": "list", "help": "The list's name."}],
             "options": [{"name": "offset", "parameter": "offset", "type": "integer", "minimum": 0, "required": true}],
             "items": "results.books", "id": "isbn", "columns": [{"name": "title", "path": "title", "kind": "text", "searchable": true}]},
            {"name": "names", "summary": "The lists' names.", "path": "/lists/names.json",
             "items": "results", "id": "isbn", "columns": [{"name": "name", "path": "title", "kind": "text", "searchable": true}]}
          ]
        }
        """

    @Test("operations read into the descriptor: arguments in order, required options, no shared arguments")
    func reads() throws {
        let file = try SampleFiles.read(Self.books)
        #expect(file.operations.map(\.name) == ["lists-list", "names"])
        #expect(file.operations[0].arguments.map(\.parameter) == ["date", "list"])
        #expect(file.operations[0].options.first?.required == true)
        let descriptor = file.descriptor(source: "books.json")
        #expect(descriptor.arguments.isEmpty)
        #expect(descriptor.operations.map(\.name) == ["lists-list", "names"])
        #expect(descriptor.operations[0].arguments.map(\.name) == ["date", "list"])
        #expect(descriptor.operations[0].options.first { $0.name == "offset" }?.required == true)
    }

    @Test("the writer writes format 2 that reads back the same, and a one-operation file stays format 1")
    func roundTrip() throws {
        let file = try SampleFiles.read(Self.books)
        let text = ProviderFileWriter.text(file)
        #expect(text.contains("\"apicli\": 2"))
        let again = try SampleFiles.read(text)
        #expect(again.operations == file.operations)
        let wiki = try SampleFiles.read(SampleFiles.wikipedia)
        let written = ProviderFileWriter.text(wiki)
        #expect(written.contains("\"apicli\": 1") && !written.contains("operations"))
        #expect(try SampleFiles.read(written).operations == wiki.operations)
        #expect(wiki.operations.count == 1 && wiki.primary.name == "wiki")
    }

    @Test("each path argument fills its placeholder as one encoded segment; dots never leave the path")
    func pathArguments() throws {
        let provider = FileProvider(file: try SampleFiles.read(Self.books), source: "books.json")
        let command = ParsedCommand(arguments: ["20240131", "a/b?c"], values: ["offset": "0"], operation: "lists-list")
        let query = try #require(try provider.queries(from: command).first)
        #expect(provider.request(for: query, page: 0).path == "/lists/2024-01-31/a%2Fb%3Fc.json")
        #expect(provider.request(for: query, page: 0).query == [QueryItem("offset", "0")])
        let dots = try #require(try provider.queries(from: ParsedCommand(arguments: ["2024-01-31", ".."], values: [:], operation: "lists-list")).first)
        #expect(provider.request(for: dots, page: 0).path == "/lists/2024-01-31/%2E%2E.json")
        #expect(throws: UsageError.self) {
            try provider.queries(from: ParsedCommand(arguments: ["2024-02-30", "x"], values: [:], operation: "lists-list"))
        }
        let names = try #require(try provider.queries(from: ParsedCommand(arguments: [], operation: "names")).first)
        #expect(provider.request(for: names, page: 0).path == "/lists/names.json")
        #expect(names.storageKey != query.storageKey && query.storageKey != dots.storageKey)
    }

    @Test("refused: operations in format 1, operation fields at the top, an unfilled placeholder, a name twice")
    func refusals() throws {
        func problem(_ text: String) -> String {
            do { _ = try SampleFiles.read(text); return "" } catch { return error.description }
        }
        #expect(problem(Self.books.replacingOccurrences(of: "\"apicli\": 2", with: "\"apicli\": 1")).contains("needs \"apicli\": 2"))
        #expect(problem(Self.books.replacingOccurrences(of: "\"key\": \"none\",", with: "\"key\": \"none\", \"path\": \"/x\",")).contains("path"))
        #expect(problem(Self.books.replacingOccurrences(of: "{\"name\": \"list\", \"parameter\": \"list\", \"help\": \"The list's name.\"}", with: "")
            .replacingOccurrences(of: "\"yyyy-MM-dd\"},", with: "\"yyyy-MM-dd\"}")).contains("nothing fills {list}"))
        #expect(problem(Self.books.replacingOccurrences(of: "\"name\": \"names\"", with: "\"name\": \"lists-list\"")).contains("another operation"))
    }

    @Test("one operation's stored answer never replaces another's, offline or not")
    func storedApart() async throws {
        let file = try SampleFiles.read(Self.books)
        let host = try InProcessHost(sources: [.compiled([file.provider(source: "books.json")])]) { request, _ in
            request.path.hasSuffix("names.json")
                ? InProcessHost.json(#"{"results": [{"isbn": "1", "title": "Names answer"}]}"#)
                : InProcessHost.json(#"{"results": {"books": [{"isbn": "1", "title": "List answer"}]}}"#)
        }
        let list = await host.run(["books", "lists-list", "2024-01-31", "fiction", "--offset", "0"])
        #expect(list.code == .success && list.stdout.contains("List answer"), "\(list.stderr)")
        let names = await host.run(["books", "names"])
        #expect(names.code == .success && names.stdout.contains("Names answer"), "\(names.stderr)")
        let again = await host.run(["books", "lists-list", "2024-01-31", "fiction", "--offset", "0", "--offline"])
        #expect(again.code == .success, "\(again.stderr)")
        #expect(again.stdout.contains("List answer") && !again.stdout.contains("Names answer"), "\(again.stdout)")
        let missing = await host.run(["books", "lists-list", "2024-01-31", "fiction"])
        #expect(missing.code == .usage && missing.errors.first?.contains("--offset") == true, "\(missing.stderr)")
    }
}

@Suite("Imported operation names")
struct OperationNameTests {
    @Test("operationIds in kebab case; else from the path", arguments: [
        ("getBestSellers", "/x", "get-best-sellers"), ("lists_overview", "/x", "lists-overview"),
        ("", "/lists/{list}.json", "lists-list"), ("GET_lists-{format}", "/x", "get-lists-format"),
        ("help", "/x", "get-help"), ("1st", "/x", "st"),
    ])
    func names(id: String, path: String, expected: String) throws {
        let node = try JSONDocumentReader.read(Array((id.isEmpty ? "{}" : "{\"operationId\": \"\(id)\"}").utf8))
        let found: OpenAPIDocument.Found = (method: "get", path: path, node: node, pathItem: node)
        #expect(OperationNames().next(for: found) == expected)
    }

    @Test("a name taken goes to the path's words, then both, never a number while the path tells them apart")
    func twins() throws {
        let node = try JSONDocumentReader.read(Array("{\"operationId\": \"list\"}".utf8))
        var names = OperationNames()
        let first: OpenAPIDocument.Found = (method: "get", path: "/things", node: node, pathItem: node)
        let second: OpenAPIDocument.Found = (method: "get", path: "/parts", node: node, pathItem: node)
        let third: OpenAPIDocument.Found = (method: "get", path: "/list", node: node, pathItem: node)
        names.take(names.next(for: first))
        #expect(names.next(for: second) == "parts")
        names.take("parts")
        let both = names.next(for: third)
        #expect(both == "list-list", "the operationId and the path's words")
        names.take(both)
        #expect(names.next(for: third) == "list-2", "the same path twice: nothing else tells them apart")
    }

    @Test("a long operationId keeps every word; one past the longest name goes by its path")
    func long() throws {
        let id = "GetCustomersCustomerBalanceTransactionsTransaction"
        let node = try JSONDocumentReader.read(Array("{\"operationId\": \"\(id)\"}".utf8))
        let found: OpenAPIDocument.Found = (method: "get", path: "/v1/x", node: node, pathItem: node)
        #expect(OperationNames().next(for: found) == "get-customers-customer-balance-transactions-transaction")
        let huge = String(repeating: "Word", count: 30)
        let hugeNode = try JSONDocumentReader.read(Array("{\"operationId\": \"\(huge)\"}".utf8))
        let hugeFound: OpenAPIDocument.Found = (method: "get", path: "/v1/things/{id}", node: hugeNode, pathItem: hugeNode)
        #expect(OperationNames().next(for: hugeFound) == "v1-things-id")
    }

    @Test("the words every name shares at the start and the end are dropped; the full name is the alias")
    func shortened() {
        let names = OperationNames.shortened([
            "get-user-content-recent-json", "get-user-content-url-json", "get-user-content-by-date-json",
        ])
        #expect(names.map(\.name) == ["recent", "url", "by-date"])
        #expect(names.map(\.alias) == ["get-user-content-recent-json", "get-user-content-url-json", "get-user-content-by-date-json"])
        // Every name keeps a word: `content` alone is all of the first.
        #expect(OperationNames.shortened(["content", "content-source"]).map(\.name) == ["content", "content-source"])
        // Nothing shared, nothing dropped, no alias.
        #expect(OperationNames.shortened(["list-files", "retrieve-file"]) == [
            OperationNames.Named(name: "list-files", alias: nil), OperationNames.Named(name: "retrieve-file", alias: nil),
        ])
        // A name may not start with a digit nor be a reserved word, nor two names become one.
        #expect(OperationNames.shortened(["get-2fa", "get-status"]).map(\.name) == ["get-2fa", "get-status"])
        #expect(OperationNames.shortened(["get-help", "get-status"]).map(\.name) == ["get-help", "get-status"])
        #expect(OperationNames.shortened(["get-a-x", "get-a-y"]).map(\.name) == ["x", "y"])
        #expect(OperationNames.shortened(["only-one"]).map(\.name) == ["only-one"])
    }
}

/// An operation's `aliases` and `tags`: read, checked, written back; a file without them reads as before.
@Suite("Operation aliases and tags in the format")
struct OperationNamingFormatTests {
    static let tagged = OperationsFormatTests.books
        .replacingOccurrences(
            of: #"{"name": "lists-list", "summary": "One list.","#,
            with: #"{"name": "lists-list", "summary": "One list.", "aliases": ["get-lists-date-list-json"], "tags": ["Lists", "Books"],"#)

    @Test("aliases and tags read, name the operation in its description, and write back after the summary")
    func roundTrip() throws {
        let file = try SampleFiles.read(Self.tagged)
        #expect(file.operations[0].aliases == ["get-lists-date-list-json"])
        #expect(file.operations[0].tags == ["Lists", "Books"])
        #expect(file.operations[1].aliases.isEmpty && file.operations[1].tags.isEmpty)
        let descriptor = file.descriptor(source: "books.json")
        #expect(descriptor.operation(named: "get-lists-date-list-json")?.name == "lists-list")
        #expect(descriptor.operations.map(\.group) == ["Lists", nil])
        let text = ProviderFileWriter.text(file)
        let summary = try #require(text.range(of: "\"One list.\""))
        let aliases = try #require(text.range(of: "\"aliases\""))
        let path = try #require(text.range(of: "\"/lists/{date}/{list}.json\""))
        #expect(summary.lowerBound < aliases.lowerBound && aliases.lowerBound < path.lowerBound)
        #expect(try SampleFiles.read(text).operations == file.operations)
        #expect(!ProviderFileWriter.text(try SampleFiles.read(OperationsFormatTests.books)).contains("aliases"))
    }

    @Test("refused with the field: a bad alias, one that names another operation, a tag that is no text", arguments: [
        (#""aliases": ["Get-Lists"]"#, "operations[0].aliases[0]"),
        (#""aliases": ["names"]"#, "operations[0].aliases[0]"),
        (#""aliases": ["lists-list"]"#, "operations[0].aliases[0]"),
        (#""aliases": "get-lists""#, "operations[0].aliases"),
        (#""tags": [3]"#, "operations[0].tags[0]"),
        (#""tags": ["a\u001b[2Jb"]"#, "operations[0].tags[0]"),
    ])
    func refused(member: String, field: String) throws {
        let text = OperationsFormatTests.books.replacingOccurrences(
            of: #"{"name": "lists-list", "summary": "One list.","#, with: #"{"name": "lists-list", "summary": "One list.", "# + member + ",")
        do {
            _ = try SampleFiles.read(text)
            Issue.record("\(member) was taken")
        } catch {
            #expect(error.problems.contains { $0.field == field }, "\(error.description)")
        }
    }

    @Test("without tags, operations are grouped by the first path word after what all paths share; else none")
    func pathGroups() throws {
        func groups(_ paths: [String]) throws -> [String?] {
            var file = try SampleFiles.read(OperationsFormatTests.books)
            file.operations = paths.enumerated().map { index, path in
                var operation = file.operations[1]
                operation.name = "op\(index)"
                operation.path = path
                return operation
            }
            return file.descriptor(source: "x.json").operations.map(\.group)
        }
        #expect(try groups(["/v1/customers", "/v1/customers/{customer}", "/v1/balance.json", "/v1/account"])
            == ["customers", "customers", "balance", "account"])
        #expect(try groups(["/v1", "/v1/x/{id}", "/v1/x", "/v1/y"]) == [nil, "x", "x", "y"])
        #expect(try groups(["/svc/books/v3/lists/overview.json", "/svc/books/v3/reviews.json", "/svc/books/v3/lists.json"])
            == ["lists", "reviews", "lists"], "a file's extension is no part of the word")
        #expect(try groups(["/a", "/b"]) == [nil, nil], "one operation a heading is no grouping")
        #expect(try groups(["/{id}", "/x/{id}", "/x"]) == [nil, nil, nil], "a placeholder is no heading, and one heading alone none")
    }

    @Test("an operation name may be longer than a provider's, up to 100, in whole words")
    func longNames() throws {
        let long = "customers-customer-balance-transactions-transaction"
        let file = try SampleFiles.read(OperationsFormatTests.books.replacingOccurrences(of: #""name": "names""#, with: #""name": "\#(long)""#))
        #expect(file.operations[1].name == long)
        #expect(ProviderFile.isValidOperationName(String(repeating: "a", count: 100)))
        #expect(!ProviderFile.isValidOperationName(String(repeating: "a", count: 101)))
    }
}
