import APIHost
import Foundation
import Testing
import TestSupport

/// The output formats and the table's fitting through the host, in-process on the stub
/// provider: one answer drawn as a table, a JSON array, NDJSON and CSV (the cache answering
/// all but the first), and the table fitted to `COLUMNS` unless `--wide`. (These were the
/// host's checks of NYT's `OutputFormatTests`, from the binary's `OutputFormatEndToEndTests`
/// and `TableFittingEndToEndTests`; what NYT's articles look like in each format stays in `NYTTests`.)
@Suite("Output formats and table fitting, in-process")
struct OutputFormatTests {
    /// Titles longer than 60 columns, so that a 60-column table must cut them.
    static let titles = [
        "Troops Gun Down Suicide Bomber in Northeast Nigerian City, Officials Say Today",
        "A second record whose title is far longer than sixty columns of a terminal",
        "A third record, with a comma, whose title is longer than sixty columns too",
    ]
    static let records = "[" + titles.enumerated().map { index, title in
        #"{"id": "r\#(index + 1)", "title": "\#(title)"}"#
    }.joined(separator: ", ") + "]"

    static func host() throws -> InProcessHost {
        try InProcessHost(sources: [.compiled([StubProvider()])], variables: ["LANG": "C.UTF-8"]) { _, _ in
            InProcessHost.json(Self.records)
        }
    }

    @Test("table, JSON (an array of records), NDJSON and CSV, from one request")
    func formats() async throws {
        let host = try Self.host()
        // One fetch, then the other formats answer from the cache: every output is the same 3 records.
        let table = await host.run(["stub", "election"])
        let json = await host.run(["stub", "election", "--json"])
        let ndjson = await host.run(["stub", "election", "--format", "ndjson"])
        let csv = await host.run(["stub", "election", "--format=csv"])
        #expect(host.transport.requests.count == 1)

        #expect(table.code == .success, "\(table.stderr)")
        let tableLines = table.stdout.split(separator: "\n")
        #expect(tableLines.first?.contains("TITLE") == true)
        #expect(tableLines.count == 4)
        #expect(table.stdout.contains("Troops Gun Down Suici"))

        #expect(json.code == .success, "\(json.stderr)")
        let records = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(records.count == 3)
        #expect(records.first?["id"] as? String == "r1")
        #expect(records.first?["title"] as? String == Self.titles[0])

        #expect(ndjson.code == .success)
        let lines = ndjson.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["id"] is String)
        }

        #expect(csv.code == .success)
        // RFC 4180: CRLF ends each record, and a field with a comma is quoted.
        #expect(csv.stdout.hasSuffix("\r\n"))
        let rows = csv.stdout.components(separatedBy: "\r\n").dropLast()
        #expect(rows.count == 4)
        #expect(rows.first?.lowercased() == "id,title")
        #expect(rows.contains("r1,\"\(Self.titles[0])\""))
        #expect(rows.contains("r3,\"\(Self.titles[2])\""))
    }

    @Test("COLUMNS=60 fits every line in 60 columns; --wide prints whole cells")
    func fitsColumns() async throws {
        let host = try Self.host()
        let narrow = await host.run(["stub", "election"], setting: ["COLUMNS": "60"])
        let wide = await host.run(["stub", "election", "--wide"], setting: ["COLUMNS": "60"])
        let wider = await host.run(["stub", "election"], setting: ["COLUMNS": "200"])
        #expect(narrow.code == .success && wide.code == .success && wider.code == .success)
        let lines = narrow.stdout.split(separator: "\n")
        #expect(lines.count == 4)
        for line in lines { #expect(line.count <= 60, "\(line.count): \(line)") }
        #expect(narrow.stdout.contains("…"))
        #expect(!narrow.stdout.contains(Self.titles[1]))
        #expect(wide.stdout.contains(Self.titles[1]))
        #expect(wider.stdout.split(separator: "\n").contains { $0.count > 60 })
    }
}
