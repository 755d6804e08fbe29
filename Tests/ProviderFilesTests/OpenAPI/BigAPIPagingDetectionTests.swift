@testable import ProviderFiles
import APIDocuments
import Foundation
import Testing
import TestSupport

/// Which paging the big APIs' own documents give their imported operations: Stripe's cursor is
/// the last item's id, pages start where the document says (else at 1), an offset steps by the
/// declared page size or by the items held, and the total is found under the names APIs use.
@Suite("Import: paging of the big APIs")
struct BigAPIPagingDetectionTests {
    static func imported(_ document: String, _ operations: [String] = []) throws -> ProviderFile {
        try OpenAPIImport(
            name: "t", documentPath: AnswerPagingDetectionTests.corpus(document), operations: operations, wordsParameter: nil,
            reservedOptions: SampleFiles.reserved.options
        ).imported().file
    }

    static func paging(_ document: String, _ operation: String) throws -> ProviderFile.Paging {
        try #require(try imported(document, [operation]).primary.paging)
    }

    @Test("Stripe GetCustomers: starting_after = the last item's id while has_more, limit the size; starting_after is no option")
    func stripeList() throws {
        let file = try Self.imported("stripe_spec3_2023-09.yaml", ["GetCustomers"])
        let paging = try #require(file.primary.paging)
        #expect(paging.style == .cursor)
        #expect(paging.parameter == "starting_after")
        #expect(paging.lastItem?.description == "id" && paging.cursor == nil)
        #expect(paging.more?.description == "has_more")
        #expect(paging.sizeParameter == "limit")
        #expect(!file.primary.options.map(\.parameter).contains("starting_after"))
        #expect(file.primary.options.map(\.parameter).contains("ending_before"), "the other direction stays an option")
    }

    @Test("Stripe's searches page by their string page cursor and next_page")
    func stripeSearch() throws {
        let paging = try Self.paging("stripe_spec3_2023-09.yaml", "GetCustomersSearch")
        #expect(paging.style == .cursor && paging.parameter == "page")
        #expect(paging.cursor?.description == "next_page" && paging.more?.description == "has_more")
    }

    @Test("Every Stripe list that takes starting_after pages by it")
    func stripeEveryList() throws {
        let file = try Self.imported("stripe_spec3_2023-09.yaml")
        let lists = file.operations.filter { $0.paging?.parameter == "starting_after" }
        #expect(lists.count == 100, "\(lists.count)")
        #expect(lists.allSatisfy { $0.paging?.lastItem?.description == "id" && $0.paging?.more?.description == "has_more" })
        #expect(!file.operations.contains { $0.options.contains { $0.parameter == "starting_after" } })
    }

    @Test("Stack Exchange: page declares neither minimum nor default, so pages count from 1; pagesize is the size")
    func stackExchange() throws {
        let paging = try Self.paging("apisguru_stackexchange.com_2.0_openapi.yaml", "GET /questions")
        #expect(paging.style == .page && paging.first == 1)
        #expect(paging.sizeParameter == "pagesize")
    }

    @Test("GitHub: page defaults to 1, so pages count from 1")
    func gitHubFirst() throws {
        let paging = try Self.paging("github_api.github.com_v0.0.6_2020-09.json", "search/issues-and-pull-requests")
        #expect(paging.style == .page && paging.first == 1)
        #expect(paging.sizeParameter == "per_page" && paging.size == 30)
    }

    @Test("NYT Article Search: page declares minimum 0, so pages still count from 0")
    func nytFromZero() throws {
        let paging = try Self.paging("nyt_article_search_v2.yaml", "GET /articlesearch.json")
        #expect(paging.style == .page && paging.first == 0)
    }

    @Test("NYT Books lists: the offset steps by its multipleOf, 20; num_results is the total")
    func nytBooks() throws {
        let paging = try Self.paging("nyt_books_api.json", "GET /lists.{format}")
        #expect(paging.style == .offset && paging.step == .size)
        #expect(paging.size == 20)
        #expect(paging.total?.description == "num_results")
    }

    @Test("NYT Movie Reviews: no page size declared, so the offset steps by the items held")
    func nytMovieReviews() throws {
        let paging = try Self.paging("nyt_movie_reviews_v2.yaml", "GET /reviews/{type}.json")
        #expect(paging.style == .offset && paging.step == .items)
        #expect(paging.sizeParameter == nil)
    }

    @Test("The first page: the declared minimum, else the default, else 1; always 0 or 1")
    func firstPage() throws {
        func facts(_ json: String) throws -> DocumentNode { try JSONDocumentReader.read(Array(json.utf8)) }
        #expect(OpenAPIImport.firstPage(try facts(#"{"type": "integer"}"#)) == 1)
        #expect(OpenAPIImport.firstPage(try facts(#"{"type": "integer", "default": 1}"#)) == 1)
        #expect(OpenAPIImport.firstPage(try facts(#"{"type": "integer", "default": 0}"#)) == 0)
        #expect(OpenAPIImport.firstPage(try facts(#"{"type": "integer", "minimum": 0, "default": 1}"#)) == 0)
        #expect(OpenAPIImport.firstPage(try facts(#"{"type": "integer", "minimum": 5}"#)) == 1)
    }
}
