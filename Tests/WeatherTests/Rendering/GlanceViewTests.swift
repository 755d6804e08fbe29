import APICore
import APIHost
import Foundation
import Testing
import TestSupport

@testable import Weather

/// The default view on a terminal (the glance): real recorded forecasts in four
/// languages, with the current conditions where a recorded answer fits the place,
/// snapshotted at 40, 60, 80 and 120 columns, in UTF-8 and ASCII, with and without
/// colour; and no line of any view wider than the terminal from 30 to 200 columns.
@Suite("The glance: now, charts and the next days by period")
struct GlanceViewTests {
    let provider = WeatherProvider()

    /// A recorded forecast (and current conditions) as the glance's query decodes them.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var forecast: String
        var current: String?
        var units: Units
        var language: String?
        var testDescription: String { name }
    }

    static let cases = [
        // The London answer is not Hemel Hempstead's own, but it is the nearest recorded one, in the same units.
        Case(name: "hemel-en", forecast: "forecast/forecast_hemel_hempstead_latlon_2022_aahill1.json",
             current: "current/current-london-2024-standard-baranbarandev.json", units: .standard, language: nil),
        Case(name: "hamburg-de", forecast: "forecast/forecast_hamburg_de_metric_cnt8_2016_ddittmar.json",
             current: "current/current-hamburg-2016-metric-de-ddittmar.json", units: .metric, language: "de"),
        Case(name: "strasbourg-fr", forecast: "weather/weather-strasbourg-metric-fr-cnt40.json",
             current: nil, units: .metric, language: "fr"),
        Case(name: "rostov-ru", forecast: "weather/weather-rostov-metric-ru-cnt8.json",
             current: nil, units: .metric, language: "ru"),
    ]

    static func answer(_ test: Case, layout: ForecastLayout = ForecastLayout(glance: true)) throws -> Forecast {
        var warnings: [String] = []
        let query = WeatherQuery(city: test.name, units: test.units, language: test.language, layout: layout)
        let forecast = try WeatherProvider().decode(try TestSupport.Fixtures.real(test.forecast), for: query, warnings: &warnings)
        guard let current = test.current else { return forecast }
        let now = try WeatherProvider().decode(
            try TestSupport.Fixtures.real(current), for: WeatherProvider.currentQuery(for: query), warnings: &warnings)
        return WeatherProvider.attaching(now, to: forecast)
    }

    /// Every width, charset and colour of one forecast's glance, one after the other.
    func variants(_ answer: Forecast) -> String {
        var text = ""
        for width in [40, 60, 80, 120] {
            for unicode in [true, false] {
                for color in [false, true] {
                    text += "=== \(width) columns, \(unicode ? "UTF-8" : "ASCII"), \(color ? "colour" : "no colour") ===\n"
                    text += OutputRenderer.render(
                        provider, [answer], as: .table, terminal: Terminal(width: width, color: color, unicode: unicode))
                }
            }
        }
        return text
    }

    @Test("snapshots at 40, 60, 80 and 120 columns, UTF-8 and ASCII, with and without colour", arguments: cases)
    func snapshots(_ test: Case) throws {
        try Snapshot.assert(variants(try Self.answer(test)), named: "glance-\(test.name).txt")
    }

    @Test("--chart: tall temperature and precipitation charts with day marks over a row a day, UTF-8 and ASCII")
    func chart() throws {
        var text = ""
        for unicode in [true, false] {
            for width in [40, 80] {
                let answer = try Self.answer(Self.cases[0], layout: ForecastLayout(chart: true))
                text += "=== \(width) columns, \(unicode ? "UTF-8" : "ASCII") ===\n"
                text += OutputRenderer.render(provider, [answer], as: .table, terminal: Terminal(width: width, unicode: unicode))
            }
        }
        try Snapshot.assert(text, named: "chart-hemel-en.txt")
    }

    @Test("at 80×24 the whole view fits one screen, with now, both charts and the day marks")
    func oneScreen() throws {
        let text = OutputRenderer.render(
            provider, [try Self.answer(Self.cases[0])], as: .table, terminal: Terminal(width: 80, unicode: true))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count <= 23, "\(lines.count) lines, and the prompt needs one:\n\(text)")
        #expect(lines.contains { $0.hasPrefix("now ") })
        #expect(lines.contains { $0.hasPrefix("temp  ") })
        #expect(lines.contains { $0.hasPrefix("rain  ") })
        #expect(lines.contains { $0.hasPrefix("      Thu") || $0.contains(" Thu ") })
        for part in ["night", "morning", "afternoon", "evening"] { #expect(lines.contains { $0.hasPrefix(part) }) }
    }

    @Test("without current conditions the view is the forecast's alone")
    func withoutNow() throws {
        var answer = try Self.answer(Self.cases[0])
        answer.current = nil
        let text = OutputRenderer.render(provider, [answer], as: .table, terminal: Terminal(width: 80, unicode: true))
        #expect(!text.contains("now "))
        #expect(text.contains("afternoon"))
    }

    /// Every view the weather draws, on every recorded forecast and answer.
    static func everyView() throws -> [(name: String, answer: Forecast)] {
        var views: [(name: String, answer: Forecast)] = []
        for test in cases {
            views.append((test.name + " glance", try answer(test)))
            views.append((test.name + " steps", try answer(test, layout: ForecastLayout())))
            views.append((test.name + " daily", try answer(test, layout: ForecastLayout(daily: true))))
            views.append((test.name + " chart", try answer(test, layout: ForecastLayout(chart: true))))
        }
        var warnings: [String] = []
        for name in ["current/current-sydney-2020-metric-rain1h-ramola1808.json", "current/current-helsinki-2017-standard-snow-mrmccrab.json"] {
            var query = WeatherQuery(city: "Somewhere")
            query.report = .current
            views.append((name, try WeatherProvider().decode(try TestSupport.Fixtures.real(name), for: query, warnings: &warnings)))
        }
        for name in ["air/air-pollution-london-2021-pyowm.json", "air/air-pollution-forecast-50-50-2021-pyowm.json"] {
            var query = WeatherQuery(city: "Somewhere", layout: ForecastLayout(hours: name.contains("forecast") ? 24 : nil))
            query.report = .air
            views.append((name, try WeatherProvider().decode(try TestSupport.Fixtures.real(name), for: query, warnings: &warnings)))
        }
        return views
    }

    @Test("no line of any view is wider than the terminal, from 30 to 200 columns")
    func everyWidth() throws {
        for (name, answer) in try Self.everyView() {
            for width in 30...200 {
                for unicode in [true, false] {
                    let text = OutputRenderer.render(
                        provider, [answer], as: .table, terminal: Terminal(width: width, color: true, unicode: unicode))
                    for line in text.split(separator: "\n") where DisplayWidth.of(Self.plain(String(line))) > width {
                        Issue.record("\(name) at \(width) (\(unicode ? "UTF-8" : "ASCII")): \(line)")
                        return
                    }
                }
            }
        }
    }

    @Test("header lines carry no cut value: facts are left out whole, never cut with …")
    func noCutFacts() throws {
        for (name, answer) in try Self.everyView() where answer.layout.glance || answer.layout.daily || answer.layout.chart {
            for width in 30...200 {
                let text = OutputRenderer.render(provider, [answer], as: .table, terminal: Terminal(width: width, unicode: true))
                let header = text.split(separator: "\n\n", maxSplits: 1).first.map(String.init) ?? ""
                // The title may be cut; every other header line shows its facts whole, and a `…`
                // in it is a range's (`7…9°C`), between two digits.
                for line in header.split(separator: "\n").dropFirst() {
                    let characters = Array(line)
                    for index in characters.indices where characters[index] == "…" {
                        let between = index > 0 && index + 1 < characters.count
                            && characters[index - 1].isNumber && (characters[index + 1].isNumber || characters[index + 1] == "-")
                        #expect(between, "\(name) at \(width): \(line)")
                    }
                }
            }
        }
    }

    /// `text` without ANSI escape sequences.
    static func plain(_ text: String) -> String {
        var out = ""
        var escaping = false
        for scalar in text.unicodeScalars {
            if escaping { if scalar == "m" { escaping = false }; continue }
            if scalar == "\u{1B}" { escaping = true; continue }
            out.unicodeScalars.append(scalar)
        }
        return out
    }
}
