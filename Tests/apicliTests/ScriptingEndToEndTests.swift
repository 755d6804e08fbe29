import Foundation
import Testing
import TestSupport

/// `--fields`, `--format line` with `--template`, `--new` and `--fail-empty`,
/// from the built binary, for both compiled providers.
@Suite("Scripting flags, end to end")
struct ScriptingEndToEndTests {
    @Test("--fields chooses and orders CSV columns and JSON keys; nested names nest again")
    func fieldsChooseColumnsAndKeys() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let csv = try await sandbox.run(["nyt", "election", "--fields", "word_count,id", "--format", "csv"])
        #expect(csv.exitCode == 0, "\(csv.stderrText)")
        let rows = csv.stdoutText.components(separatedBy: "\r\n").dropLast()
        #expect(rows.first == "word_count,id")
        #expect(rows.dropFirst().first == "133,583032447c459f6a5fcceedd")
        #expect(rows.count == 11)

        let json = try await sandbox.run(["weather", "Rostov", "--fields", "city.name,time,temp", "--json"])
        #expect(json.exitCode == 0, "\(json.stderrText)")
        let steps = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [[String: Any]])
        #expect(steps.count == 8)
        #expect(steps.first.map { Set($0.keys) } == ["city", "time", "temp"])
        #expect((steps.first?["city"] as? [String: Any])?["name"] as? String == "Ростов")
        #expect(steps.first?["time"] as? String == "2022-09-22T21:00:00Z")
        #expect((steps.first?["temp"] as? NSNumber)?.doubleValue == 10.27)
        // Key order follows --fields.
        let firstLine = String(json.stdoutText.split(separator: "\n").dropFirst(2).first ?? "")
        #expect(firstLine.contains("\"city\""))

        let ndjson = try await sandbox.run(["weather", "Rostov", "--fields", "local_time,description", "--format", "ndjson"])
        let lines = ndjson.stdoutText.split(separator: "\n")
        #expect(lines.count == 8)
        #expect(lines.first == #"{"local_time":"2022-09-23T00:00:00+03:00","description":"пасмурно"}"#)

        let table = try await sandbox.run(["weather", "Rostov", "--fields", "local_time,temp,description", "--wide"])
        #expect(table.exitCode == 0)
        let tableLines = table.stdoutText.split(separator: "\n")
        #expect(tableLines.first?.hasPrefix("local_time") == true)
        #expect(tableLines.count == 9)
        #expect(tableLines.dropFirst().first?.contains("10.27") == true)
    }

    @Test("an unknown field is exit 64 listing the fields; --fields help lists them with their meaning")
    func unknownFieldsAndHelp() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let unknown = try await sandbox.run(["nyt", "election", "--fields", "headline,nope"])
        #expect(unknown.exitCode == 64)
        #expect(unknown.stderrText.contains("unknown field 'nope'"))
        #expect(unknown.stderrText.contains("web_url") && unknown.stderrText.contains("pub_date"))
        #expect(unknown.stdout.isEmpty)
        // Declared fields are checked before anything is fetched.
        #expect(fixtures.requests.isEmpty)

        let weather = try await sandbox.run(["weather", "Rostov", "--fields", "city.nam"])
        #expect(weather.exitCode == 64)
        #expect(weather.stderrText.contains("did you mean 'city.name'"))

        for provider in ["nyt", "weather"] {
            let help = try await sandbox.run([provider, "--fields", "help"])
            #expect(help.exitCode == 0, "\(help.stderrText)")
            let lines = help.stdoutText.split(separator: "\n")
            #expect(lines.count > 10)
            #expect(lines.allSatisfy { $0.split(separator: " ", omittingEmptySubsequences: true).count >= 2 })
        }
        let help = try await sandbox.run(["weather", "--fields", "help"])
        #expect(help.stdoutText.contains("city.name"))
        #expect(help.stdoutText.contains("local_time"))
    }

    @Test("the fields --fields help lists are exactly those of the JSON output, in order")
    func declaredFieldsMatchTheJSON() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        for (provider, query) in [("nyt", "election"), ("weather", "Rostov")] {
            let help = try await sandbox.run([provider, "--fields", "help"])
            let listed = help.stdoutText.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
            let csv = try await sandbox.run([provider, query, "--format", "csv", "--fields", listed.joined(separator: ",")])
            #expect(csv.exitCode == 0, "\(csv.stderrText)")
            let json = try await sandbox.run([provider, query, "--format", "ndjson", "--fields", listed.joined(separator: ",")])
            let all = try await sandbox.run([provider, query, "--format", "ndjson"])
            // With every field chosen, an NYT article comes out exactly as without --fields.
            if provider == "nyt" { #expect(json.stdoutText == all.stdoutText) }
            if provider == "weather" {
                // A step's fields: the place's and the city's (nested ones dotted), then the step's own.
                let city = try #require(try JSONSerialization.jsonObject(with: Data(all.stdoutText.utf8)) as? [String: Any])
                var fields = Set(city.keys).subtracting(["city", "place", "forecasts"])
                fields.formUnion((city["city"] as? [String: Any] ?? [:]).keys.map { "city." + $0 })
                fields.formUnion((city["place"] as? [String: Any] ?? [:]).keys.map { "place." + $0 })
                fields.formUnion(((city["forecasts"] as? [[String: Any]])?.first ?? [:]).keys)
                #expect(Set(listed) == fields)
            }
        }
    }

    @Test("--format line: the provider's default line, templates with every directive, bad templates")
    func lineFormat() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let nyt = try await sandbox.run(["nyt", "election", "--format", "line"])
        #expect(nyt.exitCode == 0, "\(nyt.stderrText)")
        let nytLines = nyt.stdoutText.split(separator: "\n")
        #expect(nytLines.count == 10)
        #expect(nytLines.first == "2016-11-19  Troops Gun Down Suicide Bomber in Northeast Nigerian City")

        let weather = try await sandbox.run(
            ["weather", "Rostov", "--template", "{local_time:%a %H:%M} {temp:.0}° {description:6} {wind_gust:.1|-} {rain_3h|dry}"])
        #expect(weather.exitCode == 0, "\(weather.stderrText)")
        let lines = weather.stdoutText.split(separator: "\n").map(String.init)
        #expect(lines.count == 8)
        #expect(lines.first == "Fri 00:00 10° пасму… 5.4 dry")

        let issueExample = try await sandbox.run(
            ["nyt", "climate", "--format", "line", "--template", "{pub_date:%Y-%m-%d} {headline}"])
        #expect(issueExample.stdoutText.hasPrefix("2016-11-19 Troops Gun Down"))

        let cases: [(String, String)] = [
            ("{temp", "column 1"), ("x {temp:%Q}", "column 9"), ("{}", "column 2"), ("ok }", "column 4"),
            ("{temp:abc}", "column 7"), ("{city} {nope}", "column 9"),
        ]
        for (template, column) in cases {
            let bad = try await sandbox.run(["weather", "Rostov", "--template", template])
            #expect(bad.exitCode == 64, "\(template)")
            #expect(bad.stderrText.contains("bad --template at \(column)"), "\(template): \(bad.stderrText)")
            #expect(bad.stdout.isEmpty)
        }
        let mixed = try await sandbox.run(["weather", "Rostov", "--template", "{temp}", "--format", "csv"])
        #expect(mixed.exitCode == 64)
    }

    @Test("--new prints only the items not stored before; --fail-empty exits 1 when nothing is new")
    func newItemsAndFailEmpty() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let full = try Fixtures.real(FixtureServer.nytFixture)
        fixtures.answer(.json(try Self.nyt(full, dropping: 3))) { $0.path == FixtureServer.nytPath }
        let first = try await sandbox.run(["nyt", "election", "--new", "--format", "ndjson"])
        #expect(first.exitCode == 0, "\(first.stderrText)")
        #expect(first.stdoutText.split(separator: "\n").count == 7)

        let server = try FixtureServer()
        let second = try Sandbox(server: server.server, extra: ["XDG_DATA_HOME": sandbox.home.path("data")])
        let fresh = try await second.run(["nyt", "election", "--new", "--format", "ndjson"])
        #expect(fresh.exitCode == 0, "\(fresh.stderrText)")
        let ids = fresh.stdoutText.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["id"] as? String
        }
        let expected = try Self.nytIDs(full).prefix(3)
        #expect(ids == Array(expected))

        let none = try await second.run(["nyt", "election", "--new", "--fail-empty", "--refresh", "--format", "ndjson"])
        #expect(none.exitCode == 1)
        #expect(none.stdout.isEmpty)
        #expect(none.stderrText.contains("nothing new"))
        let quiet = try await second.run(["nyt", "election", "--new", "--fail-empty", "--refresh", "-q"])
        #expect(quiet.exitCode == 1 && quiet.stderr.isEmpty && quiet.stdout.isEmpty)
        let some = try await second.run(["nyt", "election", "--fail-empty", "--format", "csv"])
        #expect(some.exitCode == 0)
    }

    @Test("weather --new: only the forecast steps a new forecast adds, in the city's object")
    func newForecastSteps() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let full = try Fixtures.real(FixtureServer.weatherFixture)
        fixtures.answer(.json(try Self.weather(full, keeping: 5)), when: { $0.path == FixtureServer.weatherPath })
        let first = try await sandbox.run(["weather", "Rostov", "--new", "--format", "line", "--template", "{time}"])
        #expect(first.stdoutText.split(separator: "\n").count == 5)

        let server = try FixtureServer()
        let again = try Sandbox(server: server.server, extra: ["XDG_DATA_HOME": sandbox.home.path("data")])
        let json = try await again.run(["weather", "Rostov", "--new", "--json"])
        #expect(json.exitCode == 0, "\(json.stderrText)")
        let cities = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [[String: Any]])
        let steps = try #require(cities.first?["forecasts"] as? [[String: Any]])
        #expect(steps.map { $0["time"] as? String } == ["2022-09-23T12:00:00Z", "2022-09-23T15:00:00Z", "2022-09-23T18:00:00Z"])
        #expect((cities.first?["city"] as? [String: Any])?["name"] as? String == "Ростов")

        let table = try await again.run(["weather", "Rostov", "--new", "--refresh", "--fail-empty"])
        #expect(table.exitCode == 1)
        #expect(table.stdout.isEmpty)
        // Offline, the stored 2022 steps are all past and left out: nothing to print.
        let offline = try await again.run(["weather", "Rostov", "--offline", "--fail-empty", "--format", "line"])
        #expect(offline.exitCode == 1, "\(offline.stderrText)")
        #expect(offline.stdout.isEmpty)
        #expect(offline.stderrText.contains("8 steps already past left out"), "\(offline.stderrText)")
    }

    @Test("line templates clean hostile server text: no escapes, controls or bidi overrides")
    func hostileTextInTemplates() async throws {
        let (sandbox, _) = try HostileTextEndToEndTests.sandbox()
        let nyt = try await sandbox.run(["nyt", "election", "--template", "[{headline}] {headline:12}"])
        let weather = try await sandbox.run(["weather", "Rostov", "--format", "line"])
        for result in [nyt, weather] {
            #expect(result.exitCode == 0, "\(result.stderrText)")
            #expect(!result.stdoutText.contains { HostileTextEndToEndTests.forbidden.contains($0) })
        }
        #expect(nyt.stdoutText.contains("[Evil linkgnp.exe x end] Evil linkgn…"))
        #expect(weather.stdoutText.contains("Evil linkgnp.exe x end"))
        #expect(nyt.stdoutText.split(separator: "\n").count == 10)
    }

    /// The NYT fixture without its first `count` articles.
    static func nyt(_ body: Data, dropping count: Int) throws -> Data {
        var document = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        var response = try #require(document["response"] as? [String: Any])
        response["docs"] = try #require(response["docs"] as? [Any]).dropFirst(count).map { $0 }
        document["response"] = response
        return try JSONSerialization.data(withJSONObject: document)
    }

    static func nytIDs(_ body: Data) throws -> [String] {
        let document = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        let docs = try #require((document["response"] as? [String: Any])?["docs"] as? [[String: Any]])
        return docs.compactMap { $0["_id"] as? String }
    }

    /// The weather fixture with only its first `count` steps.
    static func weather(_ body: Data, keeping count: Int) throws -> Data {
        var document = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        document["list"] = try #require(document["list"] as? [Any]).prefix(count).map { $0 }
        return try JSONSerialization.data(withJSONObject: document)
    }
}
