import Foundation
import TestSupport
import Testing

/// NYT's minimum spacing between calls, declared as data next to its window
/// limits and kept across processes through the store's ledger: two processes
/// are the point, so these run the binary. (A bad `APICLI_NYT_SPACING` is checked
/// in-process: `NYTTests.RequestOnTheWireHostTests`.)
@Suite("Pacing, end to end")
struct PacingEndToEndTests {
    @Test("pages of one run, and runs of two processes, arrive at least the spacing apart")
    func spacing() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let spaced = ["APICLI_NYT_SPACING": "1", "APICLI_TIMEOUT": "20"]
        let pages = try await sandbox.run(["nyt", "election", "--pages", "2"], set: spaced)
        #expect(pages.exitCode == 0, "\(pages.stderrText)")
        async let one = sandbox.run(["nyt", "first words"], set: spaced)
        async let two = sandbox.run(["nyt", "second words"], set: spaced)
        let (first, second) = try await (one, two)
        #expect(first.exitCode == 0 && second.exitCode == 0, "\(first.stderrText) \(second.stderrText)")
        #expect(fixtures.requests.count == 4)
        // The ledger's slots (when each request was let go) are the spacing apart; arrival
        // times add the machine's jitter, so they are only checked loosely.
        let slots = try sandbox.rows("SELECT at FROM apicli_rate_events WHERE bucket = 'nyt' ORDER BY at").compactMap { $0["at"].double }
        #expect(slots.count == 4)
        for (earlier, later) in zip(slots, slots.dropFirst()) {
            #expect(later - earlier >= 0.999, "slots \(later - earlier) s apart")
        }
        let arrivals = fixtures.requests.map(\.arrival).sorted()
        for (earlier, later) in zip(arrivals, arrivals.dropFirst()) {
            #expect(later.timeIntervalSince(earlier) >= 0.5, "requests \(later.timeIntervalSince(earlier)) s apart")
        }
    }

    @Test("without the variable, NYT's 12 s hold across processes: the next search waits them out or is refused")
    func declaredSpacing() async throws {
        let (sandbox, fixtures) = try Sandbox.withFixtures()
        let first = try await sandbox.run(["nyt", "election"], unset: ["APICLI_NYT_SPACING"])
        #expect(first.exitCode == 0, "\(first.stderrText)")
        // A deadline of 1 s: the rest of the 12 s cannot be waited out unless this machine
        // took 11 s between the two runs, in which case the request must come 12 s after.
        let second = try await sandbox.run(["nyt", "climate"], set: ["APICLI_TIMEOUT": "1"], unset: ["APICLI_NYT_SPACING"])
        let times = fixtures.requests.map(\.arrival)
        if times.count == 2 {
            #expect(times[1].timeIntervalSince(times[0]) >= 11.9)
        } else {
            // Refused before sending; stored articles that match may stand in (exit 0), with the reason.
            #expect(second.exitCode == 75 || second.exitCode == 0, "\(second.stderrText)")
            #expect(second.stderrText.contains("NYT rate limit reached; retry in"), "\(second.stderrText)")
            #expect(times.count == 1)
        }
    }
}
