#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a harvest fetches, slice by slice: an Archive month (`2019-01`), or an Article Search
/// date range (`20190101-20191231`) that is split until it holds at most 1,000 results.
enum HarvestPlan {
    /// NYT's Article Search serves at most 100 pages of 10 for one query.
    static let searchCap = 1000

    /// Every month from `from` to `to` (`YYYY-MM`), inclusive.
    static func months(from: String, to: String) throws -> [String] {
        guard let start = month(from), let end = month(to) else {
            throw UsageError("--from and --to are months, YYYY-MM (1851-09 is the Archive's first)")
        }
        guard start <= end else { throw UsageError("--from \(from) is after --to \(to)") }
        guard end - start < 12 * 200 else { throw UsageError("at most 2,400 months in one harvest") }
        return (start...end).map { (month: Int) -> String in pad(month / 12, 4) + "-" + pad(month % 12 + 1, 2) }
    }

    /// A month as a count of months since year 0.
    static func month(_ text: String) -> Int? {
        let parts = text.split(separator: "-")
        guard parts.count == 2, let year = Int(parts[0]), let month = Int(parts[1]), (1...12).contains(month), (1851...9999).contains(year)
        else { return nil }
        return year * 12 + month - 1
    }

    /// A day (`YYYY-MM-DD` or `YYYYMMDD`) as days since 1970-01-01, UTC.
    static func day(_ text: String) -> Int? {
        let digits = text.filter(\.isNumber)
        guard digits.count == 8, let year = Int(digits.prefix(4)), let month = Int(digits.dropFirst(4).prefix(2)),
              let day = Int(digits.suffix(2)), (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        // Days from civil (Howard Hinnant's algorithm).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// `YYYYMMDD` of days since 1970-01-01.
    static func dayText(_ days: Int) -> String {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        return pad(year, 4) + pad(month, 2) + pad(day, 2)
    }

    /// `number` with leading zeros to `width` digits.
    static func pad(_ number: Int, _ width: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(width - digits.count, 0)) + digits
    }

    /// A search slice's key: `20190101-20191231`.
    static func range(_ first: Int, _ last: Int) -> String { dayText(first) + "-" + dayText(last) }

    /// The days of a range key.
    static func days(of key: String) -> (first: Int, last: Int)? {
        let parts = key.split(separator: "-")
        guard parts.count == 2, let first = day(String(parts[0])), let last = day(String(parts[1])) else { return nil }
        return (first, last)
    }
}
