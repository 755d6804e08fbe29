import Foundation
import Synchronization

/// A clock that only moves when slept on or advanced: inject `now` and `sleep`
/// into `TimeSource(now:sleep:)` and a test waits for nothing.
///
/// ```swift
/// let clock = ManualClock()
/// let time = TimeSource(now: clock.now, sleep: clock.sleep)
/// ```
public final class ManualClock: Sendable {
    private let state: Mutex<(now: Date, sleeps: [Duration])>

    public init(start: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
        state = Mutex((now: start, sleeps: []))
    }

    /// The current time.
    @Sendable public func now() -> Date { state.withLock { $0.now } }

    /// Records the sleep and moves the clock forward by it, at once.
    @Sendable public func sleep(_ duration: Duration) async throws {
        try Task.checkCancellation()
        state.withLock { state in
            state.sleeps.append(duration)
            state.now = state.now.addingTimeInterval(LoopbackServer.seconds(duration))
        }
    }

    /// Moves the clock forward without recording a sleep.
    public func advance(by duration: Duration) {
        state.withLock { $0.now = $0.now.addingTimeInterval(LoopbackServer.seconds(duration)) }
    }

    /// Every sleep asked for, in order.
    public var sleeps: [Duration] { state.withLock { $0.sleeps } }
}
