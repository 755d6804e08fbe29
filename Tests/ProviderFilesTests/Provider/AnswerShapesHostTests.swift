import Foundation
import Synchronization
import Testing
import TestSupport

/// Answers of every common shape through a provider file, the host in-process, with
/// real recorded answers: one record (OpenWeather's current weather,
/// a GitHub repository), a bare top-level array (GitHub issues), and parallel
/// arrays (Open-Meteo's hourly forecast).
@Suite("Answer shapes, through the host")
struct AnswerShapesHostTests {
    static let answers = "openapi-answers/"

    /// A provider file: `items` and `columns` as given, the words in `words`, no key.
    static func file(
        _ name: String, path: String, words: String, items: String, id: String?, columns: String, options: String = "[]"
    ) -> String {
        """
        {"apicli": 1, "name": "\(name)", "summary": "Shapes.", "baseURL": "https://api.example.org", "path": "\(path)",
         "words": \(words), "key": "none", "options": \(options), "items": \(items),
         \(id.map { "\"id\": \"\($0)\"," } ?? "") "columns": \(columns)}
        """
    }

    static func serving(_ fixture: String, at path: String) throws -> ProviderFilesHost {
        let scripted = ScriptedAnswers()
        let body = try Fixtures.real(answers + fixture)
        scripted.add(.json(body)) { $0.sentPath == path }
        return try scripted.host()
    }

