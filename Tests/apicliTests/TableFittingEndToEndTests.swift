import Foundation
import Testing

/// Tables fit the terminal's width, `--wide` shows everything, and a non-UTF-8
/// locale gets plain ASCII symbols.
@Suite("Table fitting and locale, end to end")
struct TableFittingEndToEndTests {
    static let url = "http://www.nytimes.com/aponline/2016/11/19/world/africa/ap-af-nigeria-boko-haram-suicide-bomber.html"

    @Test("COLUMNS=60 fits every line in 60 columns; --wide prints whole cells")
    func fitsColumns() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        let narrow = try await sandbox.run(["nyt", "election"], set: ["COLUMNS": "60"])
        async let wide = sandbox.run(["nyt", "election", "--wide"], set: ["COLUMNS": "60"])
        async let wider = sandbox.run(["nyt", "election"], set: ["COLUMNS": "200"])
        let (wideResult, widerResult) = try await (wide, wider)
        #expect(narrow.exitCode == 0 && wideResult.exitCode == 0 && widerResult.exitCode == 0)
        let lines = narrow.stdoutText.split(separator: "\n")
        #expect(lines.count == 11)
        for line in lines { #expect(line.count <= 60, "\(line.count): \(line)") }
        #expect(narrow.stdoutText.contains("…"))
        #expect(!narrow.stdoutText.contains(Self.url))
        #expect(wideResult.stdoutText.contains(Self.url))
        #expect(widerResult.stdoutText.split(separator: "\n").contains { $0.count > 60 })
    }

    @Test("LANG=C: weather symbols and the sparkline fall back to ASCII")
    func asciiLocale() async throws {
        let (sandbox, _) = try Sandbox.withFixtures()
        async let utf8 = sandbox.run(["weather", "Rostov"])
        async let ascii = sandbox.run(["weather", "Rostov"], set: ["LANG": "C", "LC_ALL": "C"])
        let (utf8Result, asciiResult) = try await (utf8, ascii)
        #expect(utf8Result.exitCode == 0 && asciiResult.exitCode == 0)
        let symbols = ["▁", "▂", "▃", "█", "☁", "☀", "☂"]
        #expect(symbols.contains { utf8Result.stdoutText.contains($0) })
        for symbol in symbols { #expect(!asciiResult.stdoutText.contains(symbol), "\(symbol) under LANG=C") }
    }
}
