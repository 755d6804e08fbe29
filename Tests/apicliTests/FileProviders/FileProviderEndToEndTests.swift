import Foundation
import Testing
import TestSupport

/// A provider added at run time, driven through the built binary and the loopback server.
@Suite("Provider files, end to end")
struct FileProviderEndToEndTests {
    @Test("hn: add from a sample, search, every format, offline, fallback, remove")
    func hackerNewsLifecycle() async throws {
        let state = SearchAPISwitch()
        let (sandbox, fixtures) = try Sandbox.withSearchAPIs(switch: state)
        let env = sandbox.baseURL(for: "hn")
        let add = try await sandbox.run([
            "provider", "add", "hn", "--base-url", "https://hn.algolia.com", "--path", "/api/v1/search",
            "--items", "hits", "--query-param", "query", "--no-key",
            "--sample", Fixtures.realRoot.appendingPathComponent(Sandbox.hnFixture).path,
        ])
        #expect(add.exitCode == 0, "\(add.stderrText)")
        let path = sandbox.providersFolder + "/hn.json"
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        // It is a provider everywhere at once.
        for words in [["providers"], ["--help"], ["completions", "bash"], ["completions", "zsh"], ["manpage"]] {
            let listed = try await sandbox.run(words)
            #expect(listed.exitCode == 0 && listed.stdoutText.contains("hn"), "\(words): \(listed.stdoutText.prefix(200))")
        }

        let table = try await sandbox.run(["hn", "gibberish", "papers"], set: env)
        #expect(table.exitCode == 0, "\(table.stderrText)")
        #expect(table.stdoutText.contains("Publishers withdraw"))
        #expect(fixtures.requests.last?.query("query") == "gibberish papers")

        let json = try await sandbox.run(["hn", "gibberish", "--format", "json"], set: env)
        let items = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [[String: Any]])
        #expect(items.first?["id"] as? String == "7824727")
        #expect(items.first?["num_comments"] as? Int == 0, "a number column is a JSON number")
        let ndjson = try await sandbox.run(["hn", "gibberish", "--format", "ndjson"], set: env)
        #expect(ndjson.stdoutText.split(separator: "\n").count == 1)
        let csv = try await sandbox.run(["hn", "gibberish", "--format", "csv"], set: env)
        #expect(csv.stdoutText.hasPrefix("TITLE,"), "\(csv.stdoutText)")
        #expect(try sandbox.count("provider_files_items WHERE provider = 'hn'") == 1)

        // Offline: another query finds the stored story by its searchable title.
        let requestsBefore = fixtures.requests.count
        let offline = try await sandbox.run(["hn", "withdraw", "--offline", "--json"], set: env)
        #expect(offline.exitCode == 0, "\(offline.stderrText)")
        #expect(offline.stdoutText.contains("7824727"))
        #expect(fixtures.requests.count == requestsBefore, "--offline never touches the network")
        let nothing = try await sandbox.run(["hn", "zebra", "--offline"], set: env)
        #expect(nothing.exitCode == 69)

        // Fallback: the server fails, the stored answer shows with a warning.
        state.down.withLock { $0 = true }
        let stale = try await sandbox.run(["hn", "gibberish", "--refresh", "--json"], set: env)
        #expect(stale.exitCode == 0, "\(stale.stderrText)")
        #expect(stale.stderrText.contains("showing results stored at"), "\(stale.stderrText)")
        #expect(stale.stdoutText == json.stdoutText)