    @Test("OpenWeather's current weather is a record: field rows, the object in JSON, one CSV row, line, offline, store sql, --new")
    func openWeatherRecord() async throws {
        let host = try Self.serving("openweathermap_current_weather_london_2020_open-weather-ruby-client.json", at: "/data/2.5/weather")
        try host.installProviderFile("now", Self.file(
            "now", path: "/data/2.5/weather", words: #"{"parameter": "q"}"#, items: #"{"shape": "record"}"#, id: "id",
            columns: #"[{"name": "name", "path": "name", "kind": "text", "searchable": true}]"#))

        let table = await host.run(["now", "London"])
        #expect(table.code == .success, "\(table.stderr)")
        let rows = table.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        #expect(rows.contains(["main.temp", "282.57"]), "\(table.stdout)")
        #expect(rows.contains(["sys.country", "GB"]), "\(table.stdout)")
        #expect(rows.contains(["name", "London"]), "\(table.stdout)")

        let json = await host.run(["now", "London", "--format", "json"])
        #expect(json.code == .success, "\(json.stderr)")
        let printed = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        #expect(printed?.count == 1)
        #expect(printed?.first?["name"] as? String == "London")
        #expect((printed?.first?["main"] as? [String: Any])?["humidity"] as? Int == 81)
        #expect((printed?.first?["weather"] as? [[String: Any]])?.first?["description"] as? String == "light rain")

        let csv = await host.run(["now", "London", "--format", "csv"])
        let lines = csv.stdout.split(separator: "\r\n")
        #expect(lines.count == 2, "\(csv.stdout)")
        let header = lines.first?.split(separator: ",").map(String.init) ?? []
        #expect(Set(["coord.lon", "weather", "main.temp", "sys.country", "name"]).isSubset(of: header), "\(csv.stdout)")
        #expect(lines.last?.split(separator: ",").count ?? 0 >= header.count, "\(csv.stdout)")

        let line = await host.run(["now", "London", "--template", "{name} {main.temp} {sys.country}"])
        #expect(line.stdout == "London 282.57 GB\n", "\(line.stdout)")

        // Stored under its query: offline gives the same record, and nothing new the second time.
        let served = host.requests.count
        let offline = await host.run(["now", "London", "--offline", "--format", "json"])
        #expect(offline.code == .success, "\(offline.stderr)")
        #expect(try JSONSerialization.jsonObject(with: Data(offline.stdout.utf8)) as? NSArray == JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? NSArray)
        #expect(host.requests.count == served)
        let other = await host.run(["now", "Paris", "--offline"])
        #expect(other.code != .success, "another query's record is not this one's: \(other.stdout)")
        let new = await host.run(["now", "London", "--new", "--refresh", "--fail-empty"])
        #expect(new.code == .empty, "\(new.stdout) \(new.stderr)")
        let sql = await host.run([
            "store", "sql", "SELECT count(*) AS n FROM provider_files_items WHERE provider = 'now'", "--format", "csv",
        ])
        #expect(sql.stdout == "n\r\n1\r\n", "\(sql.stdout) \(sql.stderr)")
    }

    /// One key order, the answer's own: the members print in the order the server wrote
    /// them, fresh and from the store alike (not sorted by name).
    @Test("a record prints its members in the answer's order, fresh and offline, byte for byte")
    func answersOwnOrder() async throws {
        let host = try Self.serving("openweathermap_current_weather_london_2020_open-weather-ruby-client.json", at: "/data/2.5/weather")
        try host.installProviderFile("now", Self.file(
            "now", path: "/data/2.5/weather", words: #"{"parameter": "q"}"#, items: #"{"shape": "record"}"#, id: "id",
            columns: #"[{"name": "name", "path": "name", "kind": "text", "searchable": true}]"#))
        let fresh = await host.run(["now", "London", "--format", "json"])
        #expect(fresh.code == .success, "\(fresh.stderr)")
        /// Where each key starts a line `indent` spaces deep (the record's own members, or `main`'s).
        func offsets(_ keys: [String], indent: Int, in text: String) -> [Int] {
            keys.map { key in
                let line = "\n" + String(repeating: " ", count: indent) + "\"\(key)\":"
                return text.range(of: line).map { text.distance(from: text.startIndex, to: $0.lowerBound) } ?? -1
            }
        }
        let top = ["coord", "weather", "base", "main", "visibility", "wind", "rain", "clouds", "dt", "sys", "timezone", "id", "name", "cod"]
        let main = ["temp", "feels_like", "temp_min", "temp_max", "pressure", "humidity"]
        for (keys, indent) in [(top, 4), (main, 6)] {
            let found = offsets(keys, indent: indent, in: fresh.stdout)
            #expect(!found.contains(-1) && found == found.sorted(), "\(keys) in \(fresh.stdout)")
        }
        let offline = await host.run(["now", "London", "--offline", "--format", "json"])
        #expect(offline.code == .success, "\(offline.stderr)")
        #expect(offline.stdout == fresh.stdout)
    }

    @Test("When the API is down, the record stored under the same query is shown, stale")
    func staleRecord() async throws {
        let answers = ScriptedAnswers()
        let host = try answers.host()
        let down = Mutex(false)
        answers.add(.status(503, body: "down")) { _ in down.withLock { $0 } }
        let body = try Fixtures.real(Self.answers + "openweathermap_current_weather_london_2020_open-weather-ruby-client.json")
        answers.add(.json(body)) { $0.sentPath == "/data/2.5/weather" }
        try host.installProviderFile("now", Self.file(
            "now", path: "/data/2.5/weather", words: #"{"parameter": "q"}"#, items: #"{"shape": "record"}"#, id: "id",
            columns: #"[{"name": "name", "path": "name", "kind": "text", "searchable": true}]"#))
        let fresh = await host.run(["now", "London", "--template", "{name} {main.humidity}"])
        #expect(fresh.stdout == "London 81\n", "\(fresh.stderr)")
        down.withLock { $0 = true }
        let stale = await host.run(["now", "London", "--template", "{name} {main.humidity}", "--refresh"])
        #expect(stale.stdout == "London 81\n", "\(stale.stdout) \(stale.stderr)")
        #expect(!stale.stderr.isEmpty, "the fallback says the record is stale")
    }

    @Test("A GitHub repository is a record: any key path with --fields")
    func githubRecord() async throws {
        let host = try Self.serving("github_get_repository_hello-world_octokit-fixtures.json", at: "/repos/octokit-fixture-org/hello-world")
        try host.installProviderFile("repo", Self.file(
            "repo", path: "/repos/octokit-fixture-org/{repo}", words: #"{"pathSegment": "repo"}"#, items: #"{"shape": "record"}"#,
            id: "id", columns: #"[{"name": "full_name", "path": "full_name", "kind": "text", "searchable": true}]"#))
        let run = await host.run(
            ["repo", "hello-world", "--fields", "full_name,owner.login,stargazers_count", "--format", "csv"])
        #expect(run.code == .success, "\(run.stderr)")
        #expect(run.stdout == "full_name,owner.login,stargazers_count\r\noctokit-fixture-org/hello-world,octokit-fixture-org,0\r\n",
                "\(run.stdout)")
    }

    @Test("Open-Meteo's hourly forecast is parallel arrays: one item per hour, stored and read offline")
    func openMeteoParallel() async throws {
        let host = try Self.serving("openmeteo_forecast_berlin_2023-11-13_open-meteo-ruby.json", at: "/v1/forecast")
        try host.installProviderFile("meteo", Self.file(
            "meteo", path: "/v1/forecast", words: #"{"parameter": "latitude"}"#, items: #"{"shape": "parallel", "path": "hourly"}"#,
            id: nil, columns: #"[{"name": "time", "path": "time", "kind": "text"}, {"name": "code", "path": "weather_code", "kind": "number"}]"#,
            options: #"[{"name": "longitude", "parameter": "longitude", "type": "text"}]"#))
        let csv = await host.run(["meteo", "52.52", "--longitude", "13.41", "--format", "csv"])
        #expect(csv.code == .success, "\(csv.stderr)")
        let lines = csv.stdout.split(separator: "\r\n").map(String.init)
        #expect(lines.count == 169, "one row per hour and the header")
        #expect(lines.prefix(3) == ["time,code", "2023-11-13T00:00,2", "2023-11-13T01:00,3"], "\(lines.prefix(3))")
        let offline = await host.run(["meteo", "52.52", "--longitude", "13.41", "--format", "csv", "--offline"])
        #expect(offline.stdout == csv.stdout, "\(offline.stderr)")
    }

    @Test("A bare top-level array of GitHub issues: items, any key path, --fields help")
    func bareArray() async throws {
        let host = try Self.serving("github_issues_per_page3_page1_octokit-fixtures.json", at: "/repos/o/r/issues")
        try host.installProviderFile("issues", Self.file(
            "issues", path: "/repos/o/{repo}/issues", words: #"{"pathSegment": "repo"}"#, items: #"{"shape": "list"}"#, id: "id",
            columns: #"[{"name": "title", "path": "title", "kind": "text", "searchable": true}]"#))
        let run = await host.run(["issues", "r", "--fields", "number,user.login,title", "--format", "csv"])
        #expect(run.code == .success, "\(run.stderr)")
        #expect(run.stdout == """
            number,user.login,title\r
            13,octokit-fixture-user-a,Test issue 13\r
            12,octokit-fixture-user-a,Test issue 12\r
            11,octokit-fixture-user-a,Test issue 11\r

            """, "\(run.stdout)")
        let line = await host.run(["issues", "r", "--template", "#{number} by {user.login}"])
        #expect(line.stdout.hasPrefix("#13 by octokit-fixture-user-a\n"), "\(line.stdout)")
        // Without --fields, JSON prints each item whole, as sent; --fields narrows it.
        let json = await host.run(["issues", "r", "--format", "json"])
        let objects = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        let sent = try JSONSerialization.jsonObject(
            with: Fixtures.real(Self.answers + "github_issues_per_page3_page1_octokit-fixtures.json")) as? [[String: Any]]
        #expect(objects?.count == 3 && objects?.first.map { Set($0.keys) } == sent?.first.map { Set($0.keys) }, "\(json.stdout.prefix(300))")
        #expect((objects?.first?["user"] as? [String: Any])?["login"] as? String == "octokit-fixture-user-a")
        let narrowed = await host.run(["issues", "r", "--format", "json", "--fields", "number,title"])
        let chosen = try JSONSerialization.jsonObject(with: Data(narrowed.stdout.utf8)) as? [[String: Any]]
        #expect(chosen?.first.map { Set($0.keys) } == ["number", "title"], "\(narrowed.stdout)")
        let help = await host.run(["issues", "r", "--fields", "help"])
        #expect(help.code == .success, "\(help.stderr)")
        let helpLines = help.stdout.split(separator: "\n")
        #expect(helpLines.first?.hasPrefix("id") == true && helpLines.dropFirst().first?.hasPrefix("title") == true, "\(help.stdout)")
        #expect(help.stdout.contains("Any other key path"), "\(help.stdout)")
        let typo = await host.run(["issues", "r", "--fields", "user.logn"])
        #expect(typo.code == .usage, "\(typo.stdout)")
        #expect(typo.stderr.contains("did you mean 'user.login'"), "\(typo.stderr)")
    }

    @Test("One number too large and one string that is not UTF-8 become null with one warning; the rest is kept")
    func lenientDecoding() async throws {
        let answers = ScriptedAnswers()
        let host = try answers.host()
        var body = Data(#"{"hits": [{"id": "1", "title": "kept", "points": -1e400}, {"id": "2", "title": "bad "#.utf8)
        body += Data([0xFF, 0xFE])
        body += Data(#"", "points": 5}, {"id": "3", "title": "also kept", "points": 7}]}"#.utf8)
        answers.add(.json(body)) { $0.sentPath == "/search" }
        try host.installProviderFile("lenient", Self.file(
            "lenient", path: "/search", words: #"{"parameter": "q"}"#, items: #""hits""#, id: "id",
            columns: #"[{"name": "title", "path": "title", "kind": "text", "searchable": true}, {"name": "points", "path": "points", "kind": "number"}]"#))
        let run = await host.run(["lenient", "x", "--format", "csv"])
        #expect(run.code == .success, "\(run.stderr)")
        #expect(run.stdout == "title,points\r\nkept,\r\n,5\r\nalso kept,7\r\n", "\(run.stdout)")
        let warnings = run.stderr.split(separator: "\n").filter { $0.contains("could not be read") }
        #expect(warnings.count == 1, "\(run.stderr)")
        #expect(warnings.first?.contains("2 values") == true, "\(run.stderr)")
    }

    @Test("A document whose property named \"\" refers to its own schema imports in bounded time")
    func selfReferringImport() async throws {
        let host = try ProviderFilesHost()
        let path = host.home.path("odd.json")
        let document = ##"""
            {"openapi": "3.0.0", "info": {"title": "Odd", "version": "1"}, "servers": [{"url": "https://api.example.org"}],
             "paths": {"/search": {"get": {"operationId": "search",
               "parameters": [{"name": "q", "in": "query", "schema": {"type": "string"}}],
               "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/N"}}}}}}}},
             "components": {"schemas": {"N": {"type": "object", "properties": {"": {"$ref": "#/components/schemas/N"},
               ".": {"$ref": "#/components/schemas/N"}, "title": {"type": "string"}}}}}}
            """##
        try Data(document.utf8).write(to: URL(fileURLWithPath: path))
        let add = await host.run(["provider", "add", "odd", "--openapi", path, "--operation", "search"])
        #expect(add.code == .success, "\(add.stderr)")
        #expect(FileManager.default.fileExists(atPath: host.providersFolder + "/odd.json"))
    }

    @Test("An external $ref is refused in one line naming it (78), and nothing is written")
    func externalReference() async throws {
        let host = try ProviderFilesHost()
        let path = host.home.path("ext.json")
        let document = ##"""
            {"openapi": "3.0.0", "info": {"title": "Ext", "version": "1"}, "servers": [{"url": "https://api.example.org"}],
             "paths": {"/search": {"get": {"operationId": "search",
               "parameters": [{"name": "q", "in": "query", "schema": {"type": "string"}}],
               "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "common.yaml#/Page"}}}}}}}}}
            """##
        try Data(document.utf8).write(to: URL(fileURLWithPath: path))
        let add = await host.run(["provider", "add", "ext", "--openapi", path, "--operation", "search"])
        #expect(add.code == .configuration, "\(add.stderr)")
        #expect(add.stderr.split(separator: "\n").count == 1, "\(add.stderr)")
        #expect(add.stderr.contains("common.yaml#/Page"), "\(add.stderr)")
        #expect(!FileManager.default.fileExists(atPath: host.providersFolder + "/ext.json"))
    }
}
