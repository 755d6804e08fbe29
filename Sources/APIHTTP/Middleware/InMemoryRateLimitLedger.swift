#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// A sliding-window log of requests, per bucket, shared by the tasks of one
/// process: at most `count` requests in any `window` for every limit.
///
/// For tests and for in-process use; the store-backed ledger shares the same
/// rule across processes.
public final class InMemoryRateLimitLedger: RateLimitLedger {
    private let log = Mutex<[String: [Date]]>([:])

    public init() {}

    public func reserve(bucket: String, limits: [RateLimit], now: Date) -> Duration? {
        log.withLock { log in
            let longest = limits.map(\.window.timeInterval).max() ?? 0
            // Entries older than the longest window can no longer matter.
            var entries = (log[bucket] ?? []).filter { now.timeIntervalSince($0) < longest }
            defer { log[bucket] = entries }
            if let wait = Self.wait(entries: entries, limits: limits, now: now) { return wait }
            entries.append(now)
            return nil
        }
    }

    public func markFull(bucket: String, limit: RateLimit, now: Date) {
        log.withLock { log in
            let inWindow = (log[bucket] ?? []).filter { now.timeIntervalSince($0) < limit.window.timeInterval }.count
            log[bucket, default: []] += Array(repeating: now, count: max(limit.count - inWindow, 0))
            log[bucket]?.sort()
        }
    }

    /// Every request recorded in `bucket`, oldest first.
    public func entries(in bucket: String) -> [Date] {
        log.withLock { $0[bucket] ?? [] }
    }

    /// How long until every limit allows one more request, or nil for now.
    ///
    /// With the entries of a window sorted, one more request fits once the entry
    /// `count` places from the newest has left the window.
    static func wait(entries: [Date], limits: [RateLimit], now: Date) -> Duration? {
        var longest: TimeInterval = 0
        for limit in limits {
            let window = limit.window.timeInterval
            let inWindow = entries.filter { now.timeIntervalSince($0) < window }.sorted()
            guard inWindow.count >= max(limit.count, 0) else { continue }
            guard limit.count > 0 else { return limit.window }
            let blocking = inWindow[inWindow.count - limit.count]
            longest = max(longest, blocking.addingTimeInterval(window).timeIntervalSince(now))
        }
        return longest > 0 ? .seconds(saturating: longest) : nil
    }
}
