/// A moment seen on a city's clock: Unix seconds plus the city's fixed UTC
/// offset, broken into calendar fields.
///
/// OpenWeather gives a fixed offset (`timezone`), not a zone name, so plain
/// arithmetic is exact here and needs no `TimeZone`, `Calendar` or formatter —
/// cheap per row and the same on every machine.
public struct CityTime: Sendable, Hashable {
    public let year: Int
    public let month: Int
    public let day: Int
    public let hour: Int
    public let minute: Int
    public let second: Int
    /// 0 = Sunday … 6 = Saturday.
    public let weekday: Int
    /// Seconds east of UTC.
    public let offset: Int

    public init(unix: Int64, offset: Int = 0) {
        let local = unix + Int64(offset)
        let days = Self.floorDivide(local, 86_400)
        let secondsOfDay = Int(local - days * 86_400)
        (year, month, day) = Self.civil(fromDays: days)
        hour = secondsOfDay / 3600
        minute = secondsOfDay % 3600 / 60
        second = secondsOfDay % 60
        // 1970-01-01 was a Thursday (4).
        weekday = Int(((days % 7) + 11) % 7)
        self.offset = offset
    }

    /// `2019-06-02`.
    public var date: String { Self.pad(year, 4) + "-" + Self.pad(month, 2) + "-" + Self.pad(day, 2) }

    /// `09:00`.
    public var clock: String { Self.pad(hour, 2) + ":" + Self.pad(minute, 2) }

    /// `Sun`.
    public var weekdayName: String { ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][weekday] }

    /// `Z` for UTC, `+02:00` / `-05:30` otherwise.
    public var offsetText: String {
        guard offset != 0 else { return "Z" }
        let sign = offset < 0 ? "-" : "+"
        let magnitude = abs(offset)
        return sign + Self.pad(magnitude / 3600, 2) + ":" + Self.pad(magnitude % 3600 / 60, 2)
    }

    /// ISO 8601 with the offset: `2019-06-02T10:00:00+01:00`, or `…Z` in UTC.
    public var iso8601: String {
        date + "T" + clock + ":" + Self.pad(second, 2) + offsetText
    }

    /// ISO 8601 in UTC for Unix seconds: `2019-06-02T09:00:00Z`.
    public static func utcISO8601(_ unix: Int64) -> String { CityTime(unix: unix).iso8601 }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }

    /// Days since 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm).
    private static func civil(fromDays days: Int64) -> (Int, Int, Int) {
        let shifted = days + 719_468
        let era = floorDivide(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (Int(year), Int(month), Int(day))
    }
}
