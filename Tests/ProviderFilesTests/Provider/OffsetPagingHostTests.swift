import Foundation
import Testing
import TestSupport

/// Offset paging of operations imported from NYT's own documents, over HTTP to a loopback
/// server: the offset steps by the page size the document declares (Books: `multipleOf: 20`),
/// or, where it declares none (Movie Reviews says "a multiple of 20" in prose only), by the
/// number of items each answer held; and "N of TOTAL" is said as the NYT provider says it.
///
/// No recorded answer of these two operations exists (the corpus' SOURCES lists NYT Books
/// lists among those looked for and not found), so the pages are written here in the shape
/// the documents give: `num_results` and `results` (Books), `has_more` and `results` (Movie Reviews).
@Suite("Offset paging of imported NYT operations, over HTTP")
struct OffsetPagingHostTests {
    static let key = "nytKEY-offset-2c71e0"

    static func corpus(_ name: String) -> String {
        Fixtures.realRoot.appendingPathComponent("openapi-corpus/" + name).path
    }

    /// Books `GET /lists.json`: `count` books from `start`, of `total` in all.
    static func booksPage(from start: Int, count: Int, total: Int) -> Data {
        let results = (start..<start + count).map { index in
            #"{"list_name": "Hardcover Fiction", "display_name": "Hardcover Fiction", "bestsellers_date": "2018-03-17", "#
                + #""published_date": "2018-04-01", "rank": \#(index + 1), "rank_last_week": 0, "weeks_on_list": 1, "#
                + #""book_details": [{"title": "BOOK \#(index + 1)", "author": "Author \#(index + 1)"}]}"#
        }
        return Data(#"{"status": "OK", "num_results": \#(total), "results": [\#(results.joined(separator: ", "))]}"#.utf8)
    }

    static func host(_ name: String, at server: LoopbackServer) throws -> ProviderFilesHost {
        try ProviderFilesHost(
            variables: ProviderFilesHost.baseURL(for: name, at: server).merging([name.uppercased() + "_API_KEY": key]) { $1 },
            overHTTP: true)
    }

    @Test("NYT Books /lists.json: offsets 0, 20, 40 (the document's multipleOf), and '60 of 1,118' on stderr as NYT's own provider says it")
    func booksOffsetsOfTwenty() async throws {
        let server = try LoopbackServer { request in
            guard request.path == "/svc/books/v3/lists.json" else { return .status(404) }
            return .json(Self.booksPage(from: Int(request.query("offset") ?? "0") ?? 0, count: 20, total: 1118))
        }
        defer { server.stop() }
        let host = try Self.host("books", at: server)
        let add = await host.run(["provider", "add", "books", "--openapi", Self.corpus("nyt_books_api.json"), "--operation", "GET /lists.{format}"])
        #expect(add.code == .success, "\(add.stderr)")

        let one = await host.run(["books", "json", "--list", "hardcover-fiction"])
        #expect(one.code == .success, "\(one.stderr)")
        #expect(one.stderr.contains("apicli: 20 of 1,118; more with --pages"), "\(one.stderr)")

        let three = await host.run(["books", "json", "--list", "hardcover-fiction", "--pages", "3", "--refresh"])
        #expect(three.code == .success, "\(three.stderr)")
        #expect(server.requests.map { $0.query("offset") } == [nil, nil, "20", "40"], "the first page is the API's default, not sent")
        #expect(server.requests.allSatisfy { $0.query("api-key") == Self.key && $0.query("list") == "hardcover-fiction" })
        #expect(three.stderr.contains("60 of 1,118; more with --pages"), "\(three.stderr)")
        #expect(!three.stdout.contains("of 1,118"), "the note is on stderr, never in what a script reads")

        let page = await host.run(["books", "json", "--list", "hardcover-fiction", "--page", "2", "--refresh"])
        #expect(page.code == .success, "\(page.stderr)")
        #expect(server.requests.last?.query("offset") == "40", "--page 2 is offset 40: pages of 20, counted from 0")
    }

    @Test("NYT Movie Reviews: no page size declared, so each offset moves past the items the answer held, until one comes back empty")
    func movieReviewsStepByItems() async throws {
        let held = [0: 20, 20: 13]
        let server = try LoopbackServer { request in
            guard request.path == "/svc/movies/v2/reviews/all.json" else { return .status(404) }
            let offset = Int(request.query("offset") ?? "0") ?? 0
            let count = held[offset] ?? 0
            let results = (offset..<offset + count).map { #"{"display_title": "FILM \#($0 + 1)", "mpaa_rating": "R", "critics_pick": 0}"# }
            return .json(#"{"status": "OK", "has_more": \#(count > 0), "num_results": \#(count), "results": [\#(results.joined(separator: ", "))]}"#)
        }
        defer { server.stop() }
        let host = try Self.host("movies", at: server)
        let add = await host.run([
            "provider", "add", "movies", "--openapi", Self.corpus("nyt_movie_reviews_v2.yaml"), "--operation", "GET /reviews/{type}.json",
        ])
        #expect(add.code == .success, "\(add.stderr)")
        let show = await host.run(["provider", "show", "movies"])
        #expect(show.stdout.contains(#""step": "items""#), "\(show.stdout)")
        let help = await host.run(["help", "movies"])
        #expect(!help.stdout.contains("--page N"), "an offset of unknown page size has no page number to start at: \(help.stdout)")

        let run = await host.run(["movies", "all", "--pages", "5", "--json"])
        #expect(run.code == .success, "\(run.stderr)")
        #expect(server.requests.map { $0.query("offset") } == [nil, "20", "33"])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(items.count == 33)
        #expect(!run.stderr.contains("stopped after"), "\(run.stderr)")

        // apicli api --paginate steps the same way, from the offset's first value.
        let api = await host.run(["api", "movies", "/svc/movies/v2/reviews/all.json", "--paginate", "--refresh"])
        #expect(api.code == .success, "\(api.stderr)")
        #expect(server.requests.dropFirst(3).map { $0.query("offset") } == ["0", "20", "33"])
    }

    @Test("apicli api --paginate on NYT Books: offsets 0, 20, 40, 60 until a page is not full")
    func booksPaginate() async throws {
        let server = try LoopbackServer { request in
            guard request.path == "/svc/books/v3/lists.json" else { return .status(404) }
            let offset = Int(request.query("offset") ?? "0") ?? 0
            return .json(Self.booksPage(from: offset, count: max(0, min(20, 65 - offset)), total: 65))
        }
        defer { server.stop() }
        let host = try Self.host("books", at: server)
        let add = await host.run(["provider", "add", "books", "--openapi", Self.corpus("nyt_books_api.json"), "--operation", "GET /lists.{format}"])
        #expect(add.code == .success, "\(add.stderr)")
        let run = await host.run(["api", "books", "/svc/books/v3/lists.json", "-q", "list=hardcover-fiction", "--paginate"])
        #expect(run.code == .success, "\(run.stderr)")
        #expect(server.requests.map { $0.query("offset") } == ["0", "20", "40", "60"])
    }
}
