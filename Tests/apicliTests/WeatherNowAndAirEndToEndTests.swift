import Foundation
import Testing
import TestSupport

/// `--now` and `--air` end to end: the built binary against the loopback
/// server answering with the recorded `/data/2.5/weather` and
/// `/data/2.5/air_pollution(/forecast)` bodies; the requests and the store are checked.
@Suite("Weather now and air quality, end to end")
struct WeatherNowAndAirEndToEndTests {
    static let currentPath = "/data/2.5/weather"
    static let airPath = "/data/2.5/air_pollution"
    static let airForecastPath = "/data/2.5/air_pollution/forecast"
    static let sydney = "current/current-sydney-2020-metric-rain1h-ramola1808.json"
    static let londonAir = "air/air-pollution-london-2021-pyowm.json"
    static let airForecast = "air/air-pollution-forecast-50-50-2021-pyowm.json"

    static func sandbox() throws -> (Sandbox, FixtureServer) {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let current = try Fixtures.real(sydney)
        let air = try Fixtures.real(londonAir)
        let hourly = try Fixtures.real(airForecast)
        fixtures.answer(.json(current)) { $0.path == currentPath }
        fixtures.answer(.json(air)) { $0.path == airPath }
        fixtures.answer(.json(hourly)) { $0.path == airForecastPath }
        return (sandbox, fixtures)
    }

    static func object(_ data: Data) throws -> [String: Any] {
        try #require((try JSONSerialization.jsonObject(with: data) as? [[String: Any]])?.first)
    }

    @Test("--now: one request to /data/2.5/weather, the observation in every format, stored and cached 10 minutes")
    func now() async throws {
        let (sandbox, fixtures) = try Self.sandbox()
        let json = try await sandbox.run(["weather", "--id", "2147714", "--now", "--json"])
        #expect(json.exitCode == 0, "\(json.stderrText)")
        #expect(fixtures.requests.map(\.path) == [Self.currentPath])
        #expect(fixtures.requests.first?.query("id") == "2147714")
        #expect(fixtures.requests.first?.query("units") == "metric")
        let recorded = try #require(try JSONSerialization.jsonObject(with: try Fixtures.real(Self.sydney)) as? [String: Any])
        let main = try #require(recorded["main"] as? [String: Any])
        let object = try Self.object(json.stdout)
        #expect((object["temp"] as? NSNumber)?.doubleValue == (main["temp"] as? NSNumber)?.doubleValue)
        #expect((object["feels_like"] as? NSNumber)?.doubleValue == (main["feels_like"] as? NSNumber)?.doubleValue)
        #expect((object["rain_1h"] as? NSNumber)?.doubleValue == ((recorded["rain"] as? [String: Any])?["1h"] as? NSNumber)?.doubleValue)
        #expect(object["local_time"] as? String == "2020-07-17T20:25:06+10:00")
        #expect(object["place_name"] as? String == "Sydney, AU")
        #expect((object["conditions"] as? [Any])?.count == 2)
        #expect(try sandbox.count("weather_current") == 1)
        #expect(try sandbox.rows("SELECT description, rain_1h FROM weather_current").first?[0].string == "light rain")

        // Every other format from the cache: no request, nothing stored again.
        async let table = sandbox.run(["weather", "--id", "2147714", "--now"])
        async let csv = sandbox.run(["weather", "--id", "2147714", "--now", "--format", "csv"])
        async let line = sandbox.run(["weather", "--id", "2147714", "--now", "--format", "line"])
        async let ndjson = sandbox.run(["weather", "--id", "2147714", "--now", "--format", "ndjson", "--fields", "temp,wind_speed"])
        let (tableResult, csvResult, lineResult, ndjsonResult) = try await (table, csv, line, ndjson)
        #expect(fixtures.requests.count == 1, "a fresh answer is served from the cache")
        #expect(tableResult.stdoutText.hasPrefix("Sydney, AU\nobserved Fri 20:25 · sunrise 06:57 · sunset 17:05"), "\(tableResult.stdoutText)")
        #expect(tableResult.stdoutText.contains("light rain, light intensity drizzle"))
        #expect(tableResult.stdoutText.contains("last hour    rain 0.3 mm"))
        let rows = csvResult.stdoutText.components(separatedBy: "\r\n").dropLast()
        #expect(rows.count == 2)
        #expect(rows.first?.hasPrefix("query,place,country,time,local_time,temp,") == true)
        #expect(rows.last?.hasPrefix("id 2147714,\"Sydney, AU\",AU,2020-07-17T10:25:06Z,") == true)
        #expect(lineResult.stdoutText == "Sydney, AU 20:25 12° light rain\n")
        #expect(ndjsonResult.stdoutText == "{\"temp\":12.3,\"wind_speed\":7.2}\n")

        // Offline: the stored observation, with its age; in other units, converted and saying so.
        let offline = try await sandbox.run(["weather", "--id", "2147714", "--now", "--offline", "--units", "imperial", "--json"])
        #expect(offline.exitCode == 0, "\(offline.stderrText)")
        #expect(offline.stderrText.contains("offline: showing results stored at"))
        let converted = try Self.object(offline.stdout)
        #expect(converted["converted_from"] as? String == "metric")
        #expect(converted["units"] as? String == "imperial")
        #expect(abs(((converted["temp"] as? NSNumber)?.doubleValue ?? 0) - (12.3 * 9 / 5 + 32)) < 0.01)
        #expect(fixtures.requests.count == 1)
    }

