import Foundation
import Testing
import TestSupport

/// `apicli api` on a provider file works as on a compiled provider: the file's base URL,
/// and `--paginate` following its offset paging with its page size, through the host in-process.
@Suite("apicli api on a provider file, through the host")
struct APICommandOnFileHostTests {
    @Test("a provider file works the same: its base URL, and --paginate follows its offset paging with its page size")
    func providerFile() async throws {
        let page = try Fixtures.real(SearchAPIs.wikiFixture)  // 2 results: a full page of the file's size
        let empty = #"{"batchcomplete":"","query":{"search":[]}}"#
        let answers = ScriptedAnswers()
        answers.add(.json(page)) { $0.path == SearchAPIs.wikiPath && $0.queryValue("sroffset") == "0" }
        answers.add(.json(empty)) { $0.path == SearchAPIs.wikiPath }
        let host = try answers.host()
        try host.installProviderFile("wiki", SearchAPIs.wikiFile)
        let result = await host.run(
            ["api", "wiki", SearchAPIs.wikiPath, "-q", "action=query", "-q", "list=search", "-q", "srsearch=computing", "--paginate"])
        #expect(result.code == .success, "\(result.stderr)")
        #expect(host.requests.map { $0.queryValue("sroffset") } == ["0", "2"])
        #expect(host.requests.allSatisfy { $0.queryValue("srlimit") == "2" && $0.queryValue("srsearch") == "computing" })
        #expect(host.requests.allSatisfy { $0.baseURL.absoluteString == "https://en.wikipedia.org" }, "the file's base URL")
        #expect(result.stdout == String(decoding: page, as: UTF8.self) + empty)
    }
}
