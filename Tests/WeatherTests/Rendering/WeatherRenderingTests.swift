import APIHost
import Foundation
import Testing
import TestSupport
@testable import Weather

@Suite("Showing forecasts")
struct WeatherRenderingTests {
    let provider = WeatherProvider()

    func forecasts() throws -> [Forecast] {
        [
            try WeatherFixtures.forecast("weather-rostov-metric-ru-cnt8.json", WeatherQuery(city: "Rostov", language: "ru")).0,
            try WeatherFixtures.forecast("weather-wroclaw-metric-cnt3.json", WeatherQuery(city: "Wroclaw")).0,
        ]
    }

    @Test("the table view in a UTF-8 terminal")
    func tableUnicode() throws {
        let text = OutputRenderer.render(provider, try forecasts(), as: .table, terminal: Terminal(width: 100, unicode: true))
        try Snapshot.assert(text, named: "table-unicode.txt")
        #expect(text.hasPrefix("Ростов, RU\n"))
        #expect(text.contains("°C"))
    }

    @Test("the table view without UTF-8 uses ASCII symbols and chart")
    func tableASCII() throws {
        let text = OutputRenderer.render(provider, try forecasts(), as: .table, terminal: Terminal(width: 100, unicode: false))
        try Snapshot.assert(text, named: "table-ascii.txt")
        for glyph in ["▁", "█", "☁", "☂", "°", "·"] { #expect(!text.contains(glyph)) }
    }

    @Test("the 40-step French forecast, with no time zone, in UTC")
    func tableStrasbourg() throws {
        let forecast = try WeatherFixtures.forecast("weather-strasbourg-metric-fr-cnt40.json", WeatherQuery(city: "Strasbourg")).0
        let text = OutputRenderer.render(provider, [forecast], as: .table, terminal: .plain)
        try Snapshot.assert(text, named: "table-strasbourg.txt")
        #expect(text.contains("times in UTC"))
        #expect(text.contains("ciel dégagé"))
        #expect(text.contains("Tue 2018-10-02\n"))
    }

    @Test("temperature symbols follow the units", arguments: [
        (Units.metric, "°C", " C"), (.imperial, "°F", " F"), (.standard, " K", " K"),
    ])
    func unitSymbols(units: Units, unicode: String, ascii: String) throws {
        let forecast = try WeatherFixtures.forecast("weather-london-2019-metric-cnt3.json", WeatherQuery(city: "London", units: units)).0
        let fancy = OutputRenderer.render(provider, [forecast], as: .table, terminal: Terminal(unicode: true))
        let plain = OutputRenderer.render(provider, [forecast], as: .table, terminal: Terminal(unicode: false))
        #expect(fancy.contains("24.7" + unicode))
        #expect(plain.contains("24.7" + ascii))
        #expect(fancy.contains(units == .imperial ? "mph" : "m/s"))
    }

    @Test("rows are grouped under one heading per local day")
    func dayHeadings() throws {
        let forecast = try WeatherFixtures.forecast("weather-rostov-metric-ru-cnt8.json").0
        let text = OutputRenderer.render(provider, [forecast], as: .table, terminal: .plain)
        let headings = text.split(separator: "\n").filter { $0.hasPrefix("Thu ") || $0.hasPrefix("Fri ") }
        #expect(headings == ["Fri 2022-09-23"])  // 21:00 UTC + 3 h is already Friday in Rostov
    }

    @Test("the JSON document parses and keeps the API's numbers")
    func json() throws {
        let text = OutputRenderer.render(provider, try forecasts(), as: .json, terminal: .plain)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(parsed.count == 2)
        let city = try #require(parsed[0]["city"] as? [String: Any])
        #expect(city["name"] as? String == "Ростов")
        #expect((city["sunrise"] as? String)?.hasSuffix("Z") == true)
        #expect(parsed[0]["units"] as? String == "metric")
        let steps = try #require(parsed[0]["forecasts"] as? [[String: Any]])
        #expect(steps.count == 8)
        #expect(steps[0]["time"] as? String == "2022-09-22T21:00:00Z")
        #expect(steps[0]["local_time"] as? String == "2022-09-23T00:00:00+03:00")
        #expect(steps[0]["description"] as? String == "пасмурно")
        #expect(steps[0]["rain_3h"] is NSNull)
        #expect(text.contains("\"pressure\": 1017,"))
        #expect(text.contains("\"temp\": 10.27,"))
        let wroclaw = try #require(parsed[1]["forecasts"] as? [[String: Any]])
        #expect(wroclaw[0]["rain_3h"] as? Double == 3.312)
        #expect(wroclaw[0]["local_time"] as? String == "2019-06-02T11:00:00+02:00")
    }

    @Test("ndjson has one line per city, csv one row per step with the city first")
    func ndjsonAndCSV() throws {
        let results = try forecasts()
        let ndjson = OutputRenderer.render(provider, results, as: .ndjson, terminal: .plain)
        #expect(ndjson.split(separator: "\n").count == 2)
        for line in ndjson.split(separator: "\n") {
            #expect(try JSONSerialization.jsonObject(with: Data(line.utf8)) is [String: Any])
        }
        let csv = OutputRenderer.render(provider, results, as: .csv, terminal: .plain)
        let lines = csv.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(lines.count == 1 + 8 + 3)
        // The query and the place as the title names it come first, so rows of several places can be told apart.
        #expect(lines[0].hasPrefix("query,place_name,place.country,time,local_time,temp,"))
        #expect(lines[1].hasPrefix("Rostov,\"Ростов, RU\",RU,2022-09-22T21:00:00Z,2022-09-23T00:00:00+03:00,10.27,9.73,"))
        #expect(lines.last?.hasPrefix("Wroclaw,\"Wroclaw, PL\",PL,2019-06-02T15:00:00Z,") == true)
    }

    @Test("an empty forecast still renders in every format")
    func emptyForecast() throws {
        let forecast = Forecast(requested: "Nowhere", city: City(), units: .metric, entries: [])
        #expect(OutputRenderer.render(provider, [forecast], as: .table, terminal: .plain) == "Nowhere\ntimes in UTC (no time zone given)\nno forecast steps in the answer\n")
        let json = OutputRenderer.render(provider, [forecast], as: .json, terminal: .plain)
        #expect(try JSONSerialization.jsonObject(with: Data(json.utf8)) is [Any])
        #expect(OutputRenderer.render(provider, [forecast], as: .csv, terminal: .plain).hasPrefix("query,place_name,"))
    }

    @Test("every icon code has a day and a night symbol, and an ASCII word")
    func symbols() {
        for code in ["01", "02", "03", "04", "09", "10", "11", "13", "50"] {
            for suffix in ["d", "n"] {
                let glyph = WeatherSymbols.symbol(forIcon: code + suffix, unicode: true)
                let word = WeatherSymbols.symbol(forIcon: code + suffix, unicode: false)
                #expect(glyph != "?" && word != "?")
                let isASCII = word.unicodeScalars.allSatisfy { $0.isASCII }
                #expect(isASCII)
            }
        }
        #expect(WeatherSymbols.symbol(forIcon: "01d", unicode: true) != WeatherSymbols.symbol(forIcon: "01n", unicode: true))
        #expect(WeatherSymbols.symbol(forIcon: "99x", unicode: true) == "?")
        #expect(WeatherSymbols.symbol(forIcon: nil, unicode: false) == "?")
    }

    @Test("measurements read the same under any locale")
    func measureText() {
        #expect(MeasureText.decimal(-0.04) == "0.0")
        #expect(MeasureText.decimal(-3.25) == "-3.3" || MeasureText.decimal(-3.25) == "-3.2")
        #expect(MeasureText.decimal(288.43) == "288.4")
        #expect(MeasureText.compassPoint(206.633) == "SW")
        #expect(MeasureText.compassPoint(359) == "N")
        #expect(MeasureText.probability(.double(0.2)) == "20%")
        #expect(MeasureText.precipitation(rain: .int(0), snow: .double(0.01)) == "rain 0.0 mm, snow <0.1 mm")
        #expect(MeasureText.wind(speed: .double(7.4), direction: nil, units: .imperial) == "7.4 mph")
    }

    /// The text `decimal` wrote by joining its parts, before it wrote digits from the last.
    static func joinedDecimal(_ value: Double, digits: Int) -> String {
        var scale: Double = 1
        for _ in 0..<digits { scale *= 10 }
        guard abs(value) < 1e15, let scaled = Int64(saturating: value * scale, rounding: .toNearestOrAwayFromZero)
        else { return "?" }
        let magnitude = scaled.magnitude
        let unit = UInt64(scale)
        let whole = String(magnitude / unit)
        guard digits > 0 else { return (scaled < 0 ? "-" : "") + whole }
        let fraction = String(magnitude % unit)
        return (scaled < 0 ? "-" : "") + whole + "." + String(repeating: "0", count: digits - fraction.count) + fraction
    }

    @Test("decimals are written digit by digit as they were joined")
    func decimalDigits() throws {
        let seed = try FuzzSeed.draw(for: "WeatherRenderingTests/decimalDigits")
        var generator = seed.generator()
        var values: [Double] = [0, -0.0, 0.05, -0.05, 0.95, 9.95, -9.96, 100, 1e14, -99_999_999_999_999.9, 0.001]
        for _ in 0..<3_000 {
            let magnitude = Double.random(in: 0...1, using: &generator) * [1, 10, 1_000, 1e6, 1e12][Int.random(in: 0...4, using: &generator)]
            values.append(Bool.random(using: &generator) ? -magnitude : magnitude)
        }
        for value in values {
            for digits in 0...2 {
                #expect(MeasureText.decimal(value, digits: digits) == Self.joinedDecimal(value, digits: digits), "\(value) \(digits); \(seed)")
            }
        }
    }
}

@Suite("Hostile text outside the table")
struct HostileTextTests {
    @Test("a city name with escapes, bidi overrides and newlines prints as one clean line")
    func hostileCityName() {
        let city = City(name: "Par\u{1B}]52;c;SGVsbG8=\u{07}is\u{202E}\nX", country: "F\u{1B}[31mR")
        let forecast = Forecast(requested: "Paris", city: city, units: .metric, entries: [])
        let text = OutputRenderer.render(WeatherProvider(), [forecast], as: .table, terminal: .plain)
        let title = String(text.split(separator: "\n")[0])
        #expect(!title.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E })
        // Whole escape sequences go, payloads included (the clipboard text, the colour code): the
        // host's TerminalSanitizer, where the view's own cleaner used to leave `]52;c;…` and `[31m` visible.
        #expect(title == "Paris X, FR")
    }
}
