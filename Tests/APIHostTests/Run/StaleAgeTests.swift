import Foundation
import Testing
import TestSupport
@testable import APIHost

@Suite struct StaleAgeTests {
    let then = Date(timeIntervalSince1970: 1_000_000)

    @Test(arguments: [
        (0.0, "just now"), (59, "just now"), (60, "1 min ago"), (3_599, "59 min ago"),
        (3_600, "1 h ago"), (172_799, "47 h ago"), (172_800, "2 days ago"), (-30, "just now"),
    ])
    func ageReadsAtAGlance(_ elapsed: Double, _ expected: String) {
        #expect(StaleNotice.age(from: then, to: then.addingTimeInterval(elapsed)) == expected)
    }
}

@Suite struct StaleNoticeTextTests {
    @Test func saysWhyAndWhen() {
        let then = Date(timeIntervalSince1970: 1_764_400_000)
        #expect(StaleNotice.text(fetchedAt: then, now: then.addingTimeInterval(7_200), failure: "could not reach x")
            == "could not reach x; showing results stored at 2025-11-29T07:06:40Z (2 h ago)")
        #expect(StaleNotice.text(fetchedAt: then, now: then, failure: nil)
            == "offline: showing results stored at 2025-11-29T07:06:40Z (just now)")
    }
}

@Suite struct StaleNoticeTimestampTests {
    /// The formatter the notice used for every time, and still uses outside 1970–9999.
    static func formatted(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt))
    }

    @Test("the plain UTC text is the ISO 8601 formatter's, to the second, across 1970-9999 and at its edges")
    func sameTextAsTheFormatter() throws {
        let seed = try FuzzSeed.draw(for: "StaleNoticeTimestampTests/sameTextAsTheFormatter")
        var generator = seed.generator()
        var seconds: [Double] = [0, 0.999, 59.5, 951_782_400, 1_764_400_000.75, 4_107_542_399, 253_402_300_799.5]
        for _ in 0..<2_000 {
            seconds.append(Double.random(in: 0..<StaleNotice.plainUntil, using: &generator))
        }
        for value in seconds {
            let date = Date(timeIntervalSince1970: value)
            #expect(StaleNotice.timestamp(date) == Self.formatted(date), "\(value); \(seed)")
        }
    }

    @Test("times outside it keep the formatter", arguments: [-1.0, -86_400 * 365.25 * 100, 253_402_300_800, 1e12])
    func outsideKeepsTheFormatter(_ value: Double) {
        let date = Date(timeIntervalSince1970: value)
        #expect(StaleNotice.timestamp(date) == Self.formatted(date))
    }
}
