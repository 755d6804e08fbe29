import Foundation
import Testing

/// On a narrow terminal, prose shrinks first, numbers and their units are
/// never cut, and the columns a provider ranks are left out, lowest first;
/// no line is ever wider than the terminal.
@Suite("Narrow terminals, end to end")
struct NarrowTerminalEndToEndTests {
    /// `NE 3.0 m/s`, `10.3°C`: whole measurements, as the forecast view writes them.
    static var wind: Regex<Substring> { #/[NESW]{1,2} \d+\.\d m/s/# }
    static var temperature: Regex<Substring> { #/-?\d+\.\d°C/# }

    @Test("weather at 72 and 60 columns: every wind and temperature whole, every line fits", arguments: [72, 60])
    func weather(columns: Int) async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let result = try await sandbox.run(["weather", "Rostov"], set: ["COLUMNS": String(columns)])
        #expect(result.exitCode == 0, "\(result.stderrText)")
        let lines = result.stdoutText.split(separator: "\n")
        for line in lines { #expect(line.count <= columns, "\(line.count): \(line)") }
        let rows = lines.filter { $0.wholeMatch(of: #/\d\d:\d\d .*/#) != nil }
        #expect(rows.count == 8)
        for row in rows {
            #expect(row.contains(Self.wind), "\(row)")
            #expect(row.contains(Self.temperature), "\(row)")
            #expect(!row.contains("m/…") && !row.contains("°…"), "\(row)")
        }
        let header = try #require(lines.first { $0.hasPrefix("TIME") })
        // The precipitation's words are the first to go, then humidity, then the feels-like temperature.
        #expect(!header.contains("PRECIP"))
        #expect(header.contains("HUMID") == (columns == 72), "\(header)")
        #expect(header.contains("FEELS"), "\(header)")
        #expect(header.contains("WIND") && header.contains("TEMP"))
    }

    @Test("at 30 columns the table still fits, keeping the time and the temperature")
    func veryNarrow() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let result = try await sandbox.run(["weather", "Rostov"], set: ["COLUMNS": "30"])
        #expect(result.exitCode == 0, "\(result.stderrText)")
        for line in result.stdoutText.split(separator: "\n") { #expect(line.count <= 30, "\(line.count): \(line)") }
        #expect(result.stdoutText.contains(Self.temperature))
    }
}
