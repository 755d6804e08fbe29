import Foundation
import Testing
import TestSupport

/// The worked example of docs/plugins.md, `Examples/apicli-nyt-front`, run as a
/// user runs it: on `PATH`, through `apicli nyt-front`, against the recorded answer.
@Suite("The plugin example, end to end", .serialized, .needs("python3"))
struct PluginExampleEndToEndTests {
    static let example = Fixtures.packageRoot.appendingPathComponent("Examples/apicli-nyt-front")

    /// A sandbox with the example installed on `PATH` and the top stories served for every section.
    static func installed() throws -> (Sandbox, FixtureServer, PluginFolder, Data) {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let plugins = try PluginFolder(in: sandbox)
        try plugins.add("nyt-front", String(decoding: try Data(contentsOf: example), as: UTF8.self))
        let body = try Fixtures.real("nyt/topstories/home-2022-10-01.json")
        fixtures.answer(.json(body)) { $0.path.hasPrefix("/svc/topstories/v2/") }
        return (sandbox, fixtures, plugins, body)
    }

    @Test("apicli nyt-front lists the recorded top stories in a table, with apicli's key and cache; --offline passes through")
    func table() async throws {
        let (sandbox, fixtures, plugins, body) = try Self.installed()
        let result = try await sandbox.run(["nyt-front"], set: plugins.variables(["COLUMNS": "120"]))
        #expect(result.exitCode == 0, "\(result.stderrText)")
        let stories = try #require((try JSONSerialization.jsonObject(with: body) as? [String: Any])?["results"] as? [[String: Any]])
        let lines = result.stdoutText.split(separator: "\n").map(String.init)
        #expect(lines.first == "SECTION           BYLINE                    TITLE")
        try #require(lines.count == stories.count + 1)
        let first = try #require(stories.first)
        let title = try #require(first["title"] as? String)
        #expect(lines[1].hasPrefix("world/europe      David E. Sanger, Anton Tr "), "\(lines[1])")
        #expect(lines[1].hasSuffix(title), "\(lines[1])")
        let request = try #require(fixtures.requests.first)
        #expect(request.path == "/svc/topstories/v2/home.json")
        #expect(request.query("api-key") == Sandbox.nytKey)

        let offline = try await sandbox.run(["--offline", "nyt-front"], set: plugins.variables(["COLUMNS": "120"]))
        #expect(offline.exitCode == 0, "\(offline.stderrText)")
        #expect(offline.stdoutText == result.stdoutText)
        #expect(fixtures.requests.count == 1)
        let unknown = try await sandbox.run(["--offline", "nyt-front", "science"], set: plugins.variables())
        #expect(unknown.exitCode == 69, "apicli's exit code passes through the plugin: \(unknown.stderrText)")
    }

    @Test("a reader that closes the pipe early ends the example quietly: no traceback, exit 0, as apicli ends")
    func closedPipe() async throws {
        let (sandbox, _, plugins, _) = try Self.installed()
        let apicli = try ProcessRunner.apicliExecutable().path
        // `true` reads nothing and is gone before the table is written: a broken pipe every time.
        // `head -2` takes two lines and leaves, as a reader at a terminal does.
        for reader in ["true", "head -2"] {
            let result = try await ProcessRunner.run(
                executable: URL(fileURLWithPath: "/bin/bash"),
                arguments: ["-c", "set -o pipefail; \"$0\" nyt-front | \(reader); echo \"status $?\" >&2", apicli],
                environment: sandbox.environment(set: plugins.variables(["COLUMNS": "120"])))
            #expect(result.stderrText == "status 0\n", "\(reader): \(result.stderrText)")
            let lines = result.stdoutText.split(separator: "\n")
            #expect(lines.count == (reader == "true" ? 0 : 2), "\(reader): \(result.stdoutText)")
        }
    }

