import Foundation
import Synchronization
import Testing
@testable import APIHost

@Suite struct StoreRateLimitLedgerTests {
    let directory: StorageTestDirectory
    let ledger: StoreRateLimitLedger
    static let base = Date(timeIntervalSince1970: 1_700_000_000)

    init() throws {
        directory = try StorageTestDirectory()
        ledger = StoreRateLimitLedger(store: try directory.store())
    }

    func at(_ seconds: Double) -> Date { Self.base.addingTimeInterval(seconds) }

    @Test func fiveAMinuteAreAllowedThenTheSixthWaitsForTheOldestToLeave() throws {
        let limits = [RateLimit.perMinute(5)]
        for second in [0.0, 1, 2, 3, 4] {
            #expect(try ledger.reserve(bucket: "nyt", limits: limits, now: at(second)) == nil)
        }
        // At t=10 the window (−50, 10] holds all five; the one at t=0 leaves at t=60.
        #expect(try ledger.reserve(bucket: "nyt", limits: limits, now: at(10)) == .seconds(50))
        #expect(try ledger.reserve(bucket: "nyt", limits: limits, now: at(59.5)) == .milliseconds(500))
        // Exactly W later the event at 0 is out of (0, 60].
        #expect(try ledger.reserve(bucket: "nyt", limits: limits, now: at(60)) == nil)
        // Now 1, 2, 3, 4, 60 are in the window: the next waits for t=1 to leave.
        #expect(try ledger.reserve(bucket: "nyt", limits: limits, now: at(60)) == .seconds(1))
    }

    @Test func aRefusedReservationRecordsNothing() throws {
        let limits = [RateLimit(1, per: .seconds(10))]
        #expect(try ledger.reserve(bucket: "b", limits: limits, now: at(0)) == nil)
        for second in stride(from: 1.0, to: 10, by: 1) {
            #expect(try ledger.reserve(bucket: "b", limits: limits, now: at(second)) != nil)
        }
        #expect(try ledger.reserve(bucket: "b", limits: limits, now: at(10)) == nil)
    }

    @Test func theLongestWaitOverAllLimitsWins() throws {
        let limits = [RateLimit.perMinute(5), RateLimit(6, per: .seconds(3_600))]
        for second in [0.0, 1, 2, 3, 4] {
            #expect(try ledger.reserve(bucket: "nyt", limits: limits, now: at(second)) == nil)
        }
        #expect(try ledger.reserve(bucket: "nyt", limits: limits, now: at(61)) == nil)
        // The minute allows it again at 62, but the hourly limit is full until t=3600.
        #expect(try ledger.reserve(bucket: "nyt", limits: limits, now: at(100)) == .seconds(3_500))
    }

    @Test func bucketsAreIndependent() throws {
        let limits = [RateLimit.perMinute(1)]
        #expect(try ledger.reserve(bucket: "nyt", limits: limits, now: at(0)) == nil)
        #expect(try ledger.reserve(bucket: "weather", limits: limits, now: at(0)) == nil)
        #expect(try ledger.reserve(bucket: "nyt", limits: limits, now: at(1)) == .seconds(59))
    }

    @Test func aLateClockReadingIsRecordedAtTheLatestEventNotInThePast() throws {
        let limits = [RateLimit(2, per: .seconds(10))]
        #expect(try ledger.reserve(bucket: "b", limits: limits, now: at(20)) == nil)
        // A caller that read t=15 before waiting for the lock: recorded at 20, not 15.
        #expect(try ledger.reserve(bucket: "b", limits: limits, now: at(15)) == nil)
        #expect(try ledger.reserve(bucket: "b", limits: limits, now: at(21)) == .seconds(9))
    }

    @Test func eventsFarInTheFutureAreDroppedRatherThanBlockingForever() throws {
        let limits = [RateLimit.perMinute(1)]
        #expect(try ledger.reserve(bucket: "b", limits: limits, now: at(10_000)) == nil)
        #expect(try ledger.reserve(bucket: "b", limits: limits, now: at(0)) == nil)
    }

    /// Eight connections (as eight processes) reserving at once on one file,
    /// with one shared simulated clock: the recorded requests never exceed the
    /// limit in any window, and the limit is actually used.
    @Test func eightConnectionsNeverExceedTheLimitInAnyWindow() throws {
        let path = directory.path
        let window = 10.0, allowed = 3
        // The second, very long limit keeps every event from being pruned, so all can be checked.
        let limits = [RateLimit(allowed, per: .seconds(10)), RateLimit(100_000, per: .seconds(1_000_000))]
        let tick = Atomic<Int>(0)
        let granted = Atomic<Int>(0)
        let failures = Mutex<[String]>([])
        let group = DispatchGroup()
        for _ in 0..<8 {
            group.enter()
            Thread {
                do {
                    let ledger = StoreRateLimitLedger(store: try Store(path: path))
                    for _ in 0..<40 {
                        let now = Self.base.addingTimeInterval(Double(tick.add(1, ordering: .relaxed).newValue) * 0.5)
                        if try ledger.reserve(bucket: "nyt", limits: limits, now: now) == nil {
                            granted.add(1, ordering: .relaxed)
                        }
                    }
                } catch {
                    failures.withLock { $0.append(String(describing: error)) }
                }
                group.leave()
            }.start()
        }
        group.wait()
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
        let times = try directory.store().read { tx in
            try tx.query("SELECT at FROM apicli_rate_events WHERE bucket = 'nyt' ORDER BY at").compactMap { $0[0].double }
        }
        #expect(times.count == granted.load(ordering: .relaxed))
        // 320 ticks of 0.5 s = 160 s: about 3 per 10 s can go.
        #expect(times.count >= 40)
        for index in times.indices.dropLast(allowed) {
            #expect(times[index + allowed] - times[index] >= window, "more than \(allowed) within \(window) s at \(index)")
        }
    }

    /// The store's error path, injected: a store opened for reading only refuses every write,
    /// as a full disk does. The ledger goes on in memory, counting as before, and never throws.
    @Test func aStoreThatRefusesWritesIsCountedInMemoryInstead() throws {
        _ = try directory.store()
        let refusing = StoreRateLimitLedger(store: try Store(path: directory.path, readOnly: true))
        let limits = [RateLimit.perMinute(2)]
        #expect(try refusing.reserve(bucket: "nyt", limits: limits, now: at(0)) == nil)
        #expect(try refusing.reserve(bucket: "nyt", limits: limits, now: at(1)) == nil)
        #expect(try refusing.reserve(bucket: "nyt", limits: limits, now: at(2)) == .seconds(58))
        try refusing.markFull(bucket: "other", limit: .perMinute(1), now: at(0))
        #expect(try refusing.reserve(bucket: "other", limits: [.perMinute(1)], now: at(1)) == .seconds(59))
    }
}
