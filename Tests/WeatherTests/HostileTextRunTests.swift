import APIHost
import Foundation
import Testing
import TestSupport

@testable import Weather

/// A city name and a description full of escapes and bidi overrides, through the
/// host in-process: cleaned in the table (coloured or not) and in the line format,
/// exact in JSON. (These were the Weather halves of the binary's `HostileTextEndToEndTests`
/// and of `ScriptingEndToEndTests`' hostile-template test.)
@Suite("Weather: hostile server text, in-process")
struct HostileTextRunTests {
    static func host() throws -> InProcessHost {
        let forecast = String(decoding: try RecordedWeather.data(RecordedWeather.forecastFixture), as: UTF8.self)
            .replacingOccurrences(of: "\"Ростов\"", with: "\"\(HostileText.json)\"")
            .replacingOccurrences(of: "небольшой дождь", with: HostileText.json)
        return try RecordedWeather.host(try RecordedWeather.routes(forecast: Data(forecast.utf8)))
    }

    @Test("the table carries no control or bidi characters, and with colour no escape but apicli's own; JSON keeps the text exact")
    func cleanedForTerminalsOnly() async throws {
        let host = try Self.host()
        let table = await host.run(["weather", "Rostov", "--wide"])
        #expect(table.code == .success, "\(table.stderr)")
        #expect(table.stdout.contains("Evil") && table.stdout.contains("gnp.exe"))
        #expect(HostileText.forbiddenIn(table.stdout).isEmpty, "\(HostileText.forbiddenIn(table.stdout))")
        #expect(!table.stdout.contains("\t"))

        // With colour on, the only escapes are apicli's own SGR codes: none opens an OSC or clears the screen.
        let coloured = await host.run(["weather", "Rostov", "--color", "always"])
        #expect(coloured.code == .success)
        #expect(coloured.stdout.contains("\u{1B}["), "colour was on")
        #expect(!coloured.stdout.contains("\u{1B}]"))
        #expect(!coloured.stdout.contains("\u{1B}[2J"))
        #expect(!coloured.stdout.contains("\u{07}"))

        let json = await host.run(["weather", "Rostov", "--json"])
        let cities = try RecordedWeather.objects(json)
        #expect((cities.first?["city"] as? [String: Any])?["name"] as? String == HostileText.decoded)
    }

    @Test("the line format cleans it too")
    func hostileTextInLines() async throws {
        let host = try Self.host()
        let run = await host.run(["weather", "Rostov", "--format", "line"])
        #expect(run.code == .success, "\(run.stderr)")
        #expect(HostileText.forbiddenIn(run.stdout).isEmpty)
        #expect(run.stdout.contains("Evil linkgnp.exe x end"))
    }
}
