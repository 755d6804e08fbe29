@testable import APIHost
@testable import ProviderFiles
import Foundation
import Testing
import TestSupport

/// The `cursor`, `next` and `link` paging styles of a provider file: read, written back,
/// refused when misdescribed, and what each asks for after a page.
@Suite("Provider files: paging that follows the answer")
struct AnswerPagingTests {
    /// The HN sample with its paging replaced.
    static func file(paging: String) -> String {
        let start = SampleFiles.hackerNews.range(of: #""paging": {"#)!
        let end = SampleFiles.hackerNews.range(of: #""nbHits"},"#)!
        return SampleFiles.hackerNews.replacingCharacters(in: start.lowerBound..<end.upperBound, with: #""paging": \#(paging),"#)
    }

    static let styles = [
        #"{"style": "cursor", "parameter": "after", "cursor": "last_id", "more": "has_more", "size": 20, "sizeParameter": "limit"}"#,
        #"{"style": "cursor", "parameter": "cursor", "cursor": "meta.next_cursor"}"#,
        #"{"style": "next", "next": "next", "maxPage": 9}"#,
        #"{"style": "link", "size": 30, "sizeParameter": "per_page"}"#,
    ]

    @Test("Each style reads, and writing it back reads the same", arguments: styles)
    func roundTrip(_ paging: String) throws {
        let text = Self.file(paging: paging)
        #expect(text != SampleFiles.hackerNews)
        let file = try SampleFiles.read(text)
        let written = ProviderFileWriter.text(file)
        let again = try SampleFiles.read(written)
        #expect(again.primary.paging == file.primary.paging)
        #expect(ProviderFileWriter.text(again) == written)
        #expect(file.primary.paging?.style.followsAnswer == true)
    }

    @Test("Misdescribed paging names the field", arguments: [
        (#"{"style": "cursor", "parameter": "after"}"#, "paging.cursor", "missing"),
        (#"{"style": "cursor", "cursor": "last_id"}"#, "paging.parameter", "missing"),
        (#"{"style": "next"}"#, "paging.next", "missing"),
        (#"{"style": "next", "next": "next", "cursor": "x"}"#, "paging.cursor", "is for cursor paging, not next"),
        (#"{"style": "link", "parameter": "page"}"#, "paging.parameter", "is for page, offset and cursor paging, not link"),
        (#"{"style": "link", "first": 1}"#, "paging.first", "is for page and offset paging, not link"),
        (#"{"style": "link", "sizeParameter": "per_page"}"#, "paging.size", "missing"),
        (#"{"style": "page", "parameter": "page", "size": 10, "next": "next"}"#, "paging.next", "is for next paging, not page"),
        (#"{"style": "links"}"#, "paging.style", "use page, offset, cursor, next or link"),
    ])
    func refused(_ paging: String, field: String, says: String) throws {
        do {
            _ = try SampleFiles.read(Self.file(paging: paging))
            Issue.record("accepted \(paging)")
        } catch {
            let problem = try #require(error.problems.first { $0.field == field }, "\(error.lines)")
            #expect(problem.message.contains(says), "\(problem.message)")
        }
    }

    @Test("--pages for every style, --page only where pages have numbers")
    func options() throws {
        let link = try SampleFiles.read(Self.file(paging: Self.styles[3])).descriptor(source: "t")
        #expect(link.options.map(\.name).contains("pages"))
        #expect(!link.options.map(\.name).contains("page"))
        #expect(link.pageParameter == nil, "apicli api --paginate cannot follow a Link by number")
        let page = try SampleFiles.read(SampleFiles.hackerNews).descriptor(source: "t")
        #expect(page.options.map(\.name).contains("page") && page.pageParameter != nil)
    }

    static let openAI = "openapi-answers/openai_assistants_list_cursor_2024-04-27_ruby-openai.json"
    static let vectorStores = "openapi-answers/openai_vector_stores_list_has_more_false_2024-06-10_ruby-openai.json"
    static let pokeFirst = "openapi-answers/pokeapi_ability_list_limit20_offset0_next_url_2019_poke-api-v2.json"

    func provider(_ paging: String, items: String = "data") throws -> FileProvider {
        var file = try SampleFiles.read(Self.file(paging: paging))
        file.primary.items = .list(try #require(KeyPath(items)))
        return FileProvider(file: file, source: "t")
    }

    @Test("cursor: the first page's request with after=last_id while has_more; has_more false ends it")
    func cursor() throws {
        let provider = try provider(Self.styles[0])
        let query = FileQuery(words: "rust", parameters: [QueryItem("tags", "story")], firstPage: 0, pages: 3)
        var warnings: [String] = []
        let page = try provider.decode(try Fixtures.real(Self.openAI), for: query, warnings: &warnings)
        #expect(provider.hasMore(after: page, page: 0, for: query))
        var expected = provider.request(for: query, page: 0)
        expected.add("after", "asst_jMfdcgu0od1W6M0halr25anI")
        #expect(provider.nextPage(after: page, links: [], page: 0, for: query) == .endpoint(expected))
        let last = try provider.decode(try Fixtures.real(Self.vectorStores), for: query, warnings: &warnings)
        #expect(last.next == nil)
        #expect(!provider.hasMore(after: last, page: 1, for: query))
    }

    @Test("next: the URL the answer names; a null next is the end")
    func next() throws {
        let provider = try provider(Self.styles[2], items: "results")
        let query = FileQuery(words: "ability", parameters: [], firstPage: 0, pages: 3)
        var warnings: [String] = []
        let page = try provider.decode(try Fixtures.real(Self.pokeFirst), for: query, warnings: &warnings)
        #expect(provider.nextPage(after: page, links: [], page: 0, for: query) == .link("https://pokeapi.co/api/v2/ability/?offset=20&limit=20"))
        // PokeAPI's last page: `"next": null` (its `previous` is null on the first page, as recorded).
        let paging = try #require(provider.file.primary.paging)
        #expect(paging.nextInAnswer(.object([.init("next", .null), .init("results", .array([]))])) == nil)
    }

    @Test("link: the rel=next link of the answer's headers, or the end")
    func link() throws {
        let provider = try provider(Self.styles[3])
        let query = FileQuery(words: "x", parameters: [], firstPage: 0, pages: 3)
        let answer = FileAnswer(items: [])
        #expect(provider.hasMore(after: answer, page: 0, for: query))
        let links = LinkHeader.parse(#"</p?page=1>; rel="first", </p?page=2>; rel="next""#)
        #expect(provider.nextPage(after: answer, links: links, page: 0, for: query) == .link("/p?page=2"))
        #expect(provider.nextPage(after: answer, links: Array(links.prefix(1)), page: 0, for: query) == .end)
        // The first request carries the size, never a page number.
        #expect(provider.request(for: query, page: 0).query.map(\.name) == ["query", "per_page"])
    }
}
