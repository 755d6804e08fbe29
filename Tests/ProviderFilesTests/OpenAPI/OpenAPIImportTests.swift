@testable import APIHost
@testable import ProviderFiles
import Foundation
import ProviderConformance
import Testing
import TestSupport

/// Importing NYT's published Article Search specification (Swagger 2.0).
@Suite("Import from OpenAPI")
struct OpenAPIImportTests {
    static var document: String { Fixtures.realRoot.appendingPathComponent("openapi/nyt_article_search_v2.json").path }

    static func imported(_ operation: String = "GET /articlesearch.json") throws -> ProviderFile {
        try OpenAPIImport(name: "nytimes", documentPath: document, operation: operation, wordsParameter: nil, reservedOptions: SampleFiles.reserved.options).providerFile()
    }

    @Test("The server, path, key, parameters, items and paging come from the document")
    func nyt() throws {
        let file = try Self.imported()
        #expect(file.baseURL.absoluteString == "https://api.nytimes.com")
        #expect(file.primary.path == "/svc/search/v2/articlesearch.json")
        #expect(file.primary.words == .parameter("q"))
        #expect(file.key?.placement == .query("api-key"))
        #expect(file.key?.environmentVariable == "NYTIMES_API_KEY")
        #expect(file.primary.items.description == "response.docs")
        #expect(file.primary.id?.description == "_id")
        #expect(file.primary.paging?.parameter == "page")
        #expect(file.primary.paging?.total?.description == "response.meta.hits")
        let options = Dictionary(uniqueKeysWithValues: file.primary.options.map { ($0.name, $0) })
        #expect(options["begin-date"]?.type == .date(format: "yyyyMMdd"))
        #expect(options["begin-date"]?.parameter == "begin_date")
        #expect(options["sort"]?.type == .choice(["newest", "oldest"]))
        #expect(options["hl"]?.type == .choice(["true", "false"]))
        #expect(options["page"] == nil, "page is paging, not an option")
        #expect(file.primary.columns.first?.path.description == "headline.main")
        // What is written passes the checks every run makes.
        let text = ProviderFileWriter.text(file)
        let reread = try ProviderFileReader(file: "nytimes.json", expectedName: "nytimes", reserved: SampleFiles.reserved)
            .read(Array(text.utf8))
        #expect(reread.primary.options == file.primary.options)
    }

    @Test("An unknown operation names the ones there are")
    func unknownOperation() {
        #expect {
            try Self.imported("GET /articlesearch")
        } throws: { error in
            (error as? OpenAPIImportError)?.description.contains("did you mean 'GET /articlesearch.json'") == true
        }
    }

    @Test("NYT's YAML document (as NYT publishes it) imports the operation the JSON one does")
    func yaml() throws {
        let yaml = Fixtures.realRoot.appendingPathComponent("openapi-corpus/nyt_article_search_v2.yaml").path
        let fromYAML = try OpenAPIImport(
            name: "nyt-yaml", documentPath: yaml, operation: "GET /articlesearch.json", wordsParameter: nil,
            reservedOptions: SampleFiles.reserved.options).providerFile()
        let fromJSON = try Self.imported()
        #expect(fromYAML.primary.path == fromJSON.primary.path)
        #expect(fromYAML.baseURL == fromJSON.baseURL)
        #expect(fromYAML.primary.words == fromJSON.primary.words)
        // NYT's YAML is a later revision of the document, with its own set of parameters.
        #expect(Set(["begin-date", "end-date", "fq", "sort"]).isSubset(of: fromYAML.primary.options.map(\.name)))
    }

    @Test("The imported NYT provider passes the conformance suite, key included")
    func conformance() async throws {
        let provider = try Self.imported().provider(source: "nytimes.json")
        guard let paged = provider as? FileProvider, paged.file.primary.paging != nil else {
            Issue.record("the import is paged")
            return
        }
        await Conformance.expect(
            paged, arguments: ["election"],
            fixtures: try Fixtures.realFiles(in: "nyt").filter { !$0.lastPathComponent.contains("error") })
    }
}
