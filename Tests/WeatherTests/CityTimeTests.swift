import Testing
@testable import Weather

@Suite("City clocks")
struct CityTimeTests {
    @Test("UTC ISO 8601")
    func utc() {
        #expect(CityTime.utcISO8601(0) == "1970-01-01T00:00:00Z")
        #expect(CityTime.utcISO8601(1_559_466_000) == "2019-06-02T09:00:00Z")
        #expect(CityTime.utcISO8601(951_825_600) == "2000-02-29T12:00:00Z")
    }

    @Test("an offset moves the clock and the day, and is written out")
    func offsets() {
        let rostov = CityTime(unix: 1_663_880_400, offset: 10_800)
        #expect(rostov.iso8601 == "2022-09-23T00:00:00+03:00")
        #expect(rostov.weekdayName == "Fri")
        let newfoundland = CityTime(unix: 1_559_466_000, offset: -12_600)
        #expect(newfoundland.iso8601 == "2019-06-02T05:30:00-03:30")
        #expect(newfoundland.weekdayName == "Sun")
    }

    @Test("before 1970 still reads right")
    func beforeEpoch() {
        let time = CityTime(unix: -1)
        #expect(time.iso8601 == "1969-12-31T23:59:59Z")
        #expect(time.weekdayName == "Wed")
    }
}
