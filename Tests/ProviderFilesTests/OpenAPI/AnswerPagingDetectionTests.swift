@testable import APIHost
@testable import ProviderFiles
import Foundation
import Testing
import TestSupport

/// Which paging an imported operation gets, read from real published documents (and one
/// written here, for a declared `Link` header, which no document of the corpus declares).
@Suite("Import: paging that follows the answer")
struct AnswerPagingDetectionTests {
    static func corpus(_ name: String) -> String {
        Fixtures.realRoot.appendingPathComponent("openapi-corpus/" + name).path
    }

    /// The paging `answerPaging` finds for one operation, its query parameters as the document lists them.
    static func detected(_ document: String, _ operation: String) throws -> ProviderFile.Paging? {
        let openAPI = try OpenAPIDocument(path: document)
        let found = try openAPI.operation(operation)
        let parameters = ((found.pathItem["parameters"]?.array ?? []) + (found.node["parameters"]?.array ?? []))
            .map(openAPI.resolved).filter { $0["in"]?.string == "query" }
        let importer = OpenAPIImport(name: "t", documentPath: document, operation: operation, wordsParameter: nil)
        return importer.answerPaging(parameters, operation: found.node, document: openAPI)
    }

    @Test("OpenAI listAssistants: a cursor, after = last_id while has_more, limit the size")
    func openAICursor() throws {
        let paging = try #require(try Self.detected(Self.corpus("openai_openapi_2024-04.yaml"), "listAssistants"))
        #expect(paging.style == .cursor)
        #expect(paging.parameter == "after")
        #expect(paging.cursor?.description == "last_id")
        #expect(paging.more?.description == "has_more")
        #expect(paging.sizeParameter == "limit")
        #expect(paging.size == 20, "the document's default")
    }

    @Test("PokeAPI ability_list: the answer's next URL; offset stays an option")
    func pokeNext() throws {
        let paging = try #require(try Self.detected(Self.corpus("pokeapi_openapi.yml"), "ability_list"))
        #expect(paging.style == .next)
        #expect(paging.next?.description == "next")
        #expect(paging.sizeParameter == "limit")
        // The whole import: the file pages by next, and offset is an option a user may still set.
        let file = try OpenAPIImport(
            name: "poke", documentPath: Self.corpus("pokeapi_openapi.yml"), operation: "ability_list", wordsParameter: nil,
            reservedOptions: SampleFiles.reserved.options).providerFile()
        #expect(file.primary.paging?.style == .next)
        #expect(file.primary.options.map(\.parameter).contains("offset"))
        #expect(!file.primary.options.map(\.parameter).contains("limit"))
    }

    @Test("Twilio ListAccount: next_page_uri, though it also has Page and PageToken")
    func twilioNext() throws {
        let paging = try #require(try Self.detected(Self.corpus("twilio_api_v2010.json"), "ListAccount"))
        #expect(paging.style == .next)
        #expect(paging.next?.description == "next_page_uri")
    }

    @Test("NYT Article Search shows none of them and keeps page paging")
    func nytUnchanged() throws {
        #expect(try Self.detected(Self.corpus("nyt_article_search_v2.yaml"), "GET /articlesearch.json") == nil)
        let file = try OpenAPIImport(
            name: "nytimes", documentPath: Self.corpus("nyt_article_search_v2.yaml"), operation: "GET /articlesearch.json",
            wordsParameter: nil, reservedOptions: SampleFiles.reserved.options).providerFile()
        #expect(file.primary.paging?.style == .page)
    }

    @Test("A declared Link header (any case) makes link paging; per_page the size; page stays an option")
    func linkHeader() throws {
        let directory = try TemporaryDirectory(prefix: "apicli-linkdoc")
        let path = directory.path("issues.yaml")
        let document = """
            openapi: 3.0.3
            info: {title: Issues, version: "1"}
            servers: [{url: "https://api.example.org"}]
            paths:
              /search/issues:
                get:
                  operationId: searchIssues
                  parameters:
                    - {name: q, in: query, required: true, schema: {type: string}}
                    - {name: per_page, in: query, schema: {type: integer, default: 30, maximum: 100}}
                    - {name: page, in: query, schema: {type: integer, default: 1}}
                  responses:
                    "200":
                      description: ok
                      headers:
                        link: {schema: {type: string}}
                      content:
                        application/json:
                          schema:
                            type: object
                            properties:
                              total_count: {type: integer}
                              items: {type: array, items: {type: object, properties: {id: {type: integer}, title: {type: string}}}}
            """
        try Data(document.utf8).write(to: URL(fileURLWithPath: path))
        let file = try OpenAPIImport(
            name: "issues", documentPath: path, operation: "searchIssues", wordsParameter: nil,
            reservedOptions: SampleFiles.reserved.options).providerFile()
        #expect(file.primary.paging?.style == .link)
        #expect(file.primary.paging?.sizeParameter == "per_page")
        #expect(file.primary.paging?.size == 30)
        #expect(file.primary.options.map(\.parameter) == ["page"], "\(file.primary.options)")
        // Written and read back, it is the same file.
        let text = ProviderFileWriter.text(file)
        let reread = try ProviderFileReader(file: "issues.json", expectedName: "issues", reserved: SampleFiles.reserved).read(Array(text.utf8))
        #expect(reread.primary.paging == file.primary.paging)
        // Without the header, the page parameter pages by number as before.
        try Data(document.replacingOccurrences(of: "link: {schema: {type: string}}", with: "X-Other: {schema: {type: string}}").utf8)
            .write(to: URL(fileURLWithPath: path))
        let plain = try OpenAPIImport(
            name: "issues", documentPath: path, operation: "searchIssues", wordsParameter: nil,
            reservedOptions: SampleFiles.reserved.options).providerFile()
        #expect(plain.primary.paging?.style == .page)
    }
}