    @Test("--air: the place is resolved, then /data/2.5/air_pollution by its coordinates; --hours asks for the forecast")
    func air() async throws {
        let (sandbox, fixtures) = try Self.sandbox()
        let json = try await sandbox.run(["weather", "Hemel Hempstead", "--air", "--json"])
        #expect(json.exitCode == 0, "\(json.stderrText)")
        #expect(fixtures.requests.map(\.path) == [FixtureServer.directPath, Self.airPath])
        #expect(FixtureServer.coordinates(fixtures.requests[1]) == FixtureServer.placeCoordinates)
        #expect(fixtures.requests[1].query("units") == nil)
        let object = try Self.object(json.stdout)
        let samples = try #require(object["air"] as? [[String: Any]])
        #expect(samples.count == 1)
        #expect((samples.first?["aqi"] as? NSNumber)?.intValue == 1)
        #expect(samples.first?["quality"] as? String == "Good")
        #expect((samples.first?["pm2_5"] as? NSNumber)?.doubleValue == 3.15)
        #expect(try sandbox.count("weather_air_samples") == 1)

        let hourly = try await sandbox.run(["weather", "Hemel Hempstead", "--air", "--hours", "24", "--format", "csv"])
        #expect(hourly.exitCode == 0, "\(hourly.stderrText)")
        #expect(fixtures.requests.map(\.path) == [FixtureServer.directPath, Self.airPath, Self.airForecastPath])
        let rows = hourly.stdoutText.components(separatedBy: "\r\n").dropLast()
        #expect(rows.first == "query,place,time,local_time,aqi,quality,pm2_5,pm10,o3,no2,so2,co,nh3,no")
        #expect(rows.count == 3)
        #expect(try sandbox.rows("SELECT COUNT(*) FROM weather_air_samples WHERE kind = 'forecast'").first?[0].int == 2)

        let daily = try await sandbox.run(["weather", "Hemel Hempstead", "--air", "--daily", "--format", "line"])
        #expect(daily.exitCode == 0, "\(daily.stderrText)")
        #expect(daily.stdoutText == "Hemel Hempstead, GB 2021-02-18 AQI 1 Good\n")
        let table = try await sandbox.run(["weather", "Hemel Hempstead", "--air", "--offline"])
        #expect(table.stdoutText.contains("TIME   AQI  QUALITY  PM2.5"), "\(table.stdoutText)")
        #expect(fixtures.requests.count == 3, "the daily view reuses the cached forecast; offline sends nothing")
    }

