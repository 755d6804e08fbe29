/// A day as `--from`/`--to` give it, checked against the real calendar.
///
/// Hand-rolled rather than a `DateFormatter`: the two accepted spellings are
/// fixed, lenient formatters would accept `2024-02-30`, and no locale or time
/// zone should change what a date means.
public struct CalendarDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// A valid date, or nil (`2023-02-29`, `2024-13-01`).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Self.daysIn(month: month, year: year)).contains(day)
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

    /// `20240131`: what `begin_date` and `end_date` take.
    public var compact: String { pad(year, 4) + pad(month, 2) + pad(day, 2) }

    /// `2024-01-31`: the prefix of a stored ISO 8601 `pub_date`.
    public var iso: String { pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) }

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

    static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

/// Zero-padded decimal, without `String(format:)` (which goes through a formatter).
func pad(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
}
