import Foundation
import Testing
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
