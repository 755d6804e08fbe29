import Foundation
import Testing
import TestSupport

/// `--daily` and `--hours` in every format, from the recorded forecasts.
@Suite("Weather views, end to end")
struct WeatherViewsEndToEndTests {
    /// The `list` of a recorded forecast, for values computed independently of apicli.
    static func steps(_ file: String) throws -> [[String: Any]] {
        let body = try JSONSerialization.jsonObject(with: try Fixtures.real(file)) as? [String: Any]
        return try #require(body?["list"] as? [[String: Any]])
    }

    static func main(_ step: [String: Any], _ key: String) -> Double? {
        ((step["main"] as? [String: Any])?[key] as? NSNumber)?.doubleValue
    }

    @Test("--daily over a day boundary at UTC+3: Rostov's steps from 21:00 UTC are one local day")
    func dailyAcrossMidnight() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let json = try await sandbox.run(["weather", "Rostov", "--daily", "--json"])
        #expect(json.exitCode == 0, "\(json.stderrText)")
        let city = try #require((try JSONSerialization.jsonObject(with: json.stdout) as? [[String: Any]])?.first)
        let days = try #require(city["days"] as? [[String: Any]])
        // In UTC these 8 steps span 2022-09-22 and 2022-09-23; on Rostov's clock (+03:00) only the 23rd.
        #expect(days.map { $0["date"] as? String } == ["2022-09-23"])
        #expect((days.first?["steps"] as? NSNumber)?.intValue == 8)
        let steps = try Self.steps(FixtureServer.weatherFixture)
        #expect((days.first?["temp_min"] as? NSNumber)?.doubleValue == steps.compactMap { Self.main($0, "temp_min") }.min())
        #expect((days.first?["temp_max"] as? NSNumber)?.doubleValue == steps.compactMap { Self.main($0, "temp_max") }.max())
        #expect((days.first?["pop"] as? NSNumber)?.doubleValue == steps.compactMap { ($0["pop"] as? NSNumber)?.doubleValue }.max())
        #expect(city["forecasts"] == nil, "under --daily the days take the steps' place: each day is an item")

        async let table = sandbox.run(["weather", "Rostov", "--daily"])
        async let csv = sandbox.run(["weather", "Rostov", "--daily", "--format", "csv"])
        async let ndjson = sandbox.run(["weather", "Rostov", "--daily", "--format", "ndjson"])
        let (tableResult, csvResult, ndjsonResult) = try await (table, csv, ndjson)
        #expect(tableResult.exitCode == 0 && csvResult.exitCode == 0 && ndjsonResult.exitCode == 0)
        let lines = tableResult.stdoutText.split(separator: "\n")
        #expect(lines.contains { $0.contains("DAY") && $0.contains("MIN") && $0.contains("MAX") && $0.contains("WIND") })
        #expect(lines.filter { $0.contains("2022-09-23") }.count == 1)
        #expect(lines.contains { $0.hasPrefix("Fri 2022-09-23") })
        let rows = csvResult.stdoutText.components(separatedBy: "\r\n").dropLast()
        #expect(rows.first == "query,place,country,date,steps,from,until,temp_min,temp_max,weather_id,main,description,icon,"
            + "precipitation,pop,wind_speed,wind_deg,units")
        #expect(rows.count == 2)
        #expect(rows.last?.hasPrefix("Rostov,\"Hemel Hempstead, GB\",GB,2022-09-23,8,,,") == true, "\(rows)")
        let object = try JSONSerialization.jsonObject(with: Data(ndjsonResult.stdout)) as? [String: Any]
        #expect((object?["days"] as? [Any])?.count == 1)
    }

    @Test("--daily over five days: one row per local day, totals and extremes per day")
    func dailyFiveDays() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let hemel = try Fixtures.real("forecast/forecast_hemel_hempstead_latlon_2022_aahill1.json")
        fixtures.answer(.json(hemel), forCoordinates: FixtureServer.placeCoordinates)
        let json = try await sandbox.run(["weather", "Hemel Hempstead", "--daily", "--json"])
        #expect(json.exitCode == 0, "\(json.stderrText)")
        #expect(fixtures.requests.map(\.path) == [FixtureServer.directPath, FixtureServer.weatherPath])
        let city = try #require((try JSONSerialization.jsonObject(with: json.stdout) as? [[String: Any]])?.first)
        let days = try #require(city["days"] as? [[String: Any]])
        #expect(days.map { $0["date"] as? String } == [
            "2022-10-05", "2022-10-06", "2022-10-07", "2022-10-08", "2022-10-09", "2022-10-10",
        ])
        #expect(days.compactMap { ($0["steps"] as? NSNumber)?.intValue } == [3, 8, 8, 8, 8, 5])
        // The first local day (16:00 to 22:00 at UTC+1): its rain and wind, from the recorded steps.
        let steps = try Self.steps("forecast/forecast_hemel_hempstead_latlon_2022_aahill1.json").prefix(3)
        let rain = steps.compactMap { (($0["rain"] as? [String: Any])?["3h"] as? NSNumber)?.doubleValue }.reduce(0, +)
        #expect(abs(((days.first?["precipitation"] as? NSNumber)?.doubleValue ?? -1) - rain) < 0.005)
        let wind = steps.compactMap { (($0["wind"] as? [String: Any])?["speed"] as? NSNumber)?.doubleValue }.max()
        #expect((days.first?["wind_speed"] as? NSNumber)?.doubleValue == wind)
        #expect(days.first?["icon"] as? String != nil)
        #expect((days.first?["icon"] as? String)?.hasSuffix("d") == true, "a day's symbol is the day's")
    }

    @Test("--hours N: only the steps in the next N hours, in every format")
    func nextHours() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        async let json = sandbox.run(["weather", "Rostov", "--hours", "7", "--json"])
        async let csv = sandbox.run(["weather", "Rostov", "--hours", "7", "--format", "csv"])
        async let table = sandbox.run(["weather", "Rostov", "--hours", "7"])
        async let bad = sandbox.run(["weather", "Rostov", "--hours", "0"])
        let (jsonResult, csvResult, tableResult, badResult) = try await (json, csv, table, bad)
        let city = (try JSONSerialization.jsonObject(with: jsonResult.stdout) as? [[String: Any]])?.first
        let times = (city?["forecasts"] as? [[String: Any]])?.compactMap { $0["time"] as? String }
        #expect(times == ["2022-09-22T21:00:00Z", "2022-09-23T00:00:00Z", "2022-09-23T03:00:00Z"])
        #expect(csvResult.stdoutText.components(separatedBy: "\r\n").dropLast().count == 1 + 3)
        #expect(tableResult.exitCode == 0)
        // On Rostov's clock (+03:00): 00:00, 03:00 and 06:00 of the 23rd, then no more.
        #expect(tableResult.stdoutText.contains(" 06:00 ") || tableResult.stdoutText.contains("06:00 "))
        #expect(!tableResult.stdoutText.contains("09:00"), "\(tableResult.stdoutText)")
        #expect(badResult.exitCode == 64)
    }
}
