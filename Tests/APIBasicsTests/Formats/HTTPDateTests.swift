import APIBasics
import Foundation
import Testing

@Suite struct HTTPDateTests {
    /// What Retry-After parsing did before: DateFormatter, en_US_POSIX, GMT, three patterns.
    static func foundation(_ text: String) -> Int64? {
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return Int64(date.timeIntervalSince1970) }
        }
        return nil
    }

    static let dates = [
        "Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994",
        "Wed, 21 Oct 2015 07:28:00 GMT", "Thu, 01 Jan 1970 00:00:00 GMT", "Tue, 29 Feb 2028 23:59:59 GMT",
        "Fri, 31 Dec 2027 12:00:00 GMT", "Mon, 01 Mar 2100 00:00:01 GMT", "Tuesday, 01-Dec-26 10:00:00 GMT",
        "Sat Jan 15 00:00:00 2000", "Wed Oct 21 07:28:00 2015",
    ]

    @Test(arguments: dates)
    func readsAsDateFormatterDid(_ text: String) {
        let mine = HTTPDate.secondsSince1970(text, currentYear: 2026)
        #expect(mine != nil)
        #expect(mine == Self.foundation(text))
    }

    @Test(arguments: ["", "120", "soon", "Sun, 06 Nov 1994 08:49 GMT", "Sun, 32 Nov 1994 08:49:37 GMT",
                      "Sun, 06 Foo 1994 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT", "Tue, 29 Feb 2027 00:00:00 GMT"])
    func refusesWhatIsNotADate(_ text: String) {
        #expect(HTTPDate.secondsSince1970(text, currentYear: 2026) == nil)
        #expect(Self.foundation(text) == nil)
    }

    @Test func twoDigitYearsFollowRFC9110() {
        #expect(HTTPDate.secondsSince1970("Sunday, 06-Nov-94 08:49:37 GMT", currentYear: 2026) == 784_111_777)
        // 2076 is 50 years after 2026: still this century; 2077 is more than 50: the last.
        let y2076 = HTTPDate.secondsSince1970("Sunday, 01-Jan-76 00:00:00 GMT", currentYear: 2026)
        let y1977 = HTTPDate.secondsSince1970("Saturday, 01-Jan-77 00:00:00 GMT", currentYear: 2026)
        #expect(y2076 == 3_345_062_400)
        #expect(y1977 == 220_924_800)
    }
}
