import APICore
import Foundation
import Testing

@testable import NYT

@Suite struct RequestTests {
    let provider = NYTProvider()

    func items(_ endpoint: Endpoint) -> [String: String] {
        Dictionary(endpoint.query.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    @Test func minimalRequestSendsOnlyTheWords() throws {
        let query = try #require(try provider.queries(from: command(["c++", "&", "rust"])).first)
        let endpoint = provider.request(for: query, page: 0)
        #expect(endpoint.path == "/svc/search/v2/articlesearch.json")
        #expect(endpoint.query == [QueryItem("q", "c++ & rust")])
    }

    @Test func everyParameter() throws {
        let values = ["from": "2024-01-01", "to": "20240331", "sort": "oldest", "page": "2", "fq": "section_name:(\"Sports\") AND x=y&z"]
        let query = try #require(try provider.queries(from: command(["climate", "change"], values)).first)
        let endpoint = provider.request(for: query, page: 1)
        #expect(items(endpoint) == [
            "q": "climate change", "begin_date": "20240101", "end_date": "20240331", "sort": "oldest", "page": "3",
            "fq": "section_name:(\"Sports\") AND x=y&z",
        ])
        #expect(endpoint.query.map(\.name) == ["q", "begin_date", "end_date", "sort", "page", "fq"])
        #expect(!endpoint.query.contains { $0.name == "api-key" })
    }

    @Test func pagingStopsWhenHitsAreExhausted() throws {
        let query = ArticleQuery(words: "x", pages: 5)
        let full = SearchPage(hits: 27, articles: (0..<10).map { Article(id: "\($0)") })
        #expect(provider.hasMore(after: full, page: 0, for: query))
        #expect(provider.hasMore(after: full, page: 1, for: query))
        #expect(!provider.hasMore(after: full, page: 2, for: query))
        #expect(!provider.hasMore(after: SearchPage(hits: 1000, articles: []), page: 0, for: query))
        let late = ArticleQuery(words: "x", firstPage: 100, pages: 5)
        #expect(late.pages == 1)
        #expect(!provider.hasMore(after: SearchPage(hits: 100_000, articles: full.articles), page: 0, for: late))
    }

    @Test func mergeKeepsOrderAndFirstPageHits() {
        let merged = provider.merge([
            SearchPage(status: "OK", hits: 27, offset: 0, articles: [Article(id: "a"), Article(id: "b")]),
            SearchPage(status: "OK", hits: 28, offset: 10, articles: [Article(id: "c"), Article(id: "b")]),
        ])
        #expect(merged.articles.map(\.id) == ["a", "b", "c"])
        #expect(merged.hits == 27)
        #expect(merged.offset == 0)
    }

    @Test func storageKeyDependsOnEverySearchSetting() {
        let base = ArticleQuery(words: "x")
        let variants = [
            ArticleQuery(words: "y"), ArticleQuery(words: "x", beginDate: CalendarDate(year: 2020, month: 1, day: 1)),
            ArticleQuery(words: "x", sort: .newest), ArticleQuery(words: "x", filter: "f"),
            ArticleQuery(words: "x", firstPage: 1), ArticleQuery(words: "x", pages: 2),
        ]
        #expect(Set(variants.map(\.storageKey) + [base.storageKey]).count == variants.count + 1)
        #expect(base.storageKey == ArticleQuery(words: "x").storageKey)
    }
}

@Suite struct FailureTests {
    let provider = NYTProvider()
    let query = ArticleQuery(words: "x")

    @Test func rateLimitFaultIsATemporaryFailure() throws {
        let failure = try #require(
            provider.failure(status: 429, body: Fixtures.data("nyt-error-429-rate-limit-books.json"), for: query))
        #expect(failure.exitCode == .temporaryFailure)
        #expect(failure.message.contains("Quota limit exceeded"))
        #expect(!failure.message.contains("671b6860"))
        #expect(!failure.message.contains("\n"))
    }

    @Test func rejectedKeyIsPermissionDenied() throws {
        let body = Data(#"{"fault":{"faultstring":"Invalid ApiKey","detail":{"errorcode":"oauth.v2.InvalidApiKey"}}}"#.utf8)
        for status in [401, 403] {
            let failure = try #require(provider.failure(status: status, body: body, for: query))
            #expect(failure.exitCode == .permissionDenied)
            #expect(failure.message.contains("Invalid ApiKey"))
            #expect(failure.message.contains("NYT_API_KEY"))
        }
        #expect(provider.failure(status: 401, body: Data("<html>".utf8), for: query)?.exitCode == .permissionDenied)
    }

    @Test func searchErrorsAndUnknownBodies() {
        let body = Data(#"{"status":"ERROR","copyright":"c","errors":["Invalid value for fq"]}"#.utf8)
        #expect(provider.failure(status: 400, body: body, for: query)?.message.contains("Invalid value for fq") == true)
        #expect(provider.failure(status: 500, body: Data("oops".utf8), for: query) == nil)
    }
}
