import APIHost
import Foundation
import Testing
import TestSupport

@testable import NYT

/// NYT's articles through the host, in-process, in every format: the headline column,
/// the JSON fields and the CSV columns NYT draws. (The NYT half of the binary's
/// `OutputFormatEndToEndTests`; the formats and the table's fitting to `COLUMNS`
/// themselves are `APIHostTests`' `OutputFormatTests`, on the stub provider.)
@Suite("NYT's articles in every format, in-process")
struct NYTOutputFormatTests {
    static let url = "http://www.nytimes.com/aponline/2016/11/19/world/africa/ap-af-nigeria-boko-haram-suicide-bomber.html"

    @Test("table, JSON (an array of articles), NDJSON and CSV")
    func formats() async throws {
        let host = try NYTHost.host(try NYTHost.routes())
        // One fetch, then the other formats answer from the cache: every output is the same 10 articles.
        let table = await host.run(["nyt", "election"])
        let json = await host.run(["nyt", "election", "--json"])
        let ndjson = await host.run(["nyt", "election", "--format", "ndjson"])
        let csv = await host.run(["nyt", "election", "--format=csv"])
        #expect(host.transport.requests.count == 1)

        #expect(table.code == .success, "\(table.stderr)")
        let tableLines = table.stdout.split(separator: "\n")
        #expect(tableLines.first?.contains("Headline") == true)
        #expect(tableLines.count == 11)
        #expect(table.stdout.contains("Troops Gun Down Suici"))

        #expect(json.code == .success, "\(json.stderr)")
        let articles = try NYTHost.objects(json)
        #expect(articles.count == 10)
        let first = try #require(articles.first)
        #expect(first["id"] as? String == NYTHost.firstID)
        #expect(first["headline"] as? String == "Troops Gun Down Suicide Bomber in Northeast Nigerian City")
        #expect(first["web_url"] as? String == Self.url)
        #expect(first["word_count"] is NSNumber)
        #expect(first["multimedia"] is [Any])

        #expect(ndjson.code == .success)
        let lines = ndjson.stdout.split(separator: "\n")
        #expect(lines.count == 10)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["id"] is String)
        }

        #expect(csv.code == .success)
        // RFC 4180: CRLF ends each record.
        #expect(csv.stdout.hasSuffix("\r\n"))
        let rows = csv.stdout.components(separatedBy: "\r\n").dropLast()
        #expect(rows.count == 11)
        #expect(rows.first == "pub_date,section_name,headline,byline,web_url")
        #expect(rows.contains { $0.hasPrefix("2016-11-19T11:06:34Z,World,Troops Gun Down Suicide Bomber in Northeast Nigerian City,By THE ASSOCIATED PRESS,") }, "\(rows)")
    }
}
