import APICore
import Foundation
import Testing

@Suite("Local times at a fixed offset")
struct LocalTimeTests {
    @Test("UTC ISO 8601 for Unix seconds")
    func utc() {
        #expect(Timestamp.format(unix: 0) == "1970-01-01T00:00:00Z")
        #expect(Timestamp.format(unix: 1_559_466_000) == "2019-06-02T09:00:00Z")
        #expect(Timestamp.format(unix: 951_825_600) == "2000-02-29T12:00:00Z")
    }

    @Test("an offset moves the clock and the day, and is written out")
    func offsets() {
        let rostov = LocalTime(unix: 1_663_880_400, offset: 10_800)
        #expect(rostov.iso8601 == "2022-09-23T00:00:00+03:00")
        #expect(rostov.weekdayName == "Fri")
        #expect(rostov.date == "2022-09-23")
        #expect(rostov.clock == "00:00")
        let newfoundland = LocalTime(unix: 1_559_466_000, offset: -12_600)
        #expect(newfoundland.iso8601 == "2019-06-02T05:30:00-03:30")
        #expect(newfoundland.weekdayName == "Sun")
        #expect(newfoundland.offsetText == "-03:30")
    }

    @Test("before 1970 still reads right")
    func beforeEpoch() {
        let time = LocalTime(unix: -1)
        #expect(time.iso8601 == "1969-12-31T23:59:59Z")
        #expect(time.weekdayName == "Wed")
        #expect(LocalTime(Date(timeIntervalSince1970: -0.5)).iso8601 == "1969-12-31T23:59:59Z")
    }

    /// `iso8601` is written digit by digit for years 0–9999; it must read exactly as
    /// its parts joined, at the edges of that range and past them, at any offset.
    @Test("ISO 8601 is its parts joined, for any year and offset")
    func iso8601IsItsParts() {
        let year: Int64 = 31_556_952
        let moments: [Int64] = [
            -62_167_219_200, -62_167_219_201, 253_402_300_799, 253_402_300_800, 0, -1, 1_559_466_000,
            951_825_600 + 86_399, 1_000_000 * year, -1_000_000 * year,
        ]
        for unix in moments {
            for offset in [0, 3600, -3600, 19_800, -12_600, 50_400, -43_200, 86_400, -86_400, 59] {
                let time = LocalTime(unix: unix, offset: offset)
                let second = time.second < 10 ? "0\(time.second)" : "\(time.second)"
                #expect(time.iso8601 == time.date + "T" + time.clock + ":" + second + time.offsetText)
            }
        }
        #expect(LocalTime(unix: -62_167_219_200).iso8601 == "0000-01-01T00:00:00Z")
        #expect(LocalTime(unix: 253_402_300_799, offset: -19_800).iso8601 == "9999-12-31T18:29:59-05:30")
    }

    @Test("hostile or damaged values do not trap")
    func extremes() {
        #expect(!LocalTime(unix: .max, offset: 3600).iso8601.isEmpty)
        #expect(!LocalTime(unix: .min, offset: -3600).iso8601.isEmpty)
        #expect(LocalTime(Date(timeIntervalSince1970: .infinity)).iso8601 == "1970-01-01T00:00:00Z")
    }
}
