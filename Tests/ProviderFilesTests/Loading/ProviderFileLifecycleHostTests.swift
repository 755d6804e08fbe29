import Foundation
import Testing
import TestSupport

/// A provider added at run time, through the host in-process: added, listed
/// everywhere, searched in every format, offline, on a failing server, cleared
/// and removed, each step checked by its exit code, the requests sent and the store.
@Suite("Provider files through the host")
struct ProviderFileLifecycleHostTests {
    @Test("hn: add from a sample, search, every format, offline, fallback, remove")
    func hackerNewsLifecycle() async throws {
        let apis = try SearchAPIs()
        let host = try apis.host()
        let add = await host.run(SearchAPIs.addHN)
        #expect(add.code == .success, "\(add.stderr)")
        let path = host.providersFolder + "/hn.json"
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(host.requests.isEmpty, "a sample file asks nothing")

        // It is a provider everywhere at once.
        for words in [["providers"], ["--help"], ["completions", "bash"], ["completions", "zsh"], ["manpage"]] {
            let listed = await host.run(words)
            #expect(listed.code == .success && listed.stdout.contains("hn"), "\(words): \(listed.stdout.prefix(200))")
        }

        let table = await host.run(["hn", "gibberish", "papers"])
        #expect(table.code == .success, "\(table.stderr)")
        #expect(table.stdout.contains("Publishers withdraw"))
        #expect(host.requests.last?.queryValue("query") == "gibberish papers")

        let json = await host.run(["hn", "gibberish", "--format", "json"])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(items.first?["objectID"] as? String == "7824727", "the item whole, as sent")
        #expect(items.first?["num_comments"] as? Int == 0, "a number column is a JSON number")
        #expect(items.first?["_highlightResult"] != nil, "fields no column names are kept")
        let ndjson = await host.run(["hn", "gibberish", "--format", "ndjson"])
        #expect(ndjson.stdout.split(separator: "\n").count == 1)
        let csv = await host.run(["hn", "gibberish", "--format", "csv"])
        #expect(csv.stdout.hasPrefix("title,"), "headed by the names --fields takes: \(csv.stdout)")
        #expect(try host.count("provider_files_items WHERE provider = 'hn'") == 1)

        // Offline: another query finds the stored story by its searchable title.
        let requestsBefore = host.requests.count
        let offline = await host.run(["hn", "withdraw", "--offline", "--json"])
        #expect(offline.code == .success, "\(offline.stderr)")
        #expect(offline.stdout.contains("7824727"))
        #expect(host.requests.count == requestsBefore, "--offline never touches the network")
        let nothing = await host.run(["hn", "zebra", "--offline"])
        #expect(nothing.code == .unavailable)

        // Fallback: the server fails, the stored answer shows with a warning.
        apis.down.withLock { $0 = true }
        let stale = await host.run(["hn", "gibberish", "--refresh", "--json"])
        #expect(stale.code == .success, "\(stale.stderr)")
        #expect(stale.warnings.count == 1 && stale.stderr.contains("showing results stored at"), "\(stale.stderr)")
        #expect(host.requests.count > requestsBefore, "--refresh asked the server")
        #expect(stale.stdout == json.stdout)

        let remove = await host.run(["provider", "remove", "hn", "--yes"])
        #expect(remove.code == .success, "\(remove.stderr)")
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try host.count("provider_files_items WHERE provider = 'hn'") == 0)
        #expect(try host.count("apicli_http_cache WHERE provider = 'hn'") == 0)
        let gone = await host.run(["hn", "gibberish"])
        #expect(gone.code == .usage)
    }

    @Test("add for a keyless API asks it once for a sample, and the provider works")
    func addFromLiveRequest() async throws {
        let host = try SearchAPIs().host()
        let add = await host.run([
            "provider", "add", "wp", "--base-url", "https://en.wikipedia.org", "--path", SearchAPIs.wikiPath,
            "--items", "query.search", "--query-param", "srsearch", "--no-key", "--sample-words", "computing",
        ])
        #expect(add.code == .success, "\(add.stderr)")
        try #require(host.requests.count == 1)
        let sample = host.requests[0]
        #expect(sample.path == SearchAPIs.wikiPath && sample.queryValue("srsearch") == "computing")
        #expect(sample.baseURL.absoluteString == "https://en.wikipedia.org")
        let show = await host.run(["provider", "show", "wp"])
        #expect(show.stdout.contains(#""id": "pageid""#), "\(show.stdout)")
        let check = await host.run(["provider", "check", "wp"])
        #expect(check.code == .success && check.stdout.hasPrefix("ok:"), "\(check.stderr)")
        let search = await host.run(["wp", "cloud", "--json"])
        #expect(search.code == .success, "\(search.stderr)")
        #expect(search.stdout.contains("Cloud computing"))
        let wrong = await host.run([
            "provider", "add", "wp2", "--base-url", "https://en.wikipedia.org", "--path", SearchAPIs.wikiPath,
            "--items", "query.results", "--query-param", "srsearch", "--no-key",
        ])
        #expect(wrong.code == .usage)
        // The line names what the sample has where the path was not found: that is the behaviour.
        #expect(wrong.isOneErrorLine && wrong.stderr.contains("'query' has: search"), "\(wrong.stderr)")
        #expect(!host.hasProviderFile("wp2"))
    }

    @Test("store clear empties a file provider's rows and keeps the index consistent")
    func storeClear() async throws {
        let host = try SearchAPIs().host()
        try host.installProviderFile("wiki", SearchAPIs.wikiFile)
        let search = await host.run(["wiki", "computing"])
        #expect(search.code == .success, "\(search.stderr)")
        #expect(try host.count("provider_files_items") == 2)
        let clear = await host.run(["store", "clear", "wiki"])
        #expect(clear.code == .success, "\(clear.stderr)")
        #expect(try host.count("provider_files_items") == 0)
        #expect(try host.count("provider_files_results") == 0)
        let check = await host.run(["store", "check"])
        #expect(check.code == .success, "\(check.stderr)")
        let offline = await host.run(["wiki", "computing", "--offline"])
        #expect(offline.code == .unavailable)
    }

    @Test("remove asks before dropping stored rows: no keeps them, yes drops them")
    func removeAsks() async throws {
        for (answer, kept) in [("n\n", 2), ("y\n", 0)] {
            let host = try SearchAPIs().host()
            try host.installProviderFile("wiki", SearchAPIs.wikiFile)
            let search = await host.run(["wiki", "computing"])
            #expect(search.code == .success, "\(search.stderr)")
            let remove = await host.run(["provider", "remove", "wiki"], stdin: answer)
            #expect(remove.code == .success, "\(remove.stderr)")
            #expect(remove.stderr.contains("drop the stored results of wiki"), "\(remove.stderr)")
            #expect(!host.hasProviderFile("wiki"))
            #expect(try host.count("provider_files_items WHERE provider = 'wiki'") == kept, "answer \(answer)")
        }
    }

    @Test("wiki: paging by offset sends each page's offset and the page size")
    func wikipediaPaging() async throws {
        let host = try SearchAPIs().host()
        try host.installProviderFile("wiki", SearchAPIs.wikiFile)
        let result = await host.run(["wiki", "computing", "--pages", "3", "--json"])
        #expect(result.code == .success, "\(result.stderr)")
        let requests = host.requests.filter { $0.path == SearchAPIs.wikiPath }
        #expect(requests.map { $0.queryValue("sroffset") } == [nil, "2", "4"])
        #expect(requests.allSatisfy {
            $0.queryValue("srlimit") == "2" && $0.queryValue("action") == "query" && $0.queryValue("format") == "json"
        })
        let items = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(items.map { $0["title"] as? String } == ["Computing", "Cloud computing"], "each item once")
    }

    /// `config set` reads a key from stdin, which an in-process run does not have: the key is
    /// written to the config file as `config set` writes it, and `config get` proves the name is
    /// a setting of the file provider (an unknown one is a usage error).
    @Test("A provider file with a key: the key comes from the config file, is sent, and never shown")
    func keyFromConfig() async throws {
        let articles = try Fixtures.real("nyt/nyt-2016-11-compact-escaped-slashes.json")
        let host = try SearchAPIs().host(routes: ["/svc/search/v2/articlesearch.json": articles])
        let document = Fixtures.realRoot.appendingPathComponent("openapi/nyt_article_search_v2.json").path
        let add = await host.run(["provider", "add", "nytimes", "--openapi", document, "--operation", "GET /articlesearch.json"])
        #expect(add.code == .success, "\(add.stderr)")
        let missing = await host.run(["nytimes", "election"])
        #expect(missing.code == .configuration)
        #expect(missing.isOneErrorLine && missing.stderr.contains("NYTIMES_API_KEY"), "\(missing.stderr)")
        #expect(host.requests.isEmpty)
        let key = "fileKEY-e2e-91ac"
        try FileManager.default.createDirectory(
            atPath: (host.configPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "nytimes.api-key = \(key)\n".write(toFile: host.configPath, atomically: true, encoding: .utf8)
        _ = chmod(host.configPath, 0o600)
        let get = await host.run(["config", "get", "nytimes.api-key"])
        #expect(get.code == .success && !get.stdout.isEmpty && !get.stdout.contains(key), "\(get.stderr)")
        let run = await host.run(["nytimes", "election", "--verbose"])
        #expect(run.code == .success, "\(run.stderr)")
        #expect(host.requests.last?.url.absoluteString.contains("api-key=\(key)") == true)
        #expect(!(run.stdout + run.stderr).contains(key))
        #expect(try host.databaseBytes().range(of: Data(key.utf8)) == nil)
    }
}
