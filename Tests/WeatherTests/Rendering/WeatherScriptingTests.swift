import APIHost
import Foundation
import Testing
import TestSupport

@testable import Weather

/// `--fields`, `--format line` with `--template`, `--new` and `--fail-empty` on
/// Weather, through the host in-process. (These were the Weather halves of the
/// binary's `ScriptingEndToEndTests`; NYT's are in `NYTTests`.)
@Suite("Weather scripting flags, in-process")
struct WeatherScriptingTests {
    @Test("--fields chooses and orders JSON keys, nested names nest again; NDJSON and the table follow it")
    func fieldsChooseKeys() async throws {
        let host = try RecordedWeather.host(try RecordedWeather.routes())
        let json = await host.run(["weather", "Rostov", "--fields", "city.name,time,temp", "--json"])
        #expect(json.code == .success, "\(json.stderr)")
        let steps = try RecordedWeather.objects(json)
        #expect(steps.count == 8)
        #expect(steps.first.map { Set($0.keys) } == ["city", "time", "temp"])
        #expect((steps.first?["city"] as? [String: Any])?["name"] as? String == "Ростов")
        #expect(steps.first?["time"] as? String == "2022-09-22T21:00:00Z")
        #expect((steps.first?["temp"] as? NSNumber)?.doubleValue == 10.27)
        // Key order follows --fields.
        let firstLine = String(json.stdout.split(separator: "\n").dropFirst(2).first ?? "")
        #expect(firstLine.contains("\"city\""))

        let ndjson = await host.run(["weather", "Rostov", "--fields", "local_time,description", "--format", "ndjson"])
        let lines = ndjson.stdout.split(separator: "\n")
        #expect(lines.count == 8)
        #expect(lines.first == #"{"local_time":"2022-09-23T00:00:00+03:00","description":"пасмурно"}"#)

        let table = await host.run(["weather", "Rostov", "--fields", "local_time,temp,description", "--wide"])
        #expect(table.code == .success)
        let tableLines = table.stdout.split(separator: "\n")
        #expect(tableLines.first?.hasPrefix("local_time") == true)
        #expect(tableLines.count == 9)
        #expect(tableLines.dropFirst().first?.contains("10.27") == true)
    }

    @Test("an unknown field is exit 64 with the nearest name; --fields help lists the fields with their meaning")
    func unknownFieldsAndHelp() async throws {
        let host = try RecordedWeather.host(try RecordedWeather.routes())
        let unknown = await host.run(["weather", "Rostov", "--fields", "city.nam"])
        #expect(unknown.code == .usage)
        #expect(unknown.isOneErrorLine, "\(unknown.stderr)")
        #expect(unknown.stderr.contains("did you mean 'city.name'"))
        #expect(host.transport.requests.isEmpty)

        let help = await host.run(["weather", "--fields", "help"])
        #expect(help.code == .success, "\(help.stderr)")
        let lines = help.stdout.split(separator: "\n")
        #expect(lines.count > 10)
        #expect(lines.allSatisfy { $0.split(separator: " ", omittingEmptySubsequences: true).count >= 2 })
        #expect(help.stdout.contains("city.name"))
        #expect(help.stdout.contains("local_time"))
    }

    @Test("the fields --fields help lists are exactly those of the JSON output")
    func declaredFieldsMatchTheJSON() async throws {
        let host = try RecordedWeather.host(try RecordedWeather.routes())
        let help = await host.run(["weather", "--fields", "help"])
        let listed = help.stdout.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        let csv = await host.run(["weather", "Rostov", "--format", "csv", "--fields", listed.joined(separator: ",")])
        #expect(csv.code == .success, "\(csv.stderr)")
        let all = await host.run(["weather", "Rostov", "--format", "ndjson"])
        // A step's fields: the place's and the city's (nested ones dotted), then the step's own.
        let city = try #require(try JSONSerialization.jsonObject(with: Data(all.stdout.utf8)) as? [String: Any])
        var fields = Set(city.keys).subtracting(["city", "place", "forecasts"])
        fields.formUnion((city["city"] as? [String: Any] ?? [:]).keys.map { "city." + $0 })
        fields.formUnion((city["place"] as? [String: Any] ?? [:]).keys.map { "place." + $0 })
        fields.formUnion(((city["forecasts"] as? [[String: Any]])?.first ?? [:]).keys)
        // The status-bar fields are the scripts' alone (JSON keeps the API's shape); every one is listed.
        let status = Set(StatusFields.meanings.map(\.name))
        #expect(Set(listed).subtracting(status) == fields)
        #expect(status.isSubset(of: Set(listed)))
    }