        let remove = try await sandbox.run(["provider", "remove", "hn", "--yes"])
        #expect(remove.exitCode == 0, "\(remove.stderrText)")
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try sandbox.count("provider_files_items WHERE provider = 'hn'") == 0)
        #expect(try sandbox.count("apicli_http_cache WHERE provider = 'hn'") == 0)
        let gone = try await sandbox.run(["hn", "gibberish"], set: env)
        #expect(gone.exitCode == 64)
    }

    @Test("add for a keyless API asks it once for a sample, and the provider works")
    func addFromLiveRequest() async throws {
        let (sandbox, fixtures) = try Sandbox.withSearchAPIs()
        let env = sandbox.baseURL(for: "wp")
        let add = try await sandbox.run([
            "provider", "add", "wp", "--base-url", "https://en.wikipedia.org", "--path", "/w/api.php",
            "--items", "query.search", "--query-param", "srsearch", "--no-key", "--sample-words", "computing",
        ], set: env)
        #expect(add.exitCode == 0, "\(add.stderrText)")
        let sample = try #require(fixtures.requests.last)
        #expect(sample.path == Sandbox.wikiPath && sample.query("srsearch") == "computing")
        let show = try await sandbox.run(["provider", "show", "wp"])
        #expect(show.stdoutText.contains(#""id": "pageid""#), "\(show.stdoutText)")
        let check = try await sandbox.run(["provider", "check", "wp"])
        #expect(check.exitCode == 0 && check.stdoutText.hasPrefix("ok:"), "\(check.stderrText)")
        let search = try await sandbox.run(["wp", "cloud", "--json"], set: env)
        #expect(search.exitCode == 0, "\(search.stderrText)")
        #expect(search.stdoutText.contains("Cloud computing"))
        let wrong = try await sandbox.run([
            "provider", "add", "wp2", "--base-url", "https://en.wikipedia.org", "--path", "/w/api.php",
            "--items", "query.results", "--query-param", "srsearch", "--no-key",
        ], set: sandbox.baseURL(for: "wp2"))
        #expect(wrong.exitCode == 64)
        #expect(wrong.stderrText.contains("'query' has: search"), "\(wrong.stderrText)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.providersFolder + "/wp2.json"))
    }

    @Test("remove asks before dropping stored rows; no keeps them")
    func removeAsks() async throws {
        let (sandbox, _) = try Sandbox.withSearchAPIs()
        try sandbox.installProviderFile("wiki", Sandbox.wikiFile)
        let search = try await sandbox.run(["wiki", "computing"], set: sandbox.baseURL(for: "wiki"))
        #expect(search.exitCode == 0, "\(search.stderrText)")
        let remove = try await sandbox.run(["provider", "remove", "wiki"], stdin: "n\n")
        #expect(remove.exitCode == 0, "\(remove.stderrText)")
        #expect(remove.stderrText.contains("drop the stored results of wiki"))
        #expect(try sandbox.count("provider_files_items WHERE provider = 'wiki'") == 2)
    }

    @Test("store clear empties a file provider's rows and keeps the index consistent")
    func storeClear() async throws {
        let (sandbox, _) = try Sandbox.withSearchAPIs()
        try sandbox.installProviderFile("wiki", Sandbox.wikiFile)
        let search = try await sandbox.run(["wiki", "computing"], set: sandbox.baseURL(for: "wiki"))
        #expect(search.exitCode == 0, "\(search.stderrText)")
        let clear = try await sandbox.run(["store", "clear", "wiki"])
        #expect(clear.exitCode == 0, "\(clear.stderrText)")
        #expect(try sandbox.count("provider_files_items") == 0)
        #expect(try sandbox.count("provider_files_results") == 0)
        let check = try await sandbox.run(["store", "check"])
        #expect(check.exitCode == 0, "\(check.stderrText)")
        let offline = try await sandbox.run(["wiki", "computing", "--offline"])
        #expect(offline.exitCode == 69)
    }

    @Test("wiki: paging by offset sends each page's offset and the page size")
    func wikipediaPaging() async throws {
        let (sandbox, fixtures) = try Sandbox.withSearchAPIs()
        try sandbox.installProviderFile("wiki", Sandbox.wikiFile)
        let result = try await sandbox.run(["wiki", "computing", "--pages", "3", "--json"], set: sandbox.baseURL(for: "wiki"))
        #expect(result.exitCode == 0, "\(result.stderrText)")
        let requests = fixtures.requests.filter { $0.path == Sandbox.wikiPath }
        #expect(requests.map { $0.query("sroffset") } == [nil, "2", "4"])
        #expect(requests.allSatisfy { $0.query("srlimit") == "2" && $0.query("action") == "query" && $0.query("format") == "json" })
        let items = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [[String: Any]])
        #expect(items.map { $0["title"] as? String } == ["Computing", "Cloud computing"], "each item once")
    }

    @Test("A provider file with a key: the key comes from 'config set', is sent, and never shown")
    func keyFromConfig() async throws {
        let (sandbox, fixtures) = try Sandbox.withSearchAPIs()
        let document = Fixtures.realRoot.appendingPathComponent("openapi/nyt_article_search_v2.json").path
        let add = try await sandbox.run(["provider", "add", "nytimes", "--openapi", document, "--operation", "GET /articlesearch.json"])
        #expect(add.exitCode == 0, "\(add.stderrText)")
        let env = sandbox.baseURL(for: "nytimes")
        let missing = try await sandbox.run(["nytimes", "election"], set: env)
        #expect(missing.exitCode == 78)
        #expect(missing.stderrText.contains("NYTIMES_API_KEY"), "\(missing.stderrText)")
        let key = "fileKEY-e2e-91ac"
        let set = try await sandbox.run(["config", "set", "nytimes.api-key"], stdin: key + "\n")
        #expect(set.exitCode == 0, "\(set.stderrText)")
        let run = try await sandbox.run(["nytimes", "election", "--verbose"], set: env)
        #expect(run.exitCode == 0, "\(run.stderrText)")
        #expect(fixtures.requests.last?.query("api-key") == key)
        #expect(!(run.stdoutText + run.stderrText).contains(key))
        #expect(try sandbox.databaseBytes().range(of: Data(key.utf8)) == nil)
    }
}
