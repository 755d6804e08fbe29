/// The HTTP-date of RFC 9110 §5.6.7, as `Retry-After` may carry it, read without
/// Foundation proper (whose `DateFormatter` needs ICU, and whose time zones
/// without ICU do not know "UTC").
///
/// All three forms a recipient must accept:
/// - IMF-fixdate: `Sun, 06 Nov 1994 08:49:37 GMT`
/// - RFC 850: `Sunday, 06-Nov-94 08:49:37 GMT`
/// - asctime: `Sun Nov  6 08:49:37 1994`
///
/// The day name is checked to be a day name but not against the date (as
/// `DateFormatter` did, the date wins). A two-digit year follows RFC 9110: one
/// more than 50 years after `currentYear` is in the previous century
/// (`DateFormatter` used ICU's window of 80 years back, 20 ahead; the two agree
/// on every year except those 20 to 50 years ahead).
public enum HTTPDate {
    /// Seconds since 1970-01-01T00:00:00Z, or nil when `text` is none of the forms.
    public static func secondsSince1970(_ text: String, currentYear: Int) -> Int64? {
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        if words.count == 6, words[0].hasSuffix(","), isDayName(words[0].dropLast(), long: false),
           words[5] == "GMT", let day = Int(words[1]), words[1].count == 2,
           let month = month(words[2]), let year = Int(words[3]), words[3].count == 4 {
            return seconds(year: year, month: month, day: day, time: words[4])
        }
        if words.count == 4, words[0].hasSuffix(","), isDayName(words[0].dropLast(), long: true), words[3] == "GMT" {
            let date = words[1].split(separator: "-", omittingEmptySubsequences: false)
            guard date.count == 3, date[0].count == 2, date[2].count == 2,
                  let day = Int(date[0]), let month = month(String(date[1])), let short = Int(date[2])
            else { return nil }
            return seconds(year: fullYear(short, currentYear: currentYear), month: month, day: day, time: words[2])
        }
        if words.count == 5, isDayName(Substring(words[0]), long: false), let month = month(words[1]),
           let day = Int(words[2]), (1...2).contains(words[2].count), let year = Int(words[4]), words[4].count == 4 {
            return seconds(year: year, month: month, day: day, time: words[3])
        }
        return nil
    }

    private static let shortDays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let longDays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private static func isDayName(_ word: Substring, long: Bool) -> Bool {
        (long ? longDays : shortDays).contains(String(word))
    }

    private static func month(_ word: String) -> Int? {
        months.firstIndex(of: word).map { $0 + 1 }
    }

    /// RFC 9110: a two-digit year more than 50 years after this one is in the past century.
    private static func fullYear(_ short: Int, currentYear: Int) -> Int {
        let century = currentYear / 100 * 100
        let candidate = century + short
        return candidate > currentYear + 50 ? candidate - 100 : candidate
    }

    /// `HH:mm:ss` on a proleptic Gregorian day, checked field by field.
    private static func seconds(year: Int, month: Int, day: Int, time: String) -> Int64? {
        let clock = time.split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 3, clock.allSatisfy({ $0.count == 2 }),
              let hour = Int(clock[0]), let minute = Int(clock[1]), let second = Int(clock[2]),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
              (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        let days = daysSince1970(year: year, month: month, day: day)
        return Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to the date (Howard Hinnant's days-from-civil algorithm).
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let monthIndex = (month + 9) % 12
        let dayOfYear = (153 * monthIndex + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
