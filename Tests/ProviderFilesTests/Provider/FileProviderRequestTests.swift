@testable import APIHost
@testable import ProviderFiles
import Foundation
import Testing

/// The request a file provider builds and how it reads answers.
@Suite("File provider requests and decoding")
struct FileProviderRequestTests {
    @Test("Words, options in order, then paging; the first page is not sent")
    func request() throws {
        let provider = FileProvider(file: try SampleFiles.read(SampleFiles.hackerNews), source: "hn.json")
        let query = try #require(
            try provider.queries(from: ParsedCommand(arguments: ["c++", "rust"], values: ["tags": "story", "pages": "2"])).first)
        let first = provider.request(for: query, page: 0)
        #expect(first.path == "/api/v1/search")
        #expect(first.query == [QueryItem("query", "c++ rust"), QueryItem("tags", "story"), QueryItem("hitsPerPage", "1")])
        let second = provider.request(for: query, page: 1)
        #expect(second.query.contains(QueryItem("page", "1")))
    }

    @Test("Offset paging sends the offset of each page")
    func offset() throws {
        let provider = FileProvider(file: try SampleFiles.read(SampleFiles.wikipedia), source: "wiki.json")
        let query = try #require(try provider.queries(from: ParsedCommand(arguments: ["computing"], values: ["page": "2"])).first)
        #expect(provider.request(for: query, page: 0).query.contains(QueryItem("sroffset", "4")))
        #expect(provider.request(for: query, page: 0).query.contains(QueryItem("action", "query")) == false,
                "a default is resolved by the host into the command, not by the provider")
    }

    @Test("A date option is sent in the file's wire format")
    func dates() throws {
        let text = SampleFiles.hackerNews.replacingOccurrences(
            of: #"{"name": "min-points", "parameter": "numericFilters", "type": "text", "help": "A numeric filter."}"#,
            with: #"{"name": "since", "parameter": "since", "type": "date", "format": "dd/MM/yyyy"}"#)
        let provider = FileProvider(file: try SampleFiles.read(text), source: "hn.json")
        let query = try #require(try provider.queries(from: ParsedCommand(arguments: ["x"], values: ["since": "2024-02-29"])).first)
        #expect(query.parameters == [QueryItem("since", "29/02/2024")])
        #expect(throws: UsageError.self) { try provider.queries(from: ParsedCommand(arguments: ["x"], values: ["since": "2023-02-29"])) }
    }

    @Test("A path the answer lacks: the list the answer has is read, said once; an answer without one is the file's error, exit 78, naming what is there")
    func missingItems() throws {
        let text = SampleFiles.hackerNews.replacingOccurrences(of: #""items": "hits""#, with: #""items": "results.hits""#)
        let provider = FileProvider(file: try SampleFiles.read(text), source: "hn.json")
        let body = try Data(contentsOf: SampleFiles.fixture("hn_search_tags_story_hitsPerPage1_2014_sytelus.json"))
        let query = FileQuery(words: "x", parameters: [], firstPage: 0, pages: 1)
        var warnings: [String] = []
        let answer = try provider.decode(body, for: query, warnings: &warnings)
        #expect(answer.items.map(\.id) == ["7824727"])
        #expect(warnings.count == 1 && warnings.first?.contains("a list under 'hits'") == true, "\(warnings)")
        warnings = []
        _ = try provider.decode(body, for: query, warnings: &warnings)
        #expect(warnings.isEmpty, "said once a run: \(warnings)")

        let error = Data(#"{"message": "Invalid Application-ID or API key", "status": 403}"#.utf8)
        do {
            _ = try provider.decode(error, for: query, warnings: &warnings)
            Issue.record("decoded")
        } catch let ProviderFailure.misdescribed(message) {
            #expect(ErrorMapping.cliError(ProviderFailure.misdescribed(message)).exitCode == .configuration)
            #expect(message.contains("hn.json: items: the answer has no 'results.hits'"), "\(message)")
            #expect(message.contains("message, status"), "\(message)")
        }
    }

    @Test("Items without the id path get their content hash, with a warning")
    func contentHash() throws {
        let text = SampleFiles.wikipedia.replacingOccurrences(of: #""id": "pageid""#, with: #""id": "nothere""#)
        let provider = FileProvider(file: try SampleFiles.read(text), source: "wiki.json")
        let body = try Data(contentsOf: SampleFiles.fixture("wikipedia_search_computing_2023_csxl-solus.json"))
        var warnings: [String] = []
        let answer = try provider.decode(body, for: FileQuery(words: "x", parameters: [], firstPage: 0, pages: 1), warnings: &warnings)
        #expect(answer.items.count == 2)
        #expect(answer.total == 59315)
        #expect(Set(answer.items.map(\.id)).count == 2)
        #expect(answer.items.allSatisfy { $0.id.count == 16 })
        #expect(warnings.contains { $0.contains("no 'nothere'") })
    }
}
