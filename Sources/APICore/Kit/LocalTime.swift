#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A moment seen on a clock with a fixed UTC offset, broken into calendar
/// fields, and written as ISO 8601 without any formatter.
///
///     LocalTime(unix: 1_663_880_400, offset: 10_800).iso8601   // 2022-09-23T00:00:00+03:00
///     LocalTime(unix: 1_559_466_000).iso8601                   // 2019-06-02T09:00:00Z
///
/// APIs that give a place's time give a fixed offset (OpenWeather's `timezone`),
/// not a zone name, so plain arithmetic is exact, cheap per row, and the same
/// on every machine.
public struct LocalTime: Sendable, Hashable {
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

    /// Unix seconds seen `offset` seconds east of UTC.
    public init(unix: Int64, offset: Int = 0) {
        // A hostile `dt` such as Int64.max must not trap the arithmetic below: times are
        // held within ±30 million years, and the offset within a day.
        let offset = min(max(offset, -86_400), 86_400)
        let local = Int(min(max(unix, -Self.limit), Self.limit)) + offset
        let days = CivilCalendar.floorDivide(local, 86_400)
        let secondsOfDay = local - days * 86_400
        (year, month, day) = CivilCalendar.date(fromDays: days)
        hour = secondsOfDay / 3600
        minute = secondsOfDay % 3600 / 60
        second = secondsOfDay % 60
        // 1970-01-01 was a Thursday (4).
        weekday = ((days % 7) + 11) % 7
        self.offset = offset
    }

    /// `date` to the whole second (rounded down), seen `offset` seconds east of UTC.
    /// A date beyond ±30 million years (only a damaged value can be) reads as 1970.
    public init(_ date: Date, offset: Int = 0) {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        self.init(unix: abs(seconds) < Double(Self.limit) ? Int64(seconds) : 0, offset: offset)
    }

    /// The furthest from 1970 a time is taken to be, in seconds (about 30 million years).
    private static let limit: Int64 = 1_000_000_000_000_000

    /// `2019-06-02`.
    ///
    /// Written digit by digit for years 0–9999, as ``iso8601`` is (joined from padded
    /// pieces, it cost far more, and a forecast's view writes one per step).
    public var date: String {
        guard (0...9999).contains(year) else {
            return CivilCalendar.pad(year, 4) + "-" + CivilCalendar.pad(month, 2) + "-" + CivilCalendar.pad(day, 2)
        }
        return String(unsafeUninitializedCapacity: 10) { text in
            Self.put(year, 4, into: text, at: 0)
            text[4] = UInt8(ascii: "-")
            Self.put(month, 2, into: text, at: 5)
            text[7] = UInt8(ascii: "-")
            Self.put(day, 2, into: text, at: 8)
            return 10
        }
    }

    /// `09:00` (the hour and the minute always have two digits).
    public var clock: String {
        String(unsafeUninitializedCapacity: 5) { text in
            Self.put(hour, 2, into: text, at: 0)
            text[2] = UInt8(ascii: ":")
            Self.put(minute, 2, into: text, at: 3)
            return 5
        }
    }

    /// Writes the `width` last decimal digits of `value` (≥ 0), zero-padded, at `start`.
    private static func put(_ value: Int, _ width: Int, into text: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
        var value = value
        for position in stride(from: start + width - 1, through: start, by: -1) {
            text[position] = UInt8(ascii: "0") + UInt8(value % 10)
            value /= 10
        }
    }

    /// `Sun`.
    public var weekdayName: String { ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][weekday] }

    /// `Z` for UTC, `+02:00` / `-05:30` otherwise.
    public var offsetText: String {
        guard offset != 0 else { return "Z" }
        let sign = offset < 0 ? "-" : "+"
        let magnitude = abs(offset)
        return sign + CivilCalendar.pad(magnitude / 3600, 2) + ":" + CivilCalendar.pad(magnitude % 3600 / 60, 2)
    }

    /// ISO 8601 with the offset: `2019-06-02T10:00:00+01:00`, or `…Z` in UTC.
    ///
    /// Written digit by digit into one string for years 0–9999: joining the ten
    /// padded pieces cost far more, paid twice per stored and printed article.
    public var iso8601: String {
        guard (0...9999).contains(year) else {
            return date + "T" + clock + ":" + CivilCalendar.pad(second, 2) + offsetText
        }
        let magnitude = abs(offset)
        let length = offset == 0 ? 20 : 25
        return String(unsafeUninitializedCapacity: length) { text in
            func put(_ value: Int, _ width: Int, at start: Int) { Self.put(value, width, into: text, at: start) }
            put(year, 4, at: 0)
            text[4] = UInt8(ascii: "-")
            put(month, 2, at: 5)
            text[7] = UInt8(ascii: "-")
            put(day, 2, at: 8)
            text[10] = UInt8(ascii: "T")
            put(hour, 2, at: 11)
            text[13] = UInt8(ascii: ":")
            put(minute, 2, at: 14)
            text[16] = UInt8(ascii: ":")
            put(second, 2, at: 17)
            if offset == 0 {
                text[19] = UInt8(ascii: "Z")
            } else {
                text[19] = offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
                put(magnitude / 3600, 2, at: 20)
                text[22] = UInt8(ascii: ":")
                put(magnitude % 3600 / 60, 2, at: 23)
            }
            return length
        }
    }
}
