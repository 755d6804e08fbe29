@testable import APIHost
@testable import ProviderFiles
import Foundation
import ProviderConformance
import Testing

/// The shared conformance suite, run on file providers built from real answers.
@Suite("File providers pass the provider conformance suite")
struct FileProviderConformanceTests {
    @Test("Hacker News (Algolia) file, paged")
    func hackerNews() async throws {
        let file = try SampleFiles.read(SampleFiles.hackerNews)
        let provider = FileProvider(file: file, source: "hn.json")
        await Conformance.expect(
            provider, arguments: ["gibberish"],
            fixtures: [
                SampleFiles.fixture("hn_search_tags_story_hitsPerPage1_2014_sytelus.json"),
                SampleFiles.fixture("hn_search_gitub_hitsPerPage1_2016_nilobarp.json"),
            ])
    }

    @Test("Wikipedia search file, paged by offset")
    func wikipedia() async throws {
        let file = try SampleFiles.read(SampleFiles.wikipedia)
        await Conformance.expect(
            FileProvider(file: file, source: "wiki.json"), arguments: ["computing"],
            fixtures: [SampleFiles.fixture("wikipedia_search_computing_2023_csxl-solus.json")])
    }

    @Test("A file without paging asks for one page, with the same provider type")
    func unpaged() async throws {
        var file = try SampleFiles.read(SampleFiles.wikipedia)
        file.primary.paging = nil
        let provider = FileProvider(file: file, source: "wiki.json")
        let query = try #require(try provider.queries(from: ParsedCommand(arguments: ["computing"], values: [:])).first)
        #expect(provider.pageCount(for: query) == 1)
        #expect(!provider.descriptor.options.contains { $0.name == "pages" }, "no --pages without paging")
        let body = try Data(contentsOf: SampleFiles.fixture("wikipedia_search_computing_2023_csxl-solus.json"))
        var warnings: [String] = []
        let answer = try provider.decode(body, for: query, warnings: &warnings)
        #expect(!provider.hasMore(after: answer, page: 0, for: query))
        await Conformance.expect(
            FileProvider(file: file, source: "wiki.json"), arguments: ["computing"],
            fixtures: [SampleFiles.fixture("wikipedia_search_computing_2023_csxl-solus.json")])
    }
}
