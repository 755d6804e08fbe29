#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APICore

/// The warning printed with stored results: when they were fetched, exactly and at a glance.
///
/// `could not reach …; showing results stored at 2026-11-29T14:44:21Z (41 min ago)`
enum StaleNotice {
    /// `failure` is the reason the network was not used; nil for `--offline`.
    /// `leftOut` says what of the stored answer was not shown (`3 steps already past left out`).
    static func text(fetchedAt: Date, now: Date, failure: String?, leftOut: String? = nil) -> String {
        let when = timestamp(fetchedAt) + " (" + age(from: fetchedAt, to: now) + ")"
        return (failure.map { $0 + "; " } ?? "offline: ") + "showing results stored at " + when
            + (leftOut.map { "; " + $0 } ?? "")
    }

    /// In UTC, whatever the machine's zone.
    ///
    /// Years 1970 to 9999 are written by the kit's ``Timestamp`` (plain arithmetic, the
    /// same text): a `Date.ISO8601FormatStyle` builds a Gregorian calendar and looks up
    /// the machine's zone first, a noticeable part of an `--offline` run. Other
    /// times (only a damaged `fetched_at` has them) keep the formatter, with `.gmt`,
    /// because without ICU `TimeZone(identifier: "UTC")` is nil (and falling back to
    /// `.current` printed local time).
    static func timestamp(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        if seconds >= 0, seconds < plainUntil { return Timestamp.format(date) }
        return date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt))
    }

    /// 10000-01-01T00:00:00Z: from here on the year has five digits.
    static let plainUntil: Double = 253_402_300_800

    /// `just now`, `12 min ago`, `3 h ago`, `2 days ago`.
    static func age(from then: Date, to now: Date) -> String {
        let seconds = max(0, Int(saturating: now.timeIntervalSince(then)) ?? 0)
        switch seconds {
        case ..<60: return "just now"
        case ..<3_600: return "\(seconds / 60) min ago"
        case ..<172_800: return "\(seconds / 3_600) h ago"
        default: return "\(seconds / 86_400) days ago"
        }
    }
}
