import APICore
import Foundation
import Testing

@testable import NYT

@Suite struct NYTRequestTests {
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

    @Test func rateLimitFaultIsAnExhaustedQuotaQuotedClean() throws {
        let failure = try #require(
            provider.failure(status: 429, body: NYTFixtures.data("nyt-error-429-rate-limit-books.json"), for: query))
        guard case let .quotaExhausted(until, detail) = failure else {
            Issue.record("not a quota: \(failure)")
            return
        }
        #expect(until == nil)
        let message = try #require(detail)
        #expect(message.contains("Quota limit exceeded"))
        #expect(!message.contains("671b6860"))
        #expect(!message.contains("\n"))
    }

    @Test func rejectedKeyIsKeyRejected() throws {
        let body = Data(#"{"fault":{"faultstring":"Invalid ApiKey","detail":{"errorcode":"oauth.v2.InvalidApiKey"}}}"#.utf8)
        for status in [401, 403] {
            let failure = try #require(provider.failure(status: status, body: body, for: query))
            #expect(failure == .keyRejected(detail: "Invalid ApiKey"))
        }
        #expect(provider.failure(status: 401, body: Data("<html>".utf8), for: query) == .keyRejected(detail: nil))
    }

    @Test("a 403 that does not blame the key is the gateway throttling: temporary")
    func throttling403() {
        let quota = Data(#"{"fault":{"faultstring":"Rate limit quota violation.","detail":{"errorcode":"policies.ratelimit.QuotaViolation"}}}"#.utf8)
        #expect(provider.failure(status: 403, body: quota, for: query)
            == .temporarilyUnavailable(detail: "Rate limit quota violation."))
        #expect(provider.failure(status: 403, body: Data(), for: query) == .temporarilyUnavailable(detail: "HTTP 403"))
    }

    @Test func searchErrorsAndUnknownBodies() {
        let body = Data(#"{"status":"ERROR","copyright":"c","errors":["Invalid value for fq"]}"#.utf8)
        #expect(provider.failure(status: 400, body: body, for: query)
            == .badRequest("Invalid value for fq; check --fq, --from and --to"))
        #expect(provider.failure(status: 500, body: Data("oops".utf8), for: query) == nil)
    }
}
