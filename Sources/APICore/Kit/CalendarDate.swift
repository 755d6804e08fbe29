/// A day as a command line gives it (`--from 2024-01-31`), checked against the
/// real calendar, and written back in the two spellings APIs ask for.
///
///     CalendarDate(parsing: "20240131")?.iso      // "2024-01-31"
///     CalendarDate(parsing: "2024-02-30")         // nil
///
/// Hand-rolled rather than a `DateFormatter`: the two accepted spellings are
/// fixed, lenient formatters would accept `2024-02-30`, and no locale or time
/// zone should change what a date means. Read an option with
/// ``ParsedCommand/date(_:)``.
public struct CalendarDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// A valid date, or nil (`2023-02-29`, `2024-13-01`).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...CivilCalendar.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Reads `YYYYMMDD` or `YYYY-MM-DD`; nil for anything else.
    public init?(parsing text: String) {
        var digits = Array(text.utf8)
        if digits.count == 10, digits[4] == UInt8(ascii: "-"), digits[7] == UInt8(ascii: "-") {
            digits.remove(at: 7)
            digits.remove(at: 4)
        }
        guard digits.count == 8, digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        let values = digits.map { Int($0 - UInt8(ascii: "0")) }
        func number(_ range: Range<Int>) -> Int { values[range].reduce(0) { $0 * 10 + $1 } }
        self.init(year: number(0..<4), month: number(4..<6), day: number(6..<8))
    }

    /// `20240131` (NYT's `begin_date`, many other APIs' compact form).
    public var compact: String { CivilCalendar.pad(year, 4) + CivilCalendar.pad(month, 2) + CivilCalendar.pad(day, 2) }

    /// `2024-01-31`: ISO 8601, and the prefix of a stored ``Timestamp``.
    public var iso: String {
        CivilCalendar.pad(year, 4) + "-" + CivilCalendar.pad(month, 2) + "-" + CivilCalendar.pad(day, 2)
    }

    public var description: String { iso }

    /// The following day, for an exclusive upper bound.
    public var next: CalendarDate {
        if let tomorrow = CalendarDate(year: year, month: month, day: day + 1) { return tomorrow }
        if let firstOfNextMonth = CalendarDate(year: year, month: month + 1, day: 1) { return firstOfNextMonth }
        return CalendarDate(year: year + 1, month: 1, day: 1) ?? self
    }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}
