import APIHost
import Foundation
import Testing
import TestSupport

@testable import NYT

/// `--fields`, `--format line` with `--template`, `--new` and `--fail-empty` on NYT,
/// through the host in-process. (These were the NYT halves of the binary's
/// `ScriptingEndToEndTests`; Weather's are in `WeatherTests`.)
@Suite("NYT scripting flags, in-process")
struct NYTScriptingTests {
    @Test("--fields chooses and orders CSV columns")
    func fieldsChooseColumns() async throws {
        let host = try NYTHost.host(try NYTHost.routes())
        let csv = await host.run(["nyt", "election", "--fields", "word_count,id", "--format", "csv"])
        #expect(csv.code == .success, "\(csv.stderr)")
        let rows = csv.stdout.components(separatedBy: "\r\n").dropLast()
        #expect(rows.first == "word_count,id")
        #expect(rows.dropFirst().first == "133,\(NYTHost.firstID)")
        #expect(rows.count == 11)
    }

    @Test("an unknown field is exit 64 listing the fields, before anything is fetched; --fields help lists them with their meaning")
    func unknownFieldsAndHelp() async throws {
        let host = try NYTHost.host(try NYTHost.routes())
        let unknown = await host.run(["nyt", "election", "--fields", "headline,nope"])
        #expect(unknown.code == .usage)
        #expect(unknown.isOneErrorLine, "\(unknown.stderr)")
        #expect(unknown.stderr.contains("unknown field 'nope'"))
        #expect(unknown.stderr.contains("web_url") && unknown.stderr.contains("pub_date"))
        #expect(unknown.stdout.isEmpty)
        #expect(host.transport.requests.isEmpty)

        let help = await host.run(["nyt", "--fields", "help"])
        #expect(help.code == .success, "\(help.stderr)")
        let lines = help.stdout.split(separator: "\n")
        #expect(lines.count > 10)
        #expect(lines.allSatisfy { $0.split(separator: " ", omittingEmptySubsequences: true).count >= 2 })
    }

    @Test("the fields --fields help lists are exactly those of the JSON output: with all chosen, an article is as without --fields")
    func declaredFieldsMatchTheJSON() async throws {
        let host = try NYTHost.host(try NYTHost.routes())
        let help = await host.run(["nyt", "--fields", "help"])
        let listed = help.stdout.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        let csv = await host.run(["nyt", "election", "--format", "csv", "--fields", listed.joined(separator: ",")])
        #expect(csv.code == .success, "\(csv.stderr)")
        let chosen = await host.run(["nyt", "election", "--format", "ndjson", "--fields", listed.joined(separator: ",")])
        let all = await host.run(["nyt", "election", "--format", "ndjson"])
        #expect(!all.stdout.isEmpty)
        #expect(chosen.stdout == all.stdout)
    }

    @Test("--format line: the default line, and a template with a time directive")
    func lineFormat() async throws {
        let host = try NYTHost.host(try NYTHost.routes())
        let line = await host.run(["nyt", "election", "--format", "line"])
        #expect(line.code == .success, "\(line.stderr)")
        let lines = line.stdout.split(separator: "\n")
        #expect(lines.count == 10)
        #expect(lines.first == "2016-11-19  Troops Gun Down Suicide Bomber in Northeast Nigerian City")
        let example = await host.run(["nyt", "climate", "--format", "line", "--template", "{pub_date:%Y-%m-%d} {headline}"])
        #expect(example.stdout.hasPrefix("2016-11-19 Troops Gun Down"))
    }

    @Test("--new prints only the items not stored before; --fail-empty exits 1 when nothing is new")
    func newItemsAndFailEmpty() async throws {
        let full = try NYTHost.page()
        let routes = try NYTHost.routes(try Self.page(full, dropping: 3))
        let host = try NYTHost.host(routes)
        let first = await host.run(["nyt", "election", "--new", "--format", "ndjson"])
        #expect(first.code == .success, "\(first.stderr)")
        #expect(first.stdout.split(separator: "\n").count == 7)

        // The whole page now: the three articles the store has not seen are new.
        let whole = NYTHost.json(full)
        routes.fail { _ in whole }
        let fresh = await host.run(["nyt", "election", "--new", "--refresh", "--format", "ndjson"])
        #expect(fresh.code == .success, "\(fresh.stderr)")
        let ids = fresh.stdout.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["id"] as? String
        }
        #expect(ids == Array(try Self.ids(full).prefix(3)))

        let none = await host.run(["nyt", "election", "--new", "--fail-empty", "--refresh", "--format", "ndjson"])
        #expect(none.code == .empty)
        #expect(none.stdout.isEmpty)
        #expect(none.stderr.contains("nothing new"))
        let quiet = await host.run(["nyt", "election", "--new", "--fail-empty", "--refresh", "-q"])
        #expect(quiet.code == .empty && quiet.stderr.isEmpty && quiet.stdout.isEmpty)
        let some = await host.run(["nyt", "election", "--fail-empty", "--format", "csv"])
        #expect(some.code == .success)
    }

    /// The page without its first `count` articles.
    static func page(_ body: Data, dropping count: Int) throws -> Data {
        var document = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        var response = try #require(document["response"] as? [String: Any])
        response["docs"] = try #require(response["docs"] as? [Any]).dropFirst(count).map { $0 }
        document["response"] = response
        return try JSONSerialization.data(withJSONObject: document)
    }

    static func ids(_ body: Data) throws -> [String] {
        let document = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        let docs = try #require((document["response"] as? [String: Any])?["docs"] as? [[String: Any]])
        return docs.compactMap { $0["_id"] as? String }
    }
}