    @Test("--template with every directive; a bad template is 64 naming its column; --template with another format is 64")
    func templates() async throws {
        let host = try RecordedWeather.host(try RecordedWeather.routes())
        let weather = await host.run(
            ["weather", "Rostov", "--template", "{local_time:%a %H:%M} {temp:.0}° {description:6} {wind_gust:.1|-} {rain_3h|dry}"])
        #expect(weather.code == .success, "\(weather.stderr)")
        let lines = weather.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 8)
        #expect(lines.first == "Fri 00:00 10° пасму… 5.4 dry")

        let cases: [(String, String)] = [
            ("{temp", "column 1"), ("x {temp:%Q}", "column 9"), ("{}", "column 2"), ("ok }", "column 4"),
            ("{temp:abc}", "column 7"), ("{city} {nope}", "column 9"),
        ]
        for (template, column) in cases {
            let bad = await host.run(["weather", "Rostov", "--template", template])
            #expect(bad.code == .usage, "\(template)")
            #expect(bad.isOneErrorLine, "\(template): \(bad.stderr)")
            #expect(bad.stderr.contains("bad --template at \(column)"), "\(template): \(bad.stderr)")
            #expect(bad.stdout.isEmpty)
        }
        let mixed = await host.run(["weather", "Rostov", "--template", "{temp}", "--format", "csv"])
        #expect(mixed.code == .usage)
    }

    @Test("--new: only the forecast steps a new forecast adds, in the city's object")
    func newForecastSteps() async throws {
        let full = try RecordedWeather.data(RecordedWeather.forecastFixture)
        let routes = try RecordedWeather.routes(forecast: try Self.forecast(full, keeping: 5))
        let host = try RecordedWeather.host(routes)
        let first = await host.run(["weather", "Rostov", "--new", "--format", "line", "--template", "{time}"])
        #expect(first.code == .success, "\(first.stderr)")
        #expect(first.stdout.split(separator: "\n").count == 5)

        // The whole forecast now (the place is stored, so only the forecast is asked for).
        let whole = RecordedWeather.json(full)
        routes.fail { _ in whole }
        let json = await host.run(["weather", "Rostov", "--new", "--refresh", "--json"])
        #expect(json.code == .success, "\(json.stderr)")
        let cities = try RecordedWeather.objects(json)
        let steps = try #require(cities.first?["forecasts"] as? [[String: Any]])
        #expect(steps.map { $0["time"] as? String } == ["2022-09-23T12:00:00Z", "2022-09-23T15:00:00Z", "2022-09-23T18:00:00Z"])
        #expect((cities.first?["city"] as? [String: Any])?["name"] as? String == "Ростов")

        let table = await host.run(["weather", "Rostov", "--new", "--refresh", "--fail-empty"])
        #expect(table.code == .empty)
        #expect(table.stdout.isEmpty)
        // Offline, the stored 2022 steps are all past and left out: nothing to print.
        let offline = await host.run(["weather", "Rostov", "--offline", "--fail-empty", "--format", "line"])
        #expect(offline.code == .empty, "\(offline.stderr)")
        #expect(offline.stdout.isEmpty)
        #expect(offline.stderr.contains("8 steps already past left out"), "\(offline.stderr)")
    }

    /// The forecast with only its first `count` steps.
    static func forecast(_ body: Data, keeping count: Int) throws -> Data {
        var document = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        document["list"] = try #require(document["list"] as? [Any]).prefix(count).map { $0 }
        return try JSONSerialization.data(withJSONObject: document)
    }
}
