import APIHost
import APIHTTP
import Foundation
import Testing
import TestSupport

@testable import Weather

/// `--now` and `--air` through the host, in-process: the recorded `/data/2.5/weather`
/// and `/data/2.5/air_pollution(/forecast)` answers, the requests the runs sent, every
/// format and the store. (These were the binary's `WeatherNowAndAirEndToEndTests`.)
@Suite("Weather now and air quality, in-process")
struct NowAndAirHostTests {
    static let sydney = "current/current-sydney-2020-metric-rain1h-ramola1808.json"
    static let londonAir = "air/air-pollution-london-2021-pyowm.json"
    static let airForecast = "air/air-pollution-forecast-50-50-2021-pyowm.json"

    /// A Weather host whose current, air and air-forecast paths answer with the recordings.
    static func weather() throws -> WeatherHost {
        let weather = try WeatherHost()
        let current = try TestSupport.Fixtures.real(sydney)
        let air = try TestSupport.Fixtures.real(londonAir)
        let hourly = try TestSupport.Fixtures.real(airForecast)
        weather.routes.answer(WeatherRoutes.json(current)) { $0.path == WeatherRoutes.currentPath }
        weather.routes.answer(WeatherRoutes.json(air)) { $0.path == WeatherRoutes.airPath }
        weather.routes.answer(WeatherRoutes.json(hourly)) { $0.path == WeatherRoutes.airForecastPath }
        return weather
    }

    static func number(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }

    @Test("--now: one request to /data/2.5/weather, the observation in every format, stored and cached 10 minutes")
    func now() async throws {
        let weather = try Self.weather()
        let json = await weather.run(["weather", "--id", "2147714", "--now", "--json"])
        #expect(json.code == .success, "\(json.stderr)")
        #expect(weather.requests.map(\.path) == [WeatherRoutes.currentPath])
        #expect(weather.requests.first?.queryValue("id") == "2147714")
        #expect(weather.requests.first?.queryValue("units") == "metric")
        let recorded = try #require(try JSONSerialization.jsonObject(with: try TestSupport.Fixtures.real(Self.sydney)) as? [String: Any])
        let main = try #require(recorded["main"] as? [String: Any])
        let object = try WeatherHost.object(json)
        #expect(Self.number(object["temp"]) == Self.number(main["temp"]))
        #expect(Self.number(object["feels_like"]) == Self.number(main["feels_like"]))
        #expect(Self.number(object["rain_1h"]) == Self.number((recorded["rain"] as? [String: Any])?["1h"]))
        #expect(object["local_time"] as? String == "2020-07-17T20:25:06+10:00")
        #expect(object["place_name"] as? String == "Sydney, AU")
        #expect((object["conditions"] as? [Any])?.count == 2)
        #expect(try weather.count("weather_current") == 1)
        #expect(try weather.rows("SELECT description, rain_1h FROM weather_current").first?[0].string == "light rain")

        // Every other format from the cache: no request, nothing stored again.
        let table = await weather.run(["weather", "--id", "2147714", "--now"])
        let csv = await weather.run(["weather", "--id", "2147714", "--now", "--format", "csv"])
        let line = await weather.run(["weather", "--id", "2147714", "--now", "--format", "line"])
        let ndjson = await weather.run(["weather", "--id", "2147714", "--now", "--format", "ndjson", "--fields", "temp,wind_speed"])
        #expect(weather.requests.count == 1, "a fresh answer is served from the cache")
        #expect(table.stdout.hasPrefix("Sydney, AU\nobserved Fri 20:25 · sunrise 06:57 · sunset 17:05"), "\(table.stdout)")
        #expect(table.stdout.contains("light rain, light intensity drizzle"))
        #expect(table.stdout.contains("last hour    rain 0.3 mm"))
        let rows = csv.stdout.components(separatedBy: "\r\n").dropLast()
        #expect(rows.count == 2)
        #expect(rows.first?.hasPrefix("query,place_name,place.country,time,local_time,temp,") == true)
        #expect(rows.last?.hasPrefix("id 2147714,\"Sydney, AU\",AU,2020-07-17T10:25:06Z,") == true)
        #expect(line.stdout == "Sydney, AU 20:25 12° light rain\n")
        #expect(ndjson.stdout == "{\"temp\":12.3,\"wind_speed\":7.2}\n")

        // Offline: the stored observation, with its age; in other units, converted and saying so.
        let offline = await weather.run(["weather", "--id", "2147714", "--now", "--offline", "--units", "imperial", "--json"])
        #expect(offline.code == .success, "\(offline.stderr)")
        #expect(offline.stderr.contains("offline: showing results stored at"))
        let converted = try WeatherHost.object(offline)
        #expect(converted["converted_from"] as? String == "metric")
        #expect(converted["units"] as? String == "imperial")
        #expect(abs((Self.number(converted["temp"]) ?? 0) - (12.3 * 9 / 5 + 32)) < 0.01)
        #expect(weather.requests.count == 1)
    }

