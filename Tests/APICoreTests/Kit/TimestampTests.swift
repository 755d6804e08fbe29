import APICore
import Foundation
import Testing

@Suite("ISO 8601 timestamps")
struct TimestampTests {
    @Test("every shape APIs send reads as the same instant, written back in UTC")
    func shapes() {
        #expect(Timestamp.parse("2017-03-15T16:34:07+0000").map(Timestamp.format) == "2017-03-15T16:34:07Z")
        #expect(Timestamp.parse("2017-03-15T11:34:07-05:00").map(Timestamp.format) == "2017-03-15T16:34:07Z")
        #expect(Timestamp.parse("2016-11-19T11:06:34Z").map(Timestamp.format) == "2016-11-19T11:06:34Z")
        #expect(Timestamp.parse("2016-11-19 11:06:34.750Z").map(Timestamp.format) == "2016-11-19T11:06:34Z")
        #expect(Timestamp.parse("1851-09-18T05:00:00Z").map(Timestamp.format) == "1851-09-18T05:00:00Z")
        #expect(Timestamp.parse("2024-02-29").map(Timestamp.format) == "2024-02-29T00:00:00Z")
        #expect(Timestamp.parse("2019-06-02T09:00:00Z")?.timeIntervalSince1970 == 1_559_466_000)
    }

    @Test("impossible dates and trailing junk are refused")
    func refused() {
        #expect(Timestamp.parse("2023-02-29T00:00:00Z") == nil)
        #expect(Timestamp.parse("2024-13-01") == nil)
        #expect(Timestamp.parse("yesterday") == nil)
        #expect(Timestamp.parse("2017-03-15T16:34:07+0000junk") == nil)
        #expect(Timestamp.parse("2017-03-15T24:00") == nil)
    }

    @Test("read from UTF-8 bytes, every text gives what its String gives")
    func bytes() {
        let texts = [
            "2017-03-15T16:34:07+0000", "2017-03-15T11:34:07-05:00", "2016-11-19T11:06:34Z", "2016-11-19 11:06:34.750Z",
            "1851-09-18T05:00:00Z", "2016-11-19", "2023-02-29T00:00:00Z", "2024-13-01", "yesterday", "", "2017-03-15T24:00",
            "2017-03-15T16:34:07+0000junk", "2017-03-15T16:34:07\u{0}",
        ]
        for text in texts {
            let read = Array(text.utf8).withUnsafeBytes { Timestamp.parse(utf8: $0) }
            #expect(read == Timestamp.parse(text), "\(text)")
        }
    }

    @Test("formatting rounds down to the second")
    func roundsDown() {
        #expect(Timestamp.format(Date(timeIntervalSince1970: 1_559_466_000.999)) == "2019-06-02T09:00:00Z")
    }
}
