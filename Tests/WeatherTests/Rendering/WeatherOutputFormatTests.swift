import APIHost
import Foundation
import Testing
import TestSupport

@testable import Weather

/// Weather's output through the host, in-process: every format, and the ASCII
/// symbols of a non-UTF-8 locale. (These were the Weather halves of the binary's
/// `OutputFormatEndToEndTests` and `TableFittingEndToEndTests`.)
@Suite("Weather output formats and locale, in-process")
struct WeatherOutputFormatTests {
    @Test("table, JSON (an array of cities with forecasts), NDJSON and CSV")
    func formats() async throws {
        let host = try RecordedWeather.host(try RecordedWeather.routes())
        let table = await host.run(["weather", "Rostov"])
        let json = await host.run(["weather", "Rostov", "--format", "json"])
        let ndjson = await host.run(["weather", "Rostov", "--format", "ndjson"])
        let csv = await host.run(["weather", "Rostov", "--format", "csv"])

        #expect(table.code == .success, "\(table.stderr)")
        // The title names the place the geocoder chose (the recorded answer's: Hemel Hempstead).
        #expect(table.stdout.hasPrefix("Hemel Hempstead, GB\n"))
        #expect(table.stdout.contains("°C"))
        #expect(table.stdout.contains("небольшой дождь"))
        #expect(table.stdout.contains("m/s"))

        #expect(json.code == .success, "\(json.stderr)")
        let cities = try RecordedWeather.objects(json)
        #expect(cities.count == 1)
        let city = try #require(cities.first)
        #expect(city["query"] as? String == "Rostov")
        #expect(city["units"] as? String == "metric")
        let chosen = try #require(city["place"] as? [String: Any])
        #expect(chosen["name"] as? String == "Hemel Hempstead")
        #expect(chosen["country"] as? String == "GB")
        #expect(chosen["state"] as? String == "England")
        #expect((chosen["lat"] as? NSNumber)?.doubleValue == 51.7511784)
        #expect((chosen["lon"] as? NSNumber)?.doubleValue == -0.472528)
        let place = try #require(city["city"] as? [String: Any])
        #expect(place["name"] as? String == "Ростов")
        #expect(place["country"] as? String == "RU")
        #expect((place["id"] as? NSNumber)?.intValue == 501183)
        let forecasts = try #require(city["forecasts"] as? [[String: Any]])
        #expect(forecasts.count == 8)
        #expect(forecasts.first?["time"] as? String == "2022-09-22T21:00:00Z")
        #expect(forecasts.first?["local_time"] as? String == "2022-09-23T00:00:00+03:00")
        #expect((forecasts.first?["temp"] as? NSNumber)?.doubleValue == 10.27)

        #expect(ndjson.code == .success)
        let lines = ndjson.stdout.split(separator: "\n")
        #expect(lines.count == 1)
        let object = try JSONSerialization.jsonObject(with: Data((lines.first ?? "").utf8)) as? [String: Any]
        #expect((object?["forecasts"] as? [Any])?.count == 8)

        #expect(csv.code == .success)
        let rows = csv.stdout.components(separatedBy: "\r\n").dropLast()
        #expect(rows.count == 9)
        #expect(rows.first?.hasPrefix("query,place_name,place.country,time,local_time,temp,") == true)
        // The place as the table's title names it.
        #expect(rows.dropFirst().first?.hasPrefix("Rostov,\"Hemel Hempstead, GB\",GB,2022-09-22T21:00:00Z,2022-09-23T00:00:00+03:00,10.27,") == true)
    }

    @Test("LANG=C: weather symbols and the sparkline fall back to ASCII")
    func asciiLocale() async throws {
        let host = try RecordedWeather.host(try RecordedWeather.routes())
        let utf8 = await host.run(["weather", "Rostov"])
        let ascii = await host.run(["weather", "Rostov"], setting: ["LANG": "C", "LC_ALL": "C"])
        #expect(utf8.code == .success && ascii.code == .success)
        let symbols = ["▁", "▂", "▃", "█", "☁", "☀", "☂"]
        #expect(symbols.contains { utf8.stdout.contains($0) })
        for symbol in symbols { #expect(!ascii.stdout.contains(symbol), "\(symbol) under LANG=C") }
    }
}
