import APIBasics
@testable import APIHTTP
import Foundation
import Testing

/// The saturating conversions every server number goes through: each hostile
/// value JSON allows lands at an edge (or nil) instead of trapping.
@Suite("Safe numbers")
struct SafeNumbersTests {
    @Test("Double → Int saturates at the ends and gives nil for NaN", arguments: [
        (1e308, Int.max), (-1e308, Int.min), (Double.infinity, Int.max), (-Double.infinity, Int.min),
        (9.223372036854775807e18, Int.max), (-9.223372036854775808e18, Int.min), (1.8446744073709551615e19, Int.max),
        (Double.leastNonzeroMagnitude, 0), (-Double.leastNonzeroMagnitude, 0), (-0.0, 0), (1.5, 1), (-1.5, -1), (42, 42),
    ])
    func intFromDouble(_ value: Double, _ expected: Int) {
        #expect(Int(saturating: value) == expected)
    }

    @Test("NaN has no integer")
    func nan() {
        #expect(Int(saturating: .nan) == nil)
        #expect(Int64(saturating: -.nan, rounding: .up) == nil)
        #expect(UInt8(saturating: .signalingNaN) == nil)
    }

    @Test("the rounding rule applies before the range")
    func rounding() {
        #expect(Int(saturating: 2.5, rounding: .toNearestOrAwayFromZero) == 3)
        #expect(Int(saturating: -2.5, rounding: .toNearestOrAwayFromZero) == -3)
        #expect(Int64(saturating: 1.2, rounding: .up) == 2)
        #expect(Int64(saturating: -1.2, rounding: .down) == -2)
        #expect(Int32(saturating: 3e9) == Int32.max)
        #expect(UInt8(saturating: -3) == 0)
        #expect(UInt8(saturating: 255.4) == 255)
        #expect(UInt8(saturating: 255.6, rounding: .toNearestOrAwayFromZero) == 255)
    }

    @Test("sums, differences and products hold at the ends")
    func arithmetic() {
        #expect(Int64.max.addingSaturated(3600) == Int64.max)
        #expect(Int64.min.addingSaturated(-1) == Int64.min)
        #expect(Int64(5).addingSaturated(-7) == -2)
        #expect(Int.min.subtractingSaturated(1) == Int.min)
        #expect(Int.max.subtractingSaturated(-1) == Int.max)
        #expect(Int(10).subtractingSaturated(3) == 7)
        #expect(Int64.max.multipliedSaturated(by: 3600) == Int64.max)
        #expect(Int64.min.multipliedSaturated(by: 2) == Int64.min)
        #expect(Int64.min.multipliedSaturated(by: -1) == Int64.max)
        #expect(Int64(-4).multipliedSaturated(by: 3) == -12)
        #expect(Int.min.magnitudeSaturated == Int.max)
        #expect(Int(-5).magnitudeSaturated == 5)
        #expect(UInt8.max.addingSaturated(1) == UInt8.max)
    }

    @Test("a double is finite or nil")
    func finite() {
        #expect(Double.infinity.finite == nil)
        #expect(Double.nan.finite == nil)
        #expect((1e308 * 10).finite == nil)
        #expect(1e308.finite == 1e308)
        #expect(Double.leastNonzeroMagnitude.finite == Double.leastNonzeroMagnitude)
    }

    @Test("durations from huge or NaN seconds hold at the limit; whole seconds round up without overflow")
    func durations() {
        #expect(Duration.seconds(saturating: 1e308) == .seconds(1e10))
        #expect(Duration.seconds(saturating: -.infinity) == .seconds(-1e10))
        #expect(Duration.seconds(saturating: .nan) == .zero)
        #expect(Duration.seconds(saturating: 2.5) == .milliseconds(2500))
        #expect(Duration.seconds(Int64.max).wholeSecondsRoundedUp == Int.max)
        #expect((Duration.seconds(Int64.max) + .milliseconds(1)).wholeSecondsRoundedUp == Int.max)
        #expect(Duration.milliseconds(1500).wholeSecondsRoundedUp == 2)
        #expect(Duration.zero.wholeSecondsRoundedUp == 0)
    }

    @Test("a server's huge Retry-After or max-age is a long wait, never a trap")
    func headers() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(RetryAfter.delay("9223372036854775807", now: now) == .seconds(Int64.max))
        #expect(RetryAfter.delay("-9223372036854775808", now: now) == .zero)
        #expect(RetryAfter.delay("18446744073709551615", now: now) == nil)
        #expect(RetryAfter.delay("1e308", now: now) == nil)
        #expect(RetryAfter.delay("NaN", now: now) == nil)
        #expect(HTTPClientError.seconds(.seconds(Int64.max)) == "\(Int.max) s")
        #expect(HTTPClientError.seconds(.seconds(Int64.max) + .nanoseconds(1)) == "\(Int.max) s")
        #expect(RetryMiddleware.milliseconds(.seconds(Int64.max)) == Int.max)
    }
}
