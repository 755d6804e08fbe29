import APICore
import Testing

@Suite("Calendar dates from the command line")
struct CalendarDateTests {
    @Test("both spellings read, both forms write")
    func spellings() throws {
        let compact = try #require(CalendarDate(parsing: "20240131"))
        let dashed = try #require(CalendarDate(parsing: "2024-01-31"))
        #expect(compact == dashed)
        #expect(compact.compact == "20240131")
        #expect(compact.iso == "2024-01-31")
        #expect("\(compact)" == "2024-01-31")
    }

    @Test("dates that do not exist are nil", arguments: ["2023-02-29", "2024-13-01", "2024-02-30", "2024-1-31", "31/01/2024", ""])
    func impossible(_ text: String) {
        #expect(CalendarDate(parsing: text) == nil)
    }

    @Test("the next day crosses months, leap days and years")
    func next() {
        #expect(CalendarDate(year: 2024, month: 2, day: 28)?.next.iso == "2024-02-29")
        #expect(CalendarDate(year: 2023, month: 2, day: 28)?.next.iso == "2023-03-01")
        #expect(CalendarDate(year: 2023, month: 12, day: 31)?.next.iso == "2024-01-01")
        #expect(CalendarDate(year: 1900, month: 2, day: 29) == nil)
        #expect(CalendarDate(year: 2000, month: 2, day: 29) != nil)
    }
}