    @Test("the global format reaches the example: -f json before the word, --format after it, ndjson and csv too")
    func globalFormat() async throws {
        let (sandbox, _, plugins, body) = try Self.installed()
        let stories = try #require((try JSONSerialization.jsonObject(with: body) as? [String: Any])?["results"] as? [[String: Any]])
        let first = try #require(stories.first)
        for line in [["-f", "json", "nyt-front"], ["--json", "nyt-front"], ["nyt-front", "--format", "json"]] {
            let result = try await sandbox.run(line, set: plugins.variables())
            #expect(result.exitCode == 0, "\(line): \(result.stderrText)")
            let printed = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [[String: Any]], "\(line)")
            #expect(printed.count == stories.count)
            #expect(printed.first?["title"] as? String == first["title"] as? String)
            #expect(printed.first?["url"] as? String == first["url"] as? String)
            #expect(printed.first?["published_date"] as? String == first["published_date"] as? String)
            #expect(Set(printed.first?.keys.map { $0 } ?? []) == ["section", "subsection", "title", "byline", "url", "published_date"])
        }
        let ndjson = try await sandbox.run(["--format", "ndjson", "nyt-front"], set: plugins.variables())
        let objects = ndjson.stdoutText.split(separator: "\n")
        #expect(objects.count == stories.count)
        #expect(objects.allSatisfy { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) is [String: Any] })
        let csv = try await sandbox.run(["-f", "csv", "nyt-front"], set: plugins.variables())
        let rows = csv.stdoutText.split(separator: "\n")
        #expect(rows.first == "section,subsection,title,byline,url,published_date")
        #expect(rows.count == stories.count + 1, "\(csv.stdoutText)")
        let line = try await sandbox.run(["-f", "line", "nyt-front"], set: plugins.variables())
        #expect(line.exitCode == 64)
        #expect(line.stderrText == "apicli nyt-front: error: prints table, json, ndjson or csv, not 'line'\n")
    }

    /// NYT's 5 a minute is kept in the store, so it holds for a plugin's `apicli api
    /// nyt` and `apicli nyt` alike: of 8 started at once (4 of each), 5 requests are
    /// sent and 3 runs exit 75. The spacing is shortened to 0.2 s so the 5 go in a
    /// second; the deadline of 3 s is far below the minute the others would wait.
    @Test("the 5-a-minute limit holds across a plugin's apicli api and apicli nyt in other processes")
    func limitAcrossBoth() async throws {
        let (sandbox, fixtures, plugins, _) = try Self.installed()
        let variables = plugins.variables(["APICLI_NYT_SPACING": "0.2", "APICLI_TIMEOUT": "3"])
        let results = try await withThrowingTaskGroup(of: (String, ProcessRunner.Result).self) { group in
            for index in 0..<4 {
                group.addTask { ("plugin \(index)", try await sandbox.run(["nyt-front", "section\(index)"], set: variables)) }
                group.addTask { ("nyt \(index)", try await sandbox.run(["nyt", "limitprobe\(index)"], set: variables)) }
            }
            return try await group.reduce(into: [(String, ProcessRunner.Result)]()) { $0.append($1) }
        }
        let sent = fixtures.requests
        #expect(sent.count == 5, "\(sent.count) requests: \(sent.map(\.path))")
        #expect(results.filter { $0.1.exitCode == 0 }.count == 5)
        let refused = results.filter { $0.1.exitCode == 75 }
        #expect(refused.count == 3, "\(results.map { "\($0.0): \($0.1.exitCode) \($0.1.stderrText)" })")
        for (name, result) in refused {
            #expect(result.stderrText.contains("NYT rate limit reached"), "\(name): \(result.stderrText)")
        }
        #expect(ProcessTests.ProcessRateLimitTests.mostInAnyMinute(sent.map(\.arrival)) <= 5)
        // The ledger's slots (when each request was let go) keep the spacing; arrivals add the machine's jitter.
        let slots = try sandbox.rows("SELECT at FROM apicli_rate_events WHERE bucket = 'nyt' ORDER BY at").compactMap { $0["at"].double }
        #expect(slots.count == 5)
        for (earlier, later) in zip(slots, slots.dropFirst()) {
            #expect(later - earlier >= 0.199, "slots \(later - earlier) s apart")
        }
    }
}
