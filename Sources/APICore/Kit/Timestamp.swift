#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// ISO 8601 date-times in and out, without formatters.
///
/// Read in any of the shapes APIs send (`2016-11-19T11:06:34Z`,
/// `2017-03-15T16:34:07+0000`, `…-05:00`, fractional seconds, a bare date);
/// written as UTC `YYYY-MM-DDTHH:MM:SSZ`, which sorts as text. For a time on a
/// place's own clock, with its offset, use ``LocalTime``.
///
/// Parsed by hand: it runs once per record in a 20,000-record decode, where
/// creating or even sharing an `ISO8601DateFormatter` costs far more, and a
/// lenient formatter would accept `2023-02-29`.
public enum Timestamp {
    /// The instant `text` names, or nil when it is not an ISO 8601 date or date-time.
    public static func parse(_ text: String) -> Date? {
        var text = text
        // Read in place: copying the bytes into an array was most of the cost.
        return text.withUTF8 { utf8 in
            var bytes = utf8[...]
            return parse(&bytes)
        }
    }

    /// The instant the UTF-8 `text` names, as ``parse(_:)-(String)`` reads it.
    public static func parse(utf8 text: UnsafeRawBufferPointer) -> Date? {
        var bytes = text.assumingMemoryBound(to: UInt8.self)[...]
        return parse(&bytes)
    }

    private static func parse(_ bytes: inout Slice<UnsafeBufferPointer<UInt8>>) -> Date? {
        guard let year = number(&bytes, 4), expect(&bytes, "-"), let month = number(&bytes, 2),
            expect(&bytes, "-"), let day = number(&bytes, 2),
            (1...12).contains(month), (1...CivilCalendar.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        var seconds = Double(CivilCalendar.days(year: year, month: month, day: day)) * 86_400
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

    /// `2016-11-19T11:06:34Z`: UTC, whole seconds (rounded down), sortable as text.
    public static func format(_ date: Date) -> String { LocalTime(date).iso8601 }

    /// Unix seconds (`dt`, `sunrise`) as UTC ISO 8601: `2019-06-02T09:00:00Z`.
    public static func format(unix: Int64) -> String { LocalTime(unix: unix).iso8601 }

    private static func number(_ bytes: inout Slice<UnsafeBufferPointer<UInt8>>, _ width: Int) -> Int? {
        guard bytes.count >= width else { return nil }
        var value = 0
        for byte in bytes.prefix(width) {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        bytes.removeFirst(width)
        return value
    }

    private static func expect(_ bytes: inout Slice<UnsafeBufferPointer<UInt8>>, _ character: Unicode.Scalar) -> Bool {
        guard bytes.first == UInt8(ascii: character) else { return false }
        bytes.removeFirst()
        return true
    }
}
