@testable import APIHost
import Testing

@Suite("Sparkline")
struct SparklineTests {
    @Test("values scale between the series' own minimum and maximum")
    func scales() {
        #expect(Sparkline([3, 5, 9, 4]).text(unicode: true) == "▁▃█▂")
        #expect(Sparkline([0, 1, 2, 3, 4, 5, 6, 7]).text(unicode: true) == "▁▂▃▄▅▆▇█")
        #expect(Sparkline([0, 1, 2, 3, 4, 5, 6, 7]).text(unicode: false) == "_.-~=+*#")
    }

    @Test("a flat series sits in the middle; empty gives empty")
    func flatAndEmpty() {
        #expect(Sparkline([2, 2, 2]).text(unicode: true) == "▄▄▄")
        #expect(Sparkline([]).text(unicode: true) == "")
        #expect(Sparkline([]).range == nil)
    }

    @Test("non-finite values are gaps")
    func gaps() {
        #expect(Sparkline([1, .nan, 3, .infinity]).text(unicode: true) == "▁ █ ")
        #expect(Sparkline([.nan, .nan]).text(unicode: false) == "  ")
        #expect(Sparkline([1, .nan, 3]).range == 1...3)
    }

    @Test("a long series is averaged down to fit a width")
    func resampling() {
        let series = Sparkline((0..<40).map(Double.init))
        let narrow = series.text(unicode: true, maxWidth: 8)
        #expect(narrow.count == 8)
        #expect(narrow.first == "▁" && narrow.last == "█")
        #expect(series.resampled(toAtMost: 8).values.first == 2)
        #expect(series.resampled(toAtMost: 100) == series)
        #expect(series.resampled(toAtMost: 0).values.isEmpty)
    }

    @Test("the terminal decides between blocks and ASCII")
    func followsTerminal() {
        let line = Sparkline([1, 2])
        #expect(line.text(for: Terminal(unicode: true)) == "▁█")
        #expect(line.text(for: Terminal(unicode: false)) == "_#")
    }
}