    @Test("--air: the place is resolved, then /data/2.5/air_pollution by its coordinates; --hours asks for the forecast")
    func air() async throws {
        let weather = try Self.weather()
        let json = await weather.run(["weather", "Hemel Hempstead", "--air", "--json"])
        #expect(json.code == .success, "\(json.stderr)")
        #expect(weather.requests.map(\.path) == [WeatherRoutes.directPath, WeatherRoutes.airPath])
        #expect(weather.requests[1].coordinates == WeatherRoutes.placeCoordinates)
        #expect(weather.requests[1].queryValue("units") == nil)
        let samples = try #require(try WeatherHost.object(json)["air"] as? [[String: Any]])
        #expect(samples.count == 1)
        #expect((samples.first?["aqi"] as? NSNumber)?.intValue == 1)
        #expect(samples.first?["quality"] as? String == "Good")
        #expect(Self.number(samples.first?["pm2_5"]) == 3.15)
        #expect(try weather.count("weather_air_samples") == 1)

        let hourly = await weather.run(["weather", "Hemel Hempstead", "--air", "--hours", "24", "--format", "csv"])
        #expect(hourly.code == .success, "\(hourly.stderr)")
        #expect(weather.requests.map(\.path) == [WeatherRoutes.directPath, WeatherRoutes.airPath, WeatherRoutes.airForecastPath])
        let rows = hourly.stdout.components(separatedBy: "\r\n").dropLast()
        #expect(rows.first == "query,place_name,time,local_time,aqi,quality,pm2_5,pm10,o3,no2,so2,co,nh3,no")
        #expect(rows.count == 3)
        #expect(try weather.rows("SELECT COUNT(*) FROM weather_air_samples WHERE kind = 'forecast'").first?[0].int == 2)

        let daily = await weather.run(["weather", "Hemel Hempstead", "--air", "--daily", "--format", "line"])
        #expect(daily.code == .success, "\(daily.stderr)")
        #expect(daily.stdout == "Hemel Hempstead, GB 2021-02-18 AQI 1 Good\n")
        let table = await weather.run(["weather", "Hemel Hempstead", "--air", "--offline"])
        #expect(table.stdout.contains("TIME   AQI  QUALITY  PM2.5"), "\(table.stdout)")
        #expect(weather.requests.count == 3, "the daily view reuses the cached forecast; offline sends nothing")
    }

    @Test("each view has its own fields; a field of another view is a usage error that names it")
    func viewFields() async throws {
        let weather = try Self.weather()
        let help = await weather.run(["weather", "--daily", "--fields", "help"])
        #expect(help.code == .success)
        for field in ["date", "temp_min", "temp_max", "description", "precipitation", "pop", "wind_speed"] {
            #expect(help.stdout.contains("\n" + field + " "), "\(field)")
        }
        #expect(!help.stdout.contains("\nlocal_time "))
        let wrong = await weather.run(["weather", "Rostov", "--daily", "--fields", "local_time,temp"])
        #expect(wrong.code == .usage && wrong.isOneErrorLine)
        #expect(wrong.stderr.contains("'local_time' is a field of the 3-hour steps, not of --daily"), "\(wrong.stderr)")
        let other = await weather.run(["weather", "Rostov", "--template", "{aqi}"])
        #expect(other.code == .usage && other.isOneErrorLine)
        #expect(other.stderr.contains("'aqi' is a field of --air"), "\(other.stderr)")
        #expect(weather.requests.isEmpty, "usage errors send nothing")

        let status = await weather.run(["weather", "Rostov", "--daily", "--template", "{date} {temp_min:.0}/{temp_max:.0}"])
        #expect(status.code == .success, "\(status.stderr)")
        #expect(status.stdout == "2022-09-23 9/15\n")
        let fields = await weather.run(["weather", "Rostov", "--daily", "--fields", "date,temp_min", "--format", "csv"])
        #expect(fields.stdout == "date,temp_min\r\n2022-09-23,8.84\r\n")
        let empty = await weather.run(["weather", "Rostov", "--daily", "--new", "--fail-empty", "--format", "line"])
        #expect(empty.code == .empty, "the day was stored by the runs before")
    }

