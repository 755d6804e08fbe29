import Foundation
import Testing

/// `--format table|json|ndjson|csv` from the built binary, for both providers.
@Suite("Output formats, end to end")
struct OutputFormatEndToEndTests {
    @Test("nyt: table, JSON (an array of articles), NDJSON and CSV")
    func nytFormats() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        // One fetch, then the other formats answer from the cache: every output is the same 10 articles.
        let table = try await sandbox.run(["nyt", "election"])
        async let json = sandbox.run(["nyt", "election", "--json"])
        async let ndjson = sandbox.run(["nyt", "election", "--format", "ndjson"])
        async let csv = sandbox.run(["nyt", "election", "--format=csv"])
        let (jsonResult, ndjsonResult, csvResult) = try await (json, ndjson, csv)

        #expect(table.exitCode == 0, "\(table.stderrText)")
        let tableLines = table.stdoutText.split(separator: "\n")
        #expect(tableLines.first?.contains("Headline") == true)
        #expect(tableLines.count == 11)
        #expect(table.stdoutText.contains("Troops Gun Down Suici"))

        #expect(jsonResult.exitCode == 0, "\(jsonResult.stderrText)")
        let articles = try #require(try JSONSerialization.jsonObject(with: jsonResult.stdout) as? [[String: Any]])
        #expect(articles.count == 10)
        let first = try #require(articles.first)
        #expect(first["id"] as? String == "583032447c459f6a5fcceedd")
        #expect(first["headline"] as? String == "Troops Gun Down Suicide Bomber in Northeast Nigerian City")
        #expect(first["web_url"] as? String
            == "http://www.nytimes.com/aponline/2016/11/19/world/africa/ap-af-nigeria-boko-haram-suicide-bomber.html")
        #expect(first["word_count"] is NSNumber)
        #expect(first["multimedia"] is [Any])

        #expect(ndjsonResult.exitCode == 0)
        let lines = ndjsonResult.stdoutText.split(separator: "\n")
        #expect(lines.count == 10)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["id"] is String)
        }

        #expect(csvResult.exitCode == 0)
        // RFC 4180: CRLF ends each record.
        #expect(csvResult.stdoutText.hasSuffix("\r\n"))
        let rows = csvResult.stdoutText.components(separatedBy: "\r\n").dropLast()
        #expect(rows.count == 11)
        #expect(rows.first == "Date,Section,Headline,Byline,URL")
        #expect(rows.contains { $0.hasPrefix("2016-11-19,World / Africa,Troops Gun Down Suicide Bomber in Northeast Nigerian City,") })
    }

    @Test("weather: table, JSON (an array of cities with forecasts), NDJSON and CSV")
    func weatherFormats() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let table = try await sandbox.run(["weather", "Rostov"])
        async let json = sandbox.run(["weather", "Rostov", "--format", "json"])
        async let ndjson = sandbox.run(["weather", "Rostov", "--format", "ndjson"])
        async let csv = sandbox.run(["weather", "Rostov", "--format", "csv"])
        let (jsonResult, ndjsonResult, csvResult) = try await (json, ndjson, csv)

        #expect(table.exitCode == 0, "\(table.stderrText)")
        // The title names the place the geocoder chose (the fixture server's: Hemel Hempstead).
        #expect(table.stdoutText.hasPrefix("Hemel Hempstead, GB\n"))
        #expect(table.stdoutText.contains("°C"))
        #expect(table.stdoutText.contains("небольшой дождь"))
        #expect(table.stdoutText.contains("m/s"))

        #expect(jsonResult.exitCode == 0, "\(jsonResult.stderrText)")
        let cities = try #require(try JSONSerialization.jsonObject(with: jsonResult.stdout) as? [[String: Any]])
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

        #expect(ndjsonResult.exitCode == 0)
        let lines = ndjsonResult.stdoutText.split(separator: "\n")
        #expect(lines.count == 1)
        let object = try JSONSerialization.jsonObject(with: Data((lines.first ?? "").utf8)) as? [String: Any]
        #expect((object?["forecasts"] as? [Any])?.count == 8)

        #expect(csvResult.exitCode == 0)
        let rows = csvResult.stdoutText.components(separatedBy: "\r\n").dropLast()
        #expect(rows.count == 9)
        #expect(rows.first?.hasPrefix("query,place,country,time,local_time,temp,") == true)
        // The place as the table's title names it (the fixture server resolves every name to Hemel Hempstead).
        #expect(rows.dropFirst().first?.hasPrefix("Rostov,\"Hemel Hempstead, GB\",GB,2022-09-22T21:00:00Z,2022-09-23T00:00:00+03:00,10.27,") == true)
    }
}