    @Test("each view has its own fields; a field of another view is a usage error that names it")
    func viewFields() async throws {
        let (sandbox, fixtures) = try Self.sandbox()
        let help = try await sandbox.run(["weather", "--daily", "--fields", "help"])
        #expect(help.exitCode == 0)
        for field in ["date", "temp_min", "temp_max", "description", "precipitation", "pop", "wind_speed"] {
            #expect(help.stdoutText.contains("\n" + field + " "), "\(field)")
        }
        #expect(!help.stdoutText.contains("\nlocal_time "))
        let wrong = try await sandbox.run(["weather", "Rostov", "--daily", "--fields", "local_time,temp"])
        #expect(wrong.exitCode == 64)
        #expect(wrong.stderrText.contains("'local_time' is a field of the 3-hour steps, not of --daily"), "\(wrong.stderrText)")
        let other = try await sandbox.run(["weather", "Rostov", "--template", "{aqi}"])
        #expect(other.exitCode == 64)
        #expect(other.stderrText.contains("'aqi' is a field of --air"), "\(other.stderrText)")
        #expect(fixtures.requests.isEmpty, "usage errors send nothing")

        let status = try await sandbox.run(["weather", "Rostov", "--daily", "--template", "{date} {temp_min:.0}/{temp_max:.0}"])
        #expect(status.exitCode == 0, "\(status.stderrText)")
        #expect(status.stdoutText == "2022-09-23 9/15\n")
        let fields = try await sandbox.run(["weather", "Rostov", "--daily", "--fields", "date,temp_min", "--format", "csv"])
        #expect(fields.stdoutText == "date,temp_min\r\n2022-09-23,8.84\r\n")
        let empty = try await sandbox.run(["weather", "Rostov", "--daily", "--new", "--fail-empty", "--format", "line"])
        #expect(empty.exitCode == 1, "the day was stored by the runs before")
    }

