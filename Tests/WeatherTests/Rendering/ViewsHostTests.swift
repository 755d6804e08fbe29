import APIHost
import Foundation
import Testing
import TestSupport

@testable import Weather

/// `--daily` and `--hours` through the host in-process, in every format, from the
/// recorded forecasts; the expected values are computed from the recordings
/// themselves. (These were the binary's `WeatherViewsEndToEndTests`.)
@Suite("Weather views, in-process")
struct ViewsHostTests {
    /// The `list` of a recorded forecast.
    static func steps(_ file: String) throws -> [[String: Any]] {
        let body = try JSONSerialization.jsonObject(with: try TestSupport.Fixtures.real(file)) as? [String: Any]
        return try #require(body?["list"] as? [[String: Any]])
    }

    static func main(_ step: [String: Any], _ key: String) -> Double? {
        ((step["main"] as? [String: Any])?[key] as? NSNumber)?.doubleValue
    }

    static func number(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }

    @Test("--daily over a day boundary at UTC+3: Rostov's steps from 21:00 UTC are one local day")
    func dailyAcrossMidnight() async throws {
        let weather = try WeatherHost()
        let json = await weather.run(["weather", "Rostov", "--daily", "--json"])
        #expect(json.code == .success, "\(json.stderr)")
        let city = try WeatherHost.object(json)
        let days = try #require(city["days"] as? [[String: Any]])
        // In UTC these 8 steps span 2022-09-22 and 2022-09-23; on Rostov's clock (+03:00) only the 23rd.
        #expect(days.map { $0["date"] as? String } == ["2022-09-23"])
        #expect((days.first?["steps"] as? NSNumber)?.intValue == 8)
        let steps = try Self.steps(WeatherRoutes.forecastFixture)
        #expect(Self.number(days.first?["temp_min"]) == steps.compactMap { Self.main($0, "temp_min") }.min())
        #expect(Self.number(days.first?["temp_max"]) == steps.compactMap { Self.main($0, "temp_max") }.max())
        #expect(Self.number(days.first?["pop"]) == steps.compactMap { Self.number($0["pop"]) }.max())
        #expect(city["forecasts"] == nil, "under --daily the days take the steps' place: each day is an item")

        let table = await weather.run(["weather", "Rostov", "--daily"])
        let csv = await weather.run(["weather", "Rostov", "--daily", "--format", "csv"])
        let ndjson = await weather.run(["weather", "Rostov", "--daily", "--format", "ndjson"])
        #expect(table.code == .success && csv.code == .success && ndjson.code == .success)
        let lines = table.stdout.split(separator: "\n")
        #expect(lines.contains { $0.contains("DAY") && $0.contains("MIN") && $0.contains("MAX") && $0.contains("WIND") })
        #expect(lines.filter { $0.contains("2022-09-23") }.count == 1)
        #expect(lines.contains { $0.hasPrefix("Fri 2022-09-23") })
        let rows = csv.stdout.components(separatedBy: "\r\n").dropLast()
        #expect(rows.first == "query,place_name,place.country,date,steps,from,until,temp_min,temp_max,weather_id,main,description,icon,"
            + "precipitation,pop,wind_speed,wind_deg,units")
        #expect(rows.count == 2)
        #expect(rows.last?.hasPrefix("Rostov,\"Hemel Hempstead, GB\",GB,2022-09-23,8,,,") == true, "\(rows)")
        let object = try JSONSerialization.jsonObject(with: Data(ndjson.stdout.utf8)) as? [String: Any]
        #expect((object?["days"] as? [Any])?.count == 1)
    }

    @Test("--daily over five days: one row per local day, totals and extremes per day")
    func dailyFiveDays() async throws {
        let weather = try WeatherHost()
        let file = "forecast/forecast_hemel_hempstead_latlon_2022_aahill1.json"
        let hemel = try TestSupport.Fixtures.real(file)
        weather.routes.answer(WeatherRoutes.json(hemel)) {
            $0.path == WeatherRoutes.forecastPath && $0.coordinates == WeatherRoutes.placeCoordinates
        }
        let json = await weather.run(["weather", "Hemel Hempstead", "--daily", "--json"])
        #expect(json.code == .success, "\(json.stderr)")
        #expect(weather.requests.map(\.path) == [WeatherRoutes.directPath, WeatherRoutes.forecastPath])
        let days = try #require(try WeatherHost.object(json)["days"] as? [[String: Any]])
        #expect(days.map { $0["date"] as? String } == [
            "2022-10-05", "2022-10-06", "2022-10-07", "2022-10-08", "2022-10-09", "2022-10-10",
        ])
        #expect(days.compactMap { ($0["steps"] as? NSNumber)?.intValue } == [3, 8, 8, 8, 8, 5])
        // The first local day (16:00 to 22:00 at UTC+1): its rain and wind, from the recorded steps.
        let steps = try Self.steps(file).prefix(3)
        let rain = steps.compactMap { Self.number(($0["rain"] as? [String: Any])?["3h"]) }.reduce(0, +)
        #expect(abs((Self.number(days.first?["precipitation"]) ?? -1) - rain) < 0.005)
        let wind = steps.compactMap { Self.number(($0["wind"] as? [String: Any])?["speed"]) }.max()
        #expect(Self.number(days.first?["wind_speed"]) == wind)
        #expect((days.first?["icon"] as? String)?.hasSuffix("d") == true, "a day's symbol is the day's")
    }

    @Test("--hours N: only the steps in the next N hours, in every format")
    func nextHours() async throws {
        let weather = try WeatherHost()
        let json = await weather.run(["weather", "Rostov", "--hours", "7", "--json"])
        let csv = await weather.run(["weather", "Rostov", "--hours", "7", "--format", "csv"])
        let table = await weather.run(["weather", "Rostov", "--hours", "7"])
        let bad = await weather.run(["weather", "Rostov", "--hours", "0"])
        let times = (try WeatherHost.object(json)["forecasts"] as? [[String: Any]])?.compactMap { $0["time"] as? String }
        #expect(times == ["2022-09-22T21:00:00Z", "2022-09-23T00:00:00Z", "2022-09-23T03:00:00Z"])
        #expect(csv.stdout.components(separatedBy: "\r\n").dropLast().count == 1 + 3)
        #expect(table.code == .success)
        // On Rostov's clock (+03:00): 00:00, 03:00 and 06:00 of the 23rd, then no more.
        #expect(table.stdout.contains("06:00 "))
        #expect(!table.stdout.contains("09:00"), "\(table.stdout)")
        #expect(bad.code == .usage && bad.isOneErrorLine)
    }
}
