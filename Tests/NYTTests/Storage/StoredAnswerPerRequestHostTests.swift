import APIHost
import APIHTTP
import Foundation
import Testing
import TestSupport

@testable import NYT

/// Each NYT search keeps its own stored answer, through the host in-process: two searches
/// that differ in one setting (the words, `--from`, `--to`, `--sort`, `--fq`, `--page`,
/// `--pages`) get two answers, each an article named by the request's
/// ``HTTPRequest/echoToken`` (and no search word, so the offline full-text search adds
/// nothing to them); then each search `--offline`, and after a network failure, prints its
/// own article and not the other's.
@Suite("NYT: each search its own stored answer")
struct StoredAnswerPerRequestHostTests {
    /// A full page of ten articles that name the request (of 20 hits, so `--pages 2` asks
    /// twice), published on its `begin_date` when it has one.
    static func answer(_ request: HTTPRequest) throws -> HTTPResponse {
        let token = request.echoToken
        var published = "2016-11-19T11:06:34Z"
        if let begin = request.queryValue("begin_date"), begin.count == 8 {
            let digits = Array(begin)
            published = "\(String(digits[0..<4]))-\(String(digits[4..<6]))-\(String(digits[6..<8]))T12:00:00Z"
        }
        let articles: [[String: Any]] = (0..<10).map { index in
            [
                "_id": "nyt://article/\(token)-\(index)", "web_url": "https://www.nytimes.com/\(token)/\(index).html",
                "headline": ["main": "Answer \(token)"], "pub_date": published, "section_name": "World",
                "document_type": "article",
            ]
        }
        let body = try JSONSerialization.data(withJSONObject: [
            "status": "OK", "response": ["docs": articles, "meta": ["hits": 20, "offset": 0]],
        ])
        return NYTHost.json(body)
    }

    /// Pairs of searches that differ in one setting.
    static let pairs: [(String, [String], [String])] = [
        ("words", ["alpha"], ["omega"]),
        ("--from", ["quokka", "--from", "2016-01-01"], ["quokka", "--from", "2017-01-01"]),
        ("--to", ["quokka", "--to", "2016-12-31"], ["quokka", "--to", "2017-12-31"]),
        ("--sort", ["quokka", "--sort", "newest"], ["quokka", "--sort", "oldest"]),
        ("--fq", ["quokka", "--fq", #"section_name:("World")"#], ["quokka", "--fq", #"section_name:("Movies")"#]),
        ("--page", ["quokka"], ["quokka", "--page", "2"]),
        ("--pages", ["quokka", "--pages", "1"], ["quokka", "--pages", "2"]),
    ]

    @Test("two searches differing in one setting: each offline, and after a failure, is its own", arguments: 0..<pairs.count)
    func eachSearchItsOwn(pair: Int) async throws {
        let (setting, first, second) = Self.pairs[pair]
        // The second page of `--pages 2` follows the first, which `--pages 1` asked: the answer holds both.
        let secondHoldsFirst = setting == "--pages"
        // A store of its own per pair: NYT allows 5 requests a minute.
        let routes = StubRoutes([NYTHost.searchPath: Self.answer])
        let host = try NYTHost.host(routes)
        var tokens: [String] = []
        for search in [first, second] {
            let run = await host.run(["nyt"] + search + ["--json"])
            #expect(run.code == .success, "\(search): \(run.stderr)")
            tokens.append(host.transport.requests.last?.echoToken ?? "")
        }
        #expect(host.transport.requests.count == 2 && tokens[0] != tokens[1], "\(setting): two requests sent")
        func check(_ search: [String], mine: String, theirs: String?, _ extra: String) async {
            let run = await host.run(["nyt"] + search + [extra, "--json"])
            #expect(run.code == .success, "\(search) \(extra): \(run.stderr)")
            #expect(run.stdout.contains(mine), "\(setting): \(search) \(extra) lost its own answer: \(run.stdout.prefix(300))")
            #expect(!(theirs.map(run.stdout.contains) ?? false), "\(setting): \(search) \(extra) printed the other search's answer")
        }
        for extra in ["--offline", "--refresh"] {
            if extra == "--refresh" {
                routes.fail { request in throw HTTPClientError.connectionFailed(url: request.redactedURL, reason: "connection refused") }
            }
            await check(first, mine: tokens[0], theirs: tokens[1], extra)
            await check(second, mine: tokens[1], theirs: secondHoldsFirst ? nil : tokens[0], extra)
        }
    }

    @Test("after a failure, a search never made is 69, whatever is stored")
    func neverMade() async throws {
        let routes = StubRoutes([NYTHost.searchPath: Self.answer])
        let host = try NYTHost.host(routes)
        let fetched = await host.run(["nyt", "alpha"])
        #expect(fetched.code == .success, "\(fetched.stderr)")
        routes.fail { request in throw HTTPClientError.connectionFailed(url: request.redactedURL, reason: "connection refused") }
        let never = await host.run(["nyt", "omega", "--refresh"])
        #expect(never.code == .unavailable, "\(never.stdout) \(never.stderr)")
        #expect(never.stdout.isEmpty)
    }

    @Test("a search whose whole answer is another's cached first page is stored as its own")
    func cachedFirstPage() async throws {
        // One page of 10 hits: `--pages 2` asks the same one request as `--pages 1`, from the cache.
        let routes = StubRoutes([NYTHost.searchPath: { request in
            var answer = try Self.answer(request)
            answer.body = Data(String(decoding: answer.body, as: UTF8.self).replacingOccurrences(of: "\"hits\":20", with: "\"hits\":10").utf8)
            return answer
        }])
        let host = try NYTHost.host(routes)
        for pages in ["1", "2"] {
            let run = await host.run(["nyt", "quokka", "--pages", pages])
            #expect(run.code == .success, "\(pages): \(run.stderr)")
        }
        #expect(host.transport.requests.count == 1, "the second run is answered from the cache")
        let token = host.transport.requests.first?.echoToken ?? "?"
        let offline = await host.run(["nyt", "quokka", "--pages", "2", "--offline", "--json"])
        #expect(offline.code == .success, "\(offline.stderr)")
        #expect(offline.stdout.contains(token), "--pages 2 lost its answer: \(offline.stdout.prefix(300)) \(offline.stderr)")
    }
}
