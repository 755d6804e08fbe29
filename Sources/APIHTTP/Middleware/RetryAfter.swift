#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APIBasics

/// The `Retry-After` header, in both its forms: delay-seconds (`120`) and an
/// HTTP-date (`Wed, 21 Oct 2015 07:28:00 GMT`).
public enum RetryAfter {
    /// The wait the header asks for, measured from `now`; nil when absent or
    /// unreadable. A date in the past means no wait.
    public static func delay(_ value: String?, now: Date) -> Duration? {
        guard let value = value?.trimmed(.whitespaces), !value.isEmpty else { return nil }
        if let seconds = Int(value) { return .seconds(max(seconds, 0)) }
        guard let date = httpDate(value, now: now) else { return nil }
        return .seconds(saturating: max(date.timeIntervalSince(now), 0))
    }

    /// Parses the IMF-fixdate form and the two obsolete forms RFC 9110 says to accept
    /// (``HTTPDate``; a two-digit year is read relative to the year of `now`).
    static func httpDate(_ text: String, now: Date = Date()) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let year = calendar.component(.year, from: now)
        return HTTPDate.secondsSince1970(text, currentYear: year).map { Date(timeIntervalSince1970: TimeInterval($0)) }
    }
}