    @Test("one name for a place in every format: the title's, also in CSV, line and NDJSON")
    func oneName() async throws {
        let weather = try Self.weather()
        let table = await weather.run(["weather", "51.5,-0.12", "--hours", "3"])
        #expect(table.code == .success, "\(table.stderr)")
        let title = try #require(table.stdout.split(separator: "\n").first.map(String.init))
        #expect(title == "City of Westminster, GB")
        let csv = await weather.run(["weather", "51.5,-0.12", "--hours", "3", "--format", "csv"])
        let second = csv.stdout.components(separatedBy: "\r\n").dropFirst().first ?? ""
        #expect(second.hasPrefix("\"51.5,-0.12\",\"City of Westminster, GB\",GB,"), "\(csv.stdout)")
        let line = await weather.run(["weather", "51.5,-0.12", "--hours", "3", "--format", "line"])
        #expect(line.stdout.hasPrefix(title + " "), "\(line.stdout)")
        let ndjson = await weather.run(["weather", "51.5,-0.12", "--hours", "3", "--format", "ndjson", "--fields", "query,place_name,time"])
        let first = ndjson.stdout.split(separator: "\n").first.map(String.init) ?? ""
        let object = try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any]
        #expect(object?["query"] as? String == "51.5,-0.12")
        #expect(object?["place_name"] as? String == title)
        #expect(weather.lookups.count == 1, "the place is resolved once and kept")
    }

    @Test("--new and --fail-empty in the --now and --air views; a stored forecast in other units, converted offline")
    func newAndConverted() async throws {
        let weather = try Self.weather()
        let first = await weather.run(["weather", "--id", "2147714", "--now", "--new", "--fail-empty", "--format", "line"])
        #expect(first.code == .success, "\(first.stderr)")
        #expect(first.stdout == "Sydney, AU 20:25 12° light rain\n")
        let again = await weather.run(["weather", "--id", "2147714", "--now", "--new", "--fail-empty", "--refresh"])
        #expect(again.code == .empty, "the same observation is not new")
        #expect(weather.requests.filter { $0.path == WeatherRoutes.currentPath }.count == 2)
        let air = await weather.run(["weather", "Hemel Hempstead", "--air", "--new", "--fail-empty", "--format", "ndjson"])
        #expect(air.code == .success, "\(air.stderr)")
        let airAgain = await weather.run(["weather", "Hemel Hempstead", "--air", "--new", "--fail-empty", "--refresh"])
        #expect(airAgain.code == .empty)

        let metric = await weather.run(["weather", "Rostov", "--format", "csv"])
        #expect(metric.code == .success)
        // The recorded forecast is from 2022: offline, every step is past, and the view says so.
        let imperial = await weather.run(["weather", "Rostov", "--offline", "--units", "imperial"])
        #expect(imperial.code == .success, "\(imperial.stderr)")
        #expect(imperial.stdout.contains("converted from stored metric values"), "\(imperial.stdout)")
        #expect(imperial.stdout.contains("every stored step is past (8 left out); run it again without --offline to refresh"),
                "\(imperial.stdout)")
        #expect(imperial.stderr.contains("offline: showing results stored at"))
        #expect(imperial.stderr.contains("8 steps already past left out"))
        let standard = await weather.run(["weather", "Rostov", "--offline", "--units", "standard", "--json"])
        #expect(try WeatherHost.object(standard)["converted_from"] as? String == "metric")
    }

    @Test("a time format on a field that is not a time is a template error naming the column")
    func timeFormatOnNumber() async throws {
        let weather = try Self.weather()
        let wrong = await weather.run(["weather", "Rostov", "--template", "{pop:%H}"])
        #expect(wrong.code == .usage)
        // The wording is the behaviour: where in the template, and why.
        #expect(wrong.stderr == "apicli: error: bad --template at column 2: a time format on 'pop', which is not a time (0)\n",
                "\(wrong.stderr)")
        let right = await weather.run(["weather", "Rostov", "--template", "{local_time:%H}", "--hours", "1"])
        #expect(right.code == .success, "\(right.stderr)")
        #expect(right.stdout == "00\n")
    }

    @Test("OpenWeather's 429 'account blocked' with Retry-After says how long, at once")
    func blockedSaysHowLong() async throws {
        let weather = try WeatherHost()
        let blocked = try TestSupport.Fixtures.real("errors/owm_429_account_blocked_jdai03.json")
        weather.routes.answer(WeatherRoutes.json(blocked, status: 429, headers: ["Retry-After": "120"])) {
            $0.path == WeatherRoutes.currentPath
        }
        let result = await weather.run(["weather", "--id", "2147714", "--now"])
        #expect(result.code == .temporaryFailure && result.isOneErrorLine, "\(result.stderr)")
        #expect(result.stderr.contains("has blocked this key for now"), "\(result.stderr)")
        #expect(result.stderr.contains("retry in 120 s"), "\(result.stderr)")
        #expect(weather.requests.filter { $0.path == WeatherRoutes.currentPath }.count == 1, "a block is not retried")
    }

    @Test("options that do not go together are usage errors, before any request")
    func refusals() async throws {
        let weather = try Self.weather()
        for (arguments, words) in [
            (["Paris", "--now", "--daily"], "--now shows the conditions now"),
            (["Paris", "--now", "--air"], "--now and --air are two views"),
            (["--id", "2988507", "--air"], "--air is asked for by coordinates"),
            (["Paris", "--lang", "fr_fr"], "--lang must be one of"),
            (["--id", "2988507", "--id", "2973783"], "--id is given twice ('2988507' and '2973783')"),
            (["--zip", "94040,US", "--id", "2988507"], "--zip and --id each name a place"),
            (["48.85", "2.35"], "write them as one argument, apicli weather 48.85,2.35"),
        ] {
            let result = await weather.run(["weather"] + arguments)
            #expect(result.code == .usage && result.isOneErrorLine, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(words), "\(result.stderr)")
        }
        #expect(weather.requests.isEmpty)
    }
}
