@testable import APIHost
@testable import ProviderFiles
import Foundation
import ProviderConformance
import Testing
import TestSupport

/// A provider file, or an OpenAPI import, whose key travels in a header.
@Suite("Keys in a header")
struct HeaderKeyTests {
    /// The HN sample with Algolia's real key header.
    static let hackerNewsWithHeader = SampleFiles.hackerNews.replacingOccurrences(
        of: #""key": "none""#, with: #""key": {"header": "X-Algolia-API-Key", "signupURL": "https://www.algolia.com"}"#)

    @Test("A header key reads, writes back and makes the descriptor's credential")
    func reads() throws {
        let file = try SampleFiles.read(Self.hackerNewsWithHeader)
        #expect(file.key?.placement == .header("X-Algolia-API-Key"))
        #expect(file.key?.environmentVariable == "HN_API_KEY")
        let written = ProviderFileWriter.text(file)
        #expect(written.contains(#""header" : "X-Algolia-API-Key""#) || written.contains(#""header": "X-Algolia-API-Key""#), "\(written)")
        #expect(try SampleFiles.read(written).key == file.key)
        let credential = try #require(file.provider(source: "hn.json").descriptor.credential)
        #expect(credential.placement == .header("X-Algolia-API-Key"))
        #expect(credential.parameter == nil)
    }

    @Test("The key's header name may repeat a query parameter's name")
    func headerDoesNotClashWithParameters() throws {
        let text = Self.hackerNewsWithHeader.replacingOccurrences(of: #""header": "X-Algolia-API-Key""#, with: #""header": "query""#)
        #expect(try SampleFiles.read(text).key?.placement == .header("query"))
    }

    @Test("Unusable header keys are refused with the field and line",
          arguments: [
            (#"{"header": "X-Api-Key", "parameter": "k"}"#, "key.header", "not both"),
            (#"{"signupURL": "https://example.org"}"#, "key.parameter", "or the header (header)"),
            (#"{"header": "X-Api Key"}"#, "key.header", "not a usable header name"),
            (#"{"header": "X-Api-Key:evil"}"#, "key.header", "not a usable header name"),
            (#"{"header": "Host"}"#, "key.header", "set by apicli itself"),
            (#"{"header": "content-length"}"#, "key.header", "set by apicli itself"),
            (#"{"header": 7}"#, "key.header", "must be a string"),
          ])
    func refused(key: String, field: String, says: String) throws {
        let text = SampleFiles.hackerNews.replacingOccurrences(of: #""key": "none""#, with: #""key": \#(key)"#)
        do {
            _ = try SampleFiles.read(text)
            Issue.record("\(key) was accepted")
        } catch {
            let problem = try #require(error.problems.first { $0.field == field }, "\(error.lines)")
            #expect(problem.message.contains(says), "\(problem.message)")
            #expect(ErrorMapping.cliError(ProviderFailure.misdescribed(error.description)).exitCode == .configuration)
        }
    }

    @Test("A header-keyed file passes the conformance suite, which looks for the key in the header")
    func conformance() async throws {
        let file = try SampleFiles.read(Self.hackerNewsWithHeader)
        await Conformance.expect(
            FileProvider(file: file, source: "hn.json"), arguments: ["gibberish"],
            fixtures: [SampleFiles.fixture("hn_search_tags_story_hitsPerPage1_2014_sytelus.json")])
    }

    @Test("The JSON Schema's key object names exactly the fields the reader accepts, header included")
    func schema() throws {
        let properties = try #require(try SchemaTests.schema()["properties"] as? [String: Any])
        let key = try #require(properties["key"] as? [String: Any])
        let object = (key["oneOf"] as? [Any])?.first { ($0 as? [String: Any])?["type"] as? String == "object" }
        #expect(SchemaTests.keys(object) == Set(ProviderFileReader.keyFields))
        let text = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("docs/provider-files.md"), encoding: .utf8)
        #expect(text.contains(#"{"header": "X-Api-Key"}"#))
        #expect(text.contains("--key-header"))
    }

    // MARK: OpenAPI

    /// A small OpenAPI 3 document whose key scheme is `in`.
    static func openAPI3(keyIn place: String) -> String {
        """
        {"openapi": "3.0.3", "info": {"title": "Docs", "version": "1"},
         "servers": [{"url": "https://api.example.org/v1"}],
         "components": {"securitySchemes": {"key": {"type": "apiKey", "in": "\(place)", "name": "X-Api-Key"}}},
         "security": [{"key": []}],
         "paths": {"/search": {"get": {"operationId": "search",
           "parameters": [{"name": "q", "in": "query", "schema": {"type": "string"}},
                          {"name": "X-Api-Key", "in": "header", "schema": {"type": "string"}}],
           "responses": {"200": {"description": "ok", "content": {"application/json": {"schema":
             {"type": "object", "properties": {"results": {"type": "array", "items": {"type": "object",
               "properties": {"id": {"type": "string"}, "title": {"type": "string"}}}}}}}}}}}}}}
        """
    }

    /// The same API described in Swagger 2.
    static let swagger2 = """
        {"swagger": "2.0", "info": {"title": "Docs", "version": "1"}, "host": "api.example.org", "basePath": "/v1",
         "schemes": ["https"],
         "securityDefinitions": {"key": {"type": "apiKey", "in": "header", "name": "X-Api-Key"}},
         "paths": {"/search": {"get": {"operationId": "search", "security": [{"key": []}],
           "parameters": [{"name": "q", "in": "query", "type": "string"}],
           "responses": {"200": {"description": "ok", "schema":
             {"type": "object", "properties": {"results": {"type": "array", "items": {"type": "object",
               "properties": {"id": {"type": "string"}, "title": {"type": "string"}}}}}}}}}}}}
        """

    static func imported(_ document: String) throws -> ProviderFile {
        let directory = try TemporaryDirectory(prefix: "openapi-header")
        let path = directory.path("api.json")
        try Data(document.utf8).write(to: URL(fileURLWithPath: path))
        return try OpenAPIImport(name: "docs", documentPath: path, operation: "search", wordsParameter: nil, reservedOptions: SampleFiles.reserved.options).providerFile()
    }

    @Test("OpenAPI 3 and Swagger 2 header schemes import as header keys", arguments: [openAPI3(keyIn: "header"), swagger2])
    func importsHeaderKeys(document: String) throws {
        let file = try Self.imported(document)
        #expect(file.key?.placement == .header("X-Api-Key"))
        #expect(file.primary.words == .parameter("q"))
        #expect(file.primary.options.isEmpty, "the key's header is no option: \(file.primary.options.map(\.name))")
        let reread = try ProviderFileReader(file: "docs.json", expectedName: "docs", reserved: SampleFiles.reserved)
            .read(Array(ProviderFileWriter.text(file).utf8))
        #expect(reread.key == file.key)
    }

    @Test("A key in a cookie is refused, naming where it goes")
    func cookieRefused() {
        #expect {
            try Self.imported(Self.openAPI3(keyIn: "cookie"))
        } throws: { error in
            let message = (error as? OpenAPIImportError)?.description ?? ""
            return message.contains("goes in a cookie") && message.contains("query parameter or a header")
        }
    }
}
