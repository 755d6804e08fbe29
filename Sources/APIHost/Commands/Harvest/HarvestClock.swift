#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// The harvest's clock. Real time, unless `APICLI_TEST_CLOCK` is set (tests only, never
/// documented for users): then a virtual clock that starts that many seconds after the real
/// time and whose sleeps return at once, moving it on. A test thus harvests a year paced at
/// NYT's 5 a minute in a moment, and "a day later" is one variable.
enum HarvestClock {
    static let variable = "APICLI_TEST_CLOCK"

    static func time(_ variables: [String: String], real: TimeSource) -> TimeSource {
        guard let text = variables[variable], let offset = Double(text) else { return real }
        let moved = Mutex(offset)
        return TimeSource(
            now: { real.now().addingTimeInterval(moved.withLock { $0 }) },
            sleep: { duration in moved.withLock { $0 += duration.timeInterval } })
    }
}
