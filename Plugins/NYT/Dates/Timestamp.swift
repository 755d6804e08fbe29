import Foundation

/// `pub_date` in and out: ISO 8601 read in any of the shapes the API has sent
/// (`2016-11-19T11:06:34Z`, `2017-03-15T16:34:07+0000`, `…-05:00`, fractional
/// seconds), written back as UTC `YYYY-MM-DDTHH:MM:SSZ`.
///
/// Parsed by hand: it runs once per article in a 20,000-article decode, where
/// creating or even sharing an `ISO8601DateFormatter` costs far more.
enum Timestamp {
    /// The instant `text` names, or nil when it is not an ISO 8601 date-time.
    static func parse(_ text: String) -> Date? {
        var bytes = Array(text.utf8)[...]
        guard let year = number(&bytes, 4), expect(&bytes, "-"), let month = number(&bytes, 2),
            expect(&bytes, "-"), let day = number(&bytes, 2),
            (1...12).contains(month), (1...CalendarDate.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        var seconds = Double(daysFromCivil(year, month, day)) * 86_400
        guard !bytes.isEmpty else { return Date(timeIntervalSince1970: seconds) }
        guard expect(&bytes, "T") || expect(&bytes, " "), let hour = number(&bytes, 2), expect(&bytes, ":"),
            let minute = number(&bytes, 2), hour < 24, minute < 60
        else { return nil }
        seconds += Double(hour * 3600 + minute * 60)
        if expect(&bytes, ":") {
            guard let second = number(&bytes, 2), second < 61 else { return nil }
            seconds += Double(second)
            if expect(&bytes, ".") {
                var scale = 0.1
                while let digit = bytes.first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) {
                    seconds += Double(digit - UInt8(ascii: "0")) * scale
                    scale /= 10
                    bytes.removeFirst()
                }
            }
        }
        if bytes.isEmpty || expect(&bytes, "Z") || expect(&bytes, "z") {
            return bytes.isEmpty ? Date(timeIntervalSince1970: seconds) : nil
        }
        let sign: Double
        if expect(&bytes, "+") { sign = 1 } else if expect(&bytes, "-") { sign = -1 } else { return nil }
        guard let offsetHours = number(&bytes, 2) else { return nil }
        _ = expect(&bytes, ":")
        let offsetMinutes = bytes.isEmpty ? 0 : number(&bytes, 2)
        guard let offsetMinutes, bytes.isEmpty else { return nil }
        return Date(timeIntervalSince1970: seconds - sign * Double(offsetHours * 3600 + offsetMinutes * 60))
    }

    /// `2016-11-19T11:06:34Z`: UTC, whole seconds, sortable as text.
    static func format(_ date: Date) -> String {
        let total = Int(date.timeIntervalSince1970.rounded(.down))
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let secondOfDay = total - days * 86_400
        let (year, month, day) = civilFromDays(days)
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(secondOfDay / 3600, 2) + ":"
            + pad(secondOfDay % 3600 / 60, 2) + ":" + pad(secondOfDay % 60, 2) + "Z"
    }

    private static func number(_ bytes: inout ArraySlice<UInt8>, _ width: Int) -> Int? {
        guard bytes.count >= width else { return nil }
        var value = 0
        for byte in bytes.prefix(width) {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        bytes.removeFirst(width)
        return value
    }

    private static func expect(_ bytes: inout ArraySlice<UInt8>, _ character: Unicode.Scalar) -> Bool {
        guard bytes.first == UInt8(ascii: character) else { return false }
        bytes.removeFirst()
        return true
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (H. Hinnant's algorithm).
    static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The inverse of ``daysFromCivil(_:_:_:)``.
    static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