    @Test("one name for a place in every format: the title's, also in CSV, line and NDJSON")
    func oneName() async throws {
        let (sandbox, fixtures) = try Self.sandbox()
        let table = try await sandbox.run(["weather", "51.5,-0.12", "--hours", "3"])
        #expect(table.exitCode == 0, "\(table.stderrText)")
        let title = try #require(table.stdoutText.split(separator: "\n").first.map(String.init))
        #expect(title == "City of Westminster, GB")
        let csv = try await sandbox.run(["weather", "51.5,-0.12", "--hours", "3", "--format", "csv"])
        let second = csv.stdoutText.components(separatedBy: "\r\n").dropFirst().first ?? ""
        #expect(second.hasPrefix("\"51.5,-0.12\",\"City of Westminster, GB\",GB,"), "\(csv.stdoutText)")
        let line = try await sandbox.run(["weather", "51.5,-0.12", "--hours", "3", "--format", "line"])
        #expect(line.stdoutText.hasPrefix(title + " "), "\(line.stdoutText)")
        let ndjson = try await sandbox.run(["weather", "51.5,-0.12", "--hours", "3", "--format", "ndjson", "--fields", "query,place_name,time"])
        let first = ndjson.stdoutText.split(separator: "\n").first.map(String.init) ?? ""
        let object = try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any]
        #expect(object?["query"] as? String == "51.5,-0.12")
        #expect(object?["place_name"] as? String == title)
        #expect(fixtures.lookups.count == 1, "the place is resolved once and kept")
    }

    @Test("--new and --fail-empty in the --now and --air views; a stored forecast in other units, converted offline")
    func newAndConverted() async throws {
        let (sandbox, fixtures) = try Self.sandbox()
        let first = try await sandbox.run(["weather", "--id", "2147714", "--now", "--new", "--fail-empty", "--format", "line"])
        #expect(first.exitCode == 0, "\(first.stderrText)")
        #expect(first.stdoutText == "Sydney, AU 20:25 12° light rain\n")
        let again = try await sandbox.run(["weather", "--id", "2147714", "--now", "--new", "--fail-empty", "--refresh"])
        #expect(again.exitCode == 1, "the same observation is not new")
        #expect(fixtures.requests.filter { $0.path == Self.currentPath }.count == 2)
        let air = try await sandbox.run(["weather", "Hemel Hempstead", "--air", "--new", "--fail-empty", "--format", "ndjson"])
        #expect(air.exitCode == 0, "\(air.stderrText)")
        let airAgain = try await sandbox.run(["weather", "Hemel Hempstead", "--air", "--new", "--fail-empty", "--refresh"])
        #expect(airAgain.exitCode == 1)

        let metric = try await sandbox.run(["weather", "Rostov", "--format", "csv"])
        #expect(metric.exitCode == 0)
        // The recorded forecast is from 2022: offline, every step is past, and the view says so.
        let imperial = try await sandbox.run(["weather", "Rostov", "--offline", "--units", "imperial"])
        #expect(imperial.exitCode == 0, "\(imperial.stderrText)")
        #expect(imperial.stdoutText.contains("converted from stored metric values"), "\(imperial.stdoutText)")
        #expect(imperial.stdoutText.contains("every stored step is past (8 left out); run it again without --offline to refresh"),
                "\(imperial.stdoutText)")
        #expect(imperial.stderrText.contains("offline: showing results stored at"))
        #expect(imperial.stderrText.contains("8 steps already past left out"))
        let standard = try await sandbox.run(["weather", "Rostov", "--offline", "--units", "standard", "--json"])
        #expect(try Self.object(standard.stdout)["converted_from"] as? String == "metric")
    }

    @Test("a time format on a field that is not a time is a template error")
    func timeFormatOnNumber() async throws {
        let (sandbox, _) = try Self.sandbox()
        let wrong = try await sandbox.run(["weather", "Rostov", "--template", "{pop:%H}"])
        #expect(wrong.exitCode == 64)
        #expect(wrong.stderrText == "apicli: error: bad --template at column 2: a time format on 'pop', which is not a time (0)\n",
                "\(wrong.stderrText)")
        let right = try await sandbox.run(["weather", "Rostov", "--template", "{local_time:%H}", "--hours", "1"])
        #expect(right.exitCode == 0, "\(right.stderrText)")
        #expect(right.stdoutText == "00\n")
    }

    @Test("OpenWeather's 429 'account blocked' with Retry-After says how long, at once")
    func blockedSaysHowLong() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let blocked = try Fixtures.real("errors/owm_429_account_blocked_jdai03.json")
        fixtures.answer(.json(blocked, status: 429, headers: [("Retry-After", "120")])) { $0.path == Self.currentPath }
        let result = try await sandbox.run(["weather", "--id", "2147714", "--now"])
        #expect(result.exitCode == 75)
        #expect(result.stderrText.contains("has blocked this key for now"), "\(result.stderrText)")
        #expect(result.stderrText.contains("retry in 120 s"), "\(result.stderrText)")
        #expect(fixtures.requests.filter { $0.path == Self.currentPath }.count == 1, "a block is not retried")
    }

    @Test("options that do not go together are usage errors, before any request")
    func refusals() async throws {
        let (sandbox, fixtures) = try Self.sandbox()
        for (arguments, words) in [
            (["Paris", "--now", "--daily"], "--now shows the conditions now"),
            (["Paris", "--now", "--air"], "--now and --air are two views"),
            (["--id", "2988507", "--air"], "--air is asked for by coordinates"),
            (["Paris", "--lang", "fr_fr"], "--lang must be one of"),
            (["--id", "2988507", "--id", "2973783"], "--id is given twice ('2988507' and '2973783')"),
            (["--zip", "94040,US", "--id", "2988507"], "--zip and --id each name a place"),
            (["48.85", "2.35"], "write them as one argument, apicli weather 48.85,2.35"),
        ] {
            let result = try await sandbox.run(["weather"] + arguments)
            #expect(result.exitCode == 64, "\(arguments)")
            #expect(result.stderrText.contains(words), "\(result.stderrText)")
        }
        #expect(fixtures.requests.isEmpty)
    }
}
