import Foundation
import Synchronization
import TestSupport
import Testing

/// `apicli harvest nyt WORDS --from --to` against a loopback Article Search that holds three
/// articles a day: a year (1,095 results, past NYT's 1,000) is split until every range holds at most
/// 1,000, and every page of every range is fetched once.
@Suite("apicli harvest nyt: date slicing, end to end")
struct HarvestSlicingEndToEndTests {
    static let perDay = 3

    static func server() throws -> LoopbackServer {
        try LoopbackServer(maxLifetime: .seconds(600)) { request in
            guard request.path == "/svc/search/v2/articlesearch.json", let begin = request.query("begin_date"),
                  let end = request.query("end_date"), let first = Self.day(begin), let last = Self.day(end)
            else { return .status(404, body: "no route") }
            let page = Int(request.query("page") ?? "0") ?? 0
            let total = (last - first + 1) * perDay
            let docs = (page * 10..<min(page * 10 + 10, total)).map { index in
                let day = first + index / perDay
                return #"{"_id":"nyt://article/d\#(day)-\#(index % perDay)","web_url":"https://www.nytimes.com/d\#(day)/\#(index % perDay).html","headline":{"main":"Day \#(day) story \#(index % perDay)"},"pub_date":"2019-01-01T00:00:00+0000","word_count":100}"#
            }
            return .json(#"{"status":"OK","copyright":"synthetic","response":{"docs":[\#(docs.joined(separator: ","))],"meta":{"hits":\#(total),"offset":\#(page * 10),"time":1}}}"#)
        }
    }

    /// Days since 2019-01-01 of `YYYYMMDD` in 2019 (the test's range).
    static func day(_ text: String) -> Int? {
        guard text.count == 8, text.hasPrefix("2019"), let month = Int(text.dropFirst(4).prefix(2)), let day = Int(text.suffix(2))
        else { return nil }
        let starts = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334]
        return starts[month - 1] + day - 1
    }

    @Test("a year of 1,095 results is split into ranges of at most 1,000, every page fetched once")
    func slicing() async throws {
        let server = try Self.server()
        let sandbox = try Sandbox(server: server, extra: ["APICLI_TEST_CLOCK": "0", "APICLI_TIMEOUT": "20"])
        let run = try await sandbox.run(["harvest", "nyt", "election", "--from", "2019-01-01", "--to", "2019-12-31"])
        #expect(run.exitCode == 0, "\(run.stderrText)")
        let slices = try sandbox.rows("SELECT slice, state, hits FROM apicli_harvest_slices ORDER BY position")
        #expect(slices.count >= 2, "\(slices.map { $0[0].string ?? "" })")
        for slice in slices {
            #expect(slice[1].string == "done" && (slice[2].int ?? .max) <= 1000, "\(slice[0].string ?? ""): \(slice[2].int ?? -1)")
        }
        // The ranges cover the year once, in order.
        let ranges = slices.compactMap { $0[0].string }.map { $0.split(separator: "-").map(String.init) }
        #expect(ranges.first?.first == "20190101" && ranges.last?.last == "20191231")
        // Every page of every final range asked once; every article stored once.
        var asked: [String: Int] = [:]
        for request in server.requests {
            asked["\(request.query("begin_date") ?? "")-\(request.query("end_date") ?? "")/\(request.query("page") ?? "0")", default: 0] += 1
        }
        #expect(asked.values.allSatisfy { $0 == 1 }, "\(asked.filter { $0.value > 1 })")
        let stored = try sandbox.rows("SELECT COUNT(DISTINCT id) FROM nyt_articles").first?[0].int
        #expect(stored == 365 * Self.perDay)
    }
}
