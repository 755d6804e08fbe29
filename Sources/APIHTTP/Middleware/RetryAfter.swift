import Foundation

/// The `Retry-After` header, in both its forms: delay-seconds (`120`) and an
/// HTTP-date (`Wed, 21 Oct 2015 07:28:00 GMT`).
public enum RetryAfter {
    /// The wait the header asks for, measured from `now`; nil when absent or
    /// unreadable. A date in the past means no wait.
    public static func delay(_ value: String?, now: Date) -> Duration? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Int(value) { return .seconds(max(seconds, 0)) }
        guard let date = httpDate(value) else { return nil }
        return .seconds(saturating: max(date.timeIntervalSince(now), 0))
    }

    /// Parses the IMF-fixdate form and the two obsolete forms RFC 9110 says to accept.
    static func httpDate(_ text: String) -> Date? {
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}
