import APIHost
import Foundation
import Testing
import TestSupport
import APIHTTP

@testable import NYT

/// `--changed` on the recorded page, fetched again as it was, then with a headline and a
/// byline edited: only the edited articles print, and `--fail-empty` exits 1 when none is.
@Suite("--changed through the host")
struct ChangedItemsHostTests {
    /// The recorded page with the first doc's headline and the second doc's byline edited.
    static func editedPage() throws -> Data {
        var object = try #require(try JSONSerialization.jsonObject(with: NYTHost.page()) as? [String: Any])
        var response = try #require(object["response"] as? [String: Any])
        var docs = try #require(response["docs"] as? [[String: Any]])
        var headline = try #require(docs[0]["headline"] as? [String: Any])
        headline["main"] = "Edited: " + ((headline["main"] as? String) ?? "")
        docs[0]["headline"] = headline
        var byline = try #require(docs[1]["byline"] as? [String: Any])
        byline["original"] = "By SOMEONE ELSE"
        docs[1]["byline"] = byline
        response["docs"] = docs
        object["response"] = response
        return try JSONSerialization.data(withJSONObject: object)
    }

    static func ids(_ ndjson: String) -> [String] {
        ndjson.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["id"] as? String
        }
    }

    @Test("unchanged: nothing printed, exit 1 with --fail-empty; edited: the two edited articles only")
    func changedOnly() async throws {
        let routes = try NYTHost.routes()
        let host = try NYTHost.host(routes)
        #expect(await host.run(["nyt", "election"]).code == .success)

        let same = await host.run(["nyt", "election", "--changed", "--fail-empty", "--refresh", "--format", "ndjson"])
        #expect(same.code == .empty, "\(same.stderr)")
        #expect(same.stdout.isEmpty)
        #expect(same.stderr.contains("nothing changed"))

        let full = try NYTHost.page()
        let edited = NYTHost.json(try Self.editedPage())
        routes.fail { _ in edited }
        let changed = await host.run(["nyt", "election", "--changed", "--fail-empty", "--refresh", "--format", "ndjson"])
        #expect(changed.code == .success, "\(changed.stderr)")
        let docs = try #require(
            ((try JSONSerialization.jsonObject(with: full) as? [String: Any])?["response"] as? [String: Any])?["docs"]
                as? [[String: Any]])
        let expected = docs.prefix(2).compactMap { $0["_id"] as? String }
        #expect(Self.ids(changed.stdout) == expected, "\(changed.stdout)")

        // Stored now: the same edited page again changes nothing; --new finds nothing new either.
        let again = await host.run(["nyt", "election", "--changed", "--refresh", "--format", "ndjson"])
        #expect(again.code == .success && again.stdout.isEmpty, "\(again.stdout)")
        let table = await host.run(["nyt", "election", "--changed", "--refresh"])
        #expect(table.code == .success && table.stdout.isEmpty)
    }

    @Test("history: newest first, the edited headline old → new, in every format")
    func history() async throws {
        let routes = try NYTHost.routes()
        let host = try NYTHost.host(routes)
        #expect(await host.run(["nyt", "election"]).code == .success)
        let edited = NYTHost.json(try Self.editedPage())
        routes.fail { _ in edited }
        #expect(await host.run(["nyt", "election", "--refresh"]).code == .success)

        let json = await host.run(["history", "nyt", NYTHost.firstID, "--format", "json"])
        #expect(json.code == .success, "\(json.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(rows.map { $0["version"] as? Int } == [2, 1])
        #expect(rows.map { $0["change"] as? String } == ["changed", "first"])
        #expect(rows.first?["field"] as? String == "headline")
        let old = try #require(rows.first?["old"] as? String)
        #expect(rows.first?["new"] as? String == "Edited: " + old)
        #expect((rows.first?["query"] as? String)?.contains("election") == true)

        let csv = await host.run(["history", "nyt", NYTHost.firstID, "--format", "csv"])
        let records = csv.stdout.split(whereSeparator: \.isNewline)
        #expect(records.first == "version,fetched_at,query,change,field,old,new", "\(csv.stdout)")
        #expect(records.dropFirst().first?.hasSuffix(",changed,headline," + old + ",Edited: " + old) == true, "\(csv.stdout)")
        let table = await host.run(["history", "nyt", NYTHost.firstID, "--wide"])
        #expect(table.stdout.contains("Edited: " + old), "\(table.stdout)")
        let line = await host.run(["history", "nyt", NYTHost.firstID, "--template", "{version} {change} {field}"])
        #expect(line.stdout == "2 changed headline\n1 first \n", "\(line.stdout)")

        let unknown = await host.run(["history", "nyt", "nyt://article/never-stored"])
        #expect(unknown.code == .empty && unknown.stdout.isEmpty)
        #expect(await host.run(["history", "nyc", NYTHost.firstID]).code == .usage)
    }

    @Test("--offline --as-of: the headline as stored at that time; before the first fetch, nothing")
    func asOf() async throws {
        let routes = try NYTHost.routes()
        var host = try NYTHost.host(routes)
        let clock = ManualClock(start: Date(timeIntervalSince1970: 1_796_000_000))  // 2026-11-30T…
        host.time = TimeSource(now: clock.now, sleep: clock.sleep)
        #expect(await host.run(["nyt", "election"]).code == .success)
        let first = Timestamp.format(clock.now())
        clock.advance(by: .seconds(86_400))
        let edited = NYTHost.json(try Self.editedPage())
        routes.fail { _ in edited }
        #expect(await host.run(["nyt", "election", "--refresh"]).code == .success)
        let between = Timestamp.format(clock.now().addingTimeInterval(-3_600))
        clock.advance(by: .seconds(600))

        func headline(asOf time: String) async throws -> String? {
            let run = await host.run(["nyt", "election", "--offline", "--as-of", time, "--json"])
            #expect(run.code == .success, "\(run.stderr)")
            return try NYTHost.objects(run).first { $0["id"] as? String == NYTHost.firstID }?["headline"] as? String
        }
        let original = try #require(try await headline(asOf: between))
        #expect(!original.hasPrefix("Edited: "))
        #expect(try await headline(asOf: first) == original)
        #expect(try await headline(asOf: Timestamp.format(clock.now())) == "Edited: " + original)

        let before = await host.run(["nyt", "election", "--offline", "--as-of", "2020-01-01"])
        #expect(before.code == .unavailable && before.stderr.contains("as of 2020-01-01T00:00:00Z"), "\(before.stderr)")
        #expect(await host.run(["nyt", "election", "--as-of", first]).code == .usage, "--as-of needs --offline")
        #expect(await host.run(["nyt", "election", "--offline", "--as-of", "yesterday"]).code == .usage)
    }

    @Test("store prune --keep: older versions go, each article's latest stays; store info counts versions")
    func prune() async throws {
        let routes = try NYTHost.routes()
        var host = try NYTHost.host(routes)
        let clock = ManualClock(start: Date(timeIntervalSince1970: 1_796_000_000))
        host.time = TimeSource(now: clock.now, sleep: clock.sleep)
        #expect(await host.run(["nyt", "election"]).code == .success)
        clock.advance(by: .seconds(86_400))
        let edited = NYTHost.json(try Self.editedPage())
        routes.fail { _ in edited }
        #expect(await host.run(["nyt", "election", "--refresh"]).code == .success)
        let info = await host.run(["store", "info"])
        let line = try #require(info.stdout.split(separator: "\n").first { $0.hasPrefix("nyt ") }, "\(info.stdout)")
        #expect(line.split(separator: " ").dropFirst(4).first == "12", "10 first versions and 2 edits: \(line)")

        clock.advance(by: .seconds(43_200))
        let kept = await host.run(["store", "prune", "--keep", "2d"])
        #expect(kept.code == .success && kept.stderr.contains("pruned 0 versions"), "\(kept.stderr)")
        let pruned = await host.run(["store", "prune", "--keep", "1d"])
        #expect(pruned.code == .success && pruned.stderr.contains("pruned 2 versions"), "\(pruned.stderr)")
        let history = await host.run(["history", "nyt", NYTHost.firstID, "--format", "ndjson"])
        let left = history.stdout.split(separator: "\n")
        #expect(left.count == 1 && left[0].contains(#""fetched_at":"2026-12-01T00:53:20Z""#), "the edit, fetched a day later: \(history.stdout)")
        let shown = await host.run(["nyt", "election", "--offline", "--json"])
        #expect(try NYTHost.objects(shown).count == 10, "every article still shows")
        #expect(await host.run(["store", "prune"]).code == .usage)
        #expect(await host.run(["store", "prune", "--keep", "soon"]).code == .usage)
        #expect(await host.run(["store", "prune"], setting: ["APICLI_STORE_KEEP": "90d"]).code == .success)
    }
}
