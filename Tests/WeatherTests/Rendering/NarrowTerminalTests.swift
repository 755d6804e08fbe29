import APIHost
import Foundation
import Testing
import TestSupport

@testable import Weather

/// On a narrow terminal, in-process: prose shrinks first, numbers and their units
/// are never cut, and the columns Weather ranks are left out, lowest first (humidity,
/// feels-like, wind, then the precipitation's words; the chance last); no line is
/// ever wider than `COLUMNS`. (This was the binary's `NarrowTerminalEndToEndTests`.)
@Suite("Weather on narrow terminals, in-process")
struct NarrowTerminalTests {
    /// `NE 3.0 m/s`, `10.3°C`: whole measurements, as the forecast view writes them.
    static var wind: Regex<Substring> { #/[NESW]{1,2} \d+\.\d m/s/# }
    static var temperature: Regex<Substring> { #/-?\d+\.\d°C/# }

    @Test("at 72 and 60 columns: every wind and temperature shown is whole, rain outlasts wind, every line fits", arguments: [72, 60])
    func weather(columns: Int) async throws {
        let host = try RecordedWeather.host(try RecordedWeather.routes())
        let run = await host.run(["weather", "Rostov", "--steps"], setting: ["COLUMNS": String(columns)])
        #expect(run.code == .success, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        for line in lines { #expect(line.count <= columns, "\(line.count): \(line)") }
        let rows = lines.filter { $0.wholeMatch(of: #/\d\d:\d\d .*/#) != nil }
        #expect(rows.count == 8)
        for row in rows {
            #expect(row.contains(Self.wind) == (columns == 72), "\(row)")
            #expect(row.contains(Self.temperature), "\(row)")
            #expect(!row.contains("m/…") && !row.contains("°…"), "\(row)")
        }
        let header = try #require(lines.first { $0.hasPrefix("TIME") })
        // Humidity is the first to go, then the feels-like temperature, then the wind; rain stays.
        #expect(!header.contains("HUMID"), "\(header)")
        #expect(header.contains("FEELS") == (columns == 72), "\(header)")
        #expect(header.contains("WIND") == (columns == 72), "\(header)")
        #expect(header.contains("POP") && header.contains("PRECIP") && header.contains("TEMP"), "\(header)")
    }

    @Test("at 30 columns the table still fits, keeping the time and the temperature")
    func veryNarrow() async throws {
        let host = try RecordedWeather.host(try RecordedWeather.routes())
        let run = await host.run(["weather", "Rostov", "--steps"], setting: ["COLUMNS": "30"])
        #expect(run.code == .success, "\(run.stderr)")
        for line in run.stdout.split(separator: "\n") { #expect(line.count <= 30, "\(line.count): \(line)") }
        #expect(run.stdout.contains(Self.temperature))
    }
}
