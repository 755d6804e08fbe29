import Foundation
import Testing
@testable import APIHost

/// What the host draws from a server's numbers at the edges of what JSON
/// allows: a chart, a template's time and precision, the age of a stored
/// answer. Each gives a sane text (or a gap, or the value as sent), never a trap.
@Suite("Drawing hostile numbers")
struct HostileNumberDrawingTests {
    static let hostile: [Double] = [1e308, -1e308, Double.leastNonzeroMagnitude, -Double.leastNonzeroMagnitude, 9.223372036854775807e18, -9.223372036854775808e18,
                                    1.8446744073709551615e19, .infinity, -.infinity, .nan, 1.5, -0.0]

    @Test("a chart of values from -1e308 to 1e308 still spans its levels")
    func sparklineExtremes() {
        #expect(Sparkline([-1e308, 0, 1e308]).text(unicode: false) == "_=#")
        #expect(Sparkline([-Double.greatestFiniteMagnitude, Double.greatestFiniteMagnitude]).text(unicode: true) == "▁█")
        #expect(Sparkline([1e308, 1e308, .nan]).text(unicode: false) == "~~ ")
        #expect(Sparkline(Self.hostile).text(unicode: true).count == Self.hostile.count)
    }

    @Test("resampling values near 1e308 does not sum to infinity")
    func resampledExtremes() {
        let points = Sparkline([1e308, 1e308, 1e308, 1e308]).resampled(toAtMost: 2).values
        #expect(points == [1e308, 1e308])
        #expect(Sparkline(Self.hostile + Self.hostile).text(unicode: true, maxWidth: 5).count == 5)
    }

    @Test("a template's time of a huge or fractional Unix time is a date, not a trap", arguments: hostile)
    func templateTimes(_ seconds: Double) throws {
        let format = try TimeFormat("%Y-%m-%d %H:%M")
        let text = format.format(.double(seconds))
        if seconds.isNaN { #expect(text == nil) } else { #expect(text?.count ?? 0 >= 16) }
    }

    @Test("a template's precision of a non-number or non-finite text shows the value as sent")
    func templatePrecision() throws {
        let item = FlatItem(fields: [("a", "NaN"), ("b", "Infinity"), ("c", 1e308), ("d", "1.25")])
        let line = try LineTemplate("{a:.1} {b:.1} {d:.1}").render(item, unicode: true)
        #expect(line == "NaN Infinity 1.2" || line == "NaN Infinity 1.3")
        #expect(try LineTemplate("{c:.0}").render(item, unicode: true).count == 309)
    }

    @Test("the age of a stored answer from a damaged time is a number of days, never a trap")
    func staleAges() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(StaleNotice.age(from: Date(timeIntervalSince1970: -1e300), to: now) == "\(Int.max / 86_400) days ago")
        #expect(StaleNotice.age(from: Date(timeIntervalSince1970: 1e300), to: now) == "just now")
        #expect(StaleNotice.age(from: Date(timeIntervalSince1970: .nan), to: now) == "just now")
    }
}
