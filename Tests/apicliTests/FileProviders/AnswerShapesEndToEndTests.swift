import Foundation
import Testing
import TestSupport

/// Answers of every common shape through a provider file, against the loopback
/// server with real recorded answers: one record (OpenWeather's current weather,
/// a GitHub repository), a bare top-level array (GitHub issues), and parallel
/// arrays (Open-Meteo's hourly forecast).
@Suite("Answer shapes, end to end")
struct AnswerShapesEndToEndTests {
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

    static func serving(_ fixture: String, at path: String) throws -> (Sandbox, FixtureServer) {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let body = try Fixtures.real(answers + fixture)
        fixtures.answer(.json(body)) { $0.path == path }
        return (sandbox, fixtures)
    }

    @Test("OpenWeather's current weather is a record: field rows, the object in JSON, one CSV row, line, offline, store sql, --new")
    func openWeatherRecord() async throws {
        let (sandbox, fixtures) = try Self.serving("openweathermap_current_weather_london_2020_open-weather-ruby-client.json", at: "/data/2.5/weather")
        try sandbox.installProviderFile("now", Self.file(
            "now", path: "/data/2.5/weather", words: #"{"parameter": "q"}"#, items: #"{"shape": "record"}"#, id: "id",
            columns: #"[{"name": "name", "path": "name", "kind": "text", "searchable": true}]"#))
        let env = sandbox.baseURL(for: "now")

        let table = try await sandbox.run(["now", "London"], set: env)
        #expect(table.exitCode == 0, "\(table.stderrText)")
        let rows = table.stdoutText.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        #expect(rows.contains(["main.temp", "282.57"]), "\(table.stdoutText)")
        #expect(rows.contains(["sys.country", "GB"]), "\(table.stdoutText)")
        #expect(rows.contains(["name", "London"]), "\(table.stdoutText)")

        let json = try await sandbox.run(["now", "London", "--format", "json"], set: env)
        #expect(json.exitCode == 0, "\(json.stderrText)")
        let printed = try JSONSerialization.jsonObject(with: json.stdout) as? [[String: Any]]
        #expect(printed?.count == 1)
        #expect(printed?.first?["name"] as? String == "London")
        #expect((printed?.first?["main"] as? [String: Any])?["humidity"] as? Int == 81)
        #expect((printed?.first?["weather"] as? [[String: Any]])?.first?["description"] as? String == "light rain")

        let csv = try await sandbox.run(["now", "London", "--format", "csv"], set: env)
        let lines = csv.stdoutText.split(separator: "\r\n")
        #expect(lines.count == 2, "\(csv.stdoutText)")
        let header = lines.first?.split(separator: ",").map(String.init) ?? []
        #expect(Set(["coord.lon", "weather", "main.temp", "sys.country", "name"]).isSubset(of: header), "\(csv.stdoutText)")
        #expect(lines.last?.split(separator: ",").count ?? 0 >= header.count, "\(csv.stdoutText)")

        let line = try await sandbox.run(["now", "London", "--template", "{name} {main.temp} {sys.country}"], set: env)
        #expect(line.stdoutText == "London 282.57 GB\n", "\(line.stdoutText)")

        // Stored under its query: offline gives the same record, and nothing new the second time.
        let served = fixtures.requests.count
        let offline = try await sandbox.run(["now", "London", "--offline", "--format", "json"], set: env)
        #expect(offline.exitCode == 0, "\(offline.stderrText)")
        #expect(try JSONSerialization.jsonObject(with: offline.stdout) as? NSArray == JSONSerialization.jsonObject(with: json.stdout) as? NSArray)
        #expect(fixtures.requests.count == served)
        let other = try await sandbox.run(["now", "Paris", "--offline"], set: env)
        #expect(other.exitCode != 0, "another query's record is not this one's: \(other.stdoutText)")
        let new = try await sandbox.run(["now", "London", "--new", "--refresh", "--fail-empty"], set: env)
        #expect(new.exitCode == 1, "\(new.stdoutText) \(new.stderrText)")
        let sql = try await sandbox.run([
            "store", "sql", "SELECT count(*) AS n FROM provider_files_items WHERE provider = 'now'", "--format", "csv",
        ])
        #expect(sql.stdoutText == "n\r\n1\r\n", "\(sql.stdoutText) \(sql.stderrText)")
    }

    @Test("When the API is down, the record stored under the same query is shown, stale")
    func staleRecord() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures(extra: ["APICLI_TIMEOUT": "3"])
        let down = SearchAPISwitch()
        fixtures.answer(.status(503, body: "down")) { _ in down.down.withLock { $0 } }
        let body = try Fixtures.real(Self.answers + "openweathermap_current_weather_london_2020_open-weather-ruby-client.json")
        fixtures.answer(.json(body)) { $0.path == "/data/2.5/weather" }
        try sandbox.installProviderFile("now", Self.file(
            "now", path: "/data/2.5/weather", words: #"{"parameter": "q"}"#, items: #"{"shape": "record"}"#, id: "id",
            columns: #"[{"name": "name", "path": "name", "kind": "text", "searchable": true}]"#))
        let env = sandbox.baseURL(for: "now")
        let fresh = try await sandbox.run(["now", "London", "--template", "{name} {main.humidity}"], set: env)
        #expect(fresh.stdoutText == "London 81\n", "\(fresh.stderrText)")
        down.down.withLock { $0 = true }
        let stale = try await sandbox.run(["now", "London", "--template", "{name} {main.humidity}", "--refresh"], set: env)
        #expect(stale.stdoutText == "London 81\n", "\(stale.stdoutText) \(stale.stderrText)")
        #expect(!stale.stderrText.isEmpty, "the fallback says the record is stale")
    }

    @Test("A GitHub repository is a record: any key path with --fields")
    func githubRecord() async throws {
        let (sandbox, _) = try Self.serving("github_get_repository_hello-world_octokit-fixtures.json", at: "/repos/octokit-fixture-org/hello-world")
        try sandbox.installProviderFile("repo", Self.file(
            "repo", path: "/repos/octokit-fixture-org/{repo}", words: #"{"pathSegment": "repo"}"#, items: #"{"shape": "record"}"#,
            id: "id", columns: #"[{"name": "full_name", "path": "full_name", "kind": "text", "searchable": true}]"#))
        let run = try await sandbox.run(
            ["repo", "hello-world", "--fields", "full_name,owner.login,stargazers_count", "--format", "csv"], set: sandbox.baseURL(for: "repo"))
        #expect(run.exitCode == 0, "\(run.stderrText)")
        #expect(run.stdoutText == "full_name,owner.login,stargazers_count\r\noctokit-fixture-org/hello-world,octokit-fixture-org,0\r\n",
                "\(run.stdoutText)")
    }

    @Test("Open-Meteo's hourly forecast is parallel arrays: one item per hour, stored and read offline")
    func openMeteoParallel() async throws {
        let (sandbox, _) = try Self.serving("openmeteo_forecast_berlin_2023-11-13_open-meteo-ruby.json", at: "/v1/forecast")
        try sandbox.installProviderFile("meteo", Self.file(
            "meteo", path: "/v1/forecast", words: #"{"parameter": "latitude"}"#, items: #"{"shape": "parallel", "path": "hourly"}"#,
            id: nil, columns: #"[{"name": "time", "path": "time", "kind": "text"}, {"name": "code", "path": "weather_code", "kind": "number"}]"#,
            options: #"[{"name": "longitude", "parameter": "longitude", "type": "text"}]"#))
        let env = sandbox.baseURL(for: "meteo")
        let csv = try await sandbox.run(["meteo", "52.52", "--longitude", "13.41", "--format", "csv"], set: env)
        #expect(csv.exitCode == 0, "\(csv.stderrText)")
        let lines = csv.stdoutText.split(separator: "\r\n").map(String.init)
        #expect(lines.count == 169, "one row per hour and the header")
        #expect(lines.prefix(3) == ["TIME,CODE", "2023-11-13T00:00,2", "2023-11-13T01:00,3"], "\(lines.prefix(3))")
        let offline = try await sandbox.run(["meteo", "52.52", "--longitude", "13.41", "--format", "csv", "--offline"], set: env)
        #expect(offline.stdoutText == csv.stdoutText, "\(offline.stderrText)")
    }

    @Test("A bare top-level array of GitHub issues: items, any key path, --fields help")
    func bareArray() async throws {
        let (sandbox, _) = try Self.serving("github_issues_per_page3_page1_octokit-fixtures.json", at: "/repos/o/r/issues")
        try sandbox.installProviderFile("issues", Self.file(
            "issues", path: "/repos/o/{repo}/issues", words: #"{"pathSegment": "repo"}"#, items: #"{"shape": "list"}"#, id: "id",
            columns: #"[{"name": "title", "path": "title", "kind": "text", "searchable": true}]"#))
        let env = sandbox.baseURL(for: "issues")
        let run = try await sandbox.run(["issues", "r", "--fields", "number,user.login,title", "--format", "csv"], set: env)
        #expect(run.exitCode == 0, "\(run.stderrText)")
        #expect(run.stdoutText == """
            number,user.login,title\r
            13,octokit-fixture-user-a,Test issue 13\r
            12,octokit-fixture-user-a,Test issue 12\r
            11,octokit-fixture-user-a,Test issue 11\r

            """, "\(run.stdoutText)")
        let line = try await sandbox.run(["issues", "r", "--template", "#{number} by {user.login}"], set: env)
        #expect(line.stdoutText.hasPrefix("#13 by octokit-fixture-user-a\n"), "\(line.stdoutText)")
        // Without --fields, JSON keeps the columns only, as before.
        let json = try await sandbox.run(["issues", "r", "--format", "json"], set: env)
        let objects = try JSONSerialization.jsonObject(with: json.stdout) as? [[String: Any]]
        #expect(objects?.first.map { Set($0.keys) } == ["id", "title"])
        let help = try await sandbox.run(["issues", "r", "--fields", "help"], set: env)
        #expect(help.exitCode == 0, "\(help.stderrText)")
        let helpLines = help.stdoutText.split(separator: "\n")
        #expect(helpLines.first?.hasPrefix("id") == true && helpLines.dropFirst().first?.hasPrefix("title") == true, "\(help.stdoutText)")
        #expect(help.stdoutText.contains("Any other key path"), "\(help.stdoutText)")
        let typo = try await sandbox.run(["issues", "r", "--fields", "user.logn"], set: env)
        #expect(typo.exitCode == 64, "\(typo.stdoutText)")
        #expect(typo.stderrText.contains("did you mean 'user.login'"), "\(typo.stderrText)")
    }

    @Test("One number too large and one string that is not UTF-8 become null with one warning; the rest is kept")
    func lenientDecoding() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        var body = Data(#"{"hits": [{"id": "1", "title": "kept", "points": -1e400}, {"id": "2", "title": "bad "#.utf8)
        body += Data([0xFF, 0xFE])
        body += Data(#"", "points": 5}, {"id": "3", "title": "also kept", "points": 7}]}"#.utf8)
        fixtures.answer(.json(body)) { $0.path == "/search" }
        try sandbox.installProviderFile("lenient", Self.file(
            "lenient", path: "/search", words: #"{"parameter": "q"}"#, items: #""hits""#, id: "id",
            columns: #"[{"name": "title", "path": "title", "kind": "text", "searchable": true}, {"name": "points", "path": "points", "kind": "number"}]"#))
        let run = try await sandbox.run(["lenient", "x", "--format", "csv"], set: sandbox.baseURL(for: "lenient"))
        #expect(run.exitCode == 0, "\(run.stderrText)")
        #expect(run.stdoutText == "TITLE,POINTS\r\nkept,\r\n,5\r\nalso kept,7\r\n", "\(run.stdoutText)")
        let warnings = run.stderrText.split(separator: "\n").filter { $0.contains("could not be read") }
        #expect(warnings.count == 1, "\(run.stderrText)")
        #expect(warnings.first?.contains("2 values") == true, "\(run.stderrText)")
    }

    @Test("A document whose property named \"\" refers to its own schema imports in bounded time")
    func selfReferringImport() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let path = sandbox.home.path("odd.json")
        let document = ##"""
            {"openapi": "3.0.0", "info": {"title": "Odd", "version": "1"}, "servers": [{"url": "https://api.example.org"}],
             "paths": {"/search": {"get": {"operationId": "search",
               "parameters": [{"name": "q", "in": "query", "schema": {"type": "string"}}],
               "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/N"}}}}}}}},
             "components": {"schemas": {"N": {"type": "object", "properties": {"": {"$ref": "#/components/schemas/N"},
               ".": {"$ref": "#/components/schemas/N"}, "title": {"type": "string"}}}}}}
            """##
        try Data(document.utf8).write(to: URL(fileURLWithPath: path))
        let add = try await sandbox.run(["provider", "add", "odd", "--openapi", path, "--operation", "search"], timeout: .seconds(20))
        #expect(add.exitCode == 0, "\(add.stderrText)")
        #expect(FileManager.default.fileExists(atPath: sandbox.providersFolder + "/odd.json"))
    }

    @Test("An external $ref is refused in one line naming it (78), and nothing is written")
    func externalReference() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let path = sandbox.home.path("ext.json")
        let document = ##"""
            {"openapi": "3.0.0", "info": {"title": "Ext", "version": "1"}, "servers": [{"url": "https://api.example.org"}],
             "paths": {"/search": {"get": {"operationId": "search",
               "parameters": [{"name": "q", "in": "query", "schema": {"type": "string"}}],
               "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "common.yaml#/Page"}}}}}}}}}
            """##
        try Data(document.utf8).write(to: URL(fileURLWithPath: path))
        let add = try await sandbox.run(["provider", "add", "ext", "--openapi", path, "--operation", "search"])
        #expect(add.exitCode == 78, "\(add.stderrText)")
        #expect(add.stderrText.split(separator: "\n").count == 1, "\(add.stderrText)")
        #expect(add.stderrText.contains("common.yaml#/Page"), "\(add.stderrText)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.providersFolder + "/ext.json"))
    }
}
