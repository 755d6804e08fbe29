#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The rate-limit ledger kept in the store (`apicli_rate_events`), so every
/// apicli process on the machine draws from one allowance per provider.
///
/// It is a sliding-window *log*, not a token bucket, because the promise is
/// exact: "at most N requests in any window of length W" (NYT: 5 in any 60 s).
/// A token bucket refilled continuously at N/W allows a burst of N and then one
/// more every W/N, so 5 at t=0 and a 6th at t=12 s: 6 in a 60 s window, which
/// the server counts as over the limit. Keeping each request's time and
/// counting those inside the window gives the exact answer, and the log is
/// tiny: at most the largest `count` rows per bucket survive pruning.
///
/// Cross-process safety comes from the store: each reservation is one
/// `BEGIN IMMEDIATE` transaction (prune, count, insert), so reservations from
/// any number of processes are serialised by SQLite's write lock; none can
/// count a window another is about to fill. Twenty `apicli nyt` started at
/// once therefore send at most 5 requests in any 60 s; the others wait.
///
/// A store that cannot be written now (a full disk, a file-size limit) does not stop the
/// request it would pace: the run goes on with a ledger in memory, as a read-only store's
/// does, so that the answer is fetched and shown with the warning that it was not stored.
public struct StoreRateLimitLedger: RateLimitLedger {
    public let store: Store
    /// What counts once the store refused a write.
    private let fallback = InMemoryRateLimitLedger()

    public init(store: Store) {
        self.store = store
    }

    /// `body` on the store; on a store the disk refuses, `instead` in memory.
    private func writing<T>(_ body: () throws -> T, instead: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as StoreError where [.inputOutput, .readOnly].contains(error.problem) {
            return try instead()
        }
    }

    /// Records one request in `bucket` if every limit allows it (nil), or
    /// records nothing and returns how long until the oldest event that blocks
    /// leaves its window (the longest such wait over all limits).
    ///
    /// An event at time `t` counts in the window `(now - W, now]`; a request is
    /// allowed when fewer than `count` events are in that window.
    ///
    /// Time in a bucket never runs backwards: the reservation is made at
    /// `max(now, latest event)`. A process that read its clock and then waited
    /// for the write lock would otherwise record itself in the past, among
    /// events others already pruned, and could slip a request over the limit.
    /// A clock set back by more than the longest window (events far in the
    /// future) drops those events instead of blocking until the clock catches up.
    public func reserve(bucket: String, limits: [RateLimit], now: Date) throws -> Duration? {
        let active = limits.filter { $0.window > .zero }
        guard !active.isEmpty else { return nil }
        let longest = active.map(\.window.timeInterval).max() ?? 0
        return try writing({ try store.write { tx -> Duration? in
            let key = SQLValue.text(bucket)
            let clock = now.timeIntervalSince1970
            try tx.execute("DELETE FROM apicli_rate_events WHERE bucket = ? AND at > ?", [key, .real(clock + longest)])
            let latest = try tx.queryOne("SELECT MAX(at) FROM apicli_rate_events WHERE bucket = ?", [key])?[0].double
            let instant = max(clock, latest ?? clock)
            try tx.execute("DELETE FROM apicli_rate_events WHERE bucket = ? AND at <= ?", [key, .real(instant - longest)])
            var wait: Double?
            for limit in active {
                let window = limit.window.timeInterval
                guard limit.count > 0 else {
                    wait = max(wait ?? 0, window)
                    continue
                }
                let start = SQLValue.real(instant - window)
                let inWindow = try tx.queryOne(
                    "SELECT COUNT(*) FROM apicli_rate_events WHERE bucket = ? AND at > ?", [key, start])?[0].int ?? 0
                guard inWindow >= limit.count else { continue }
                // Allowed again once `inWindow - count + 1` of them have left:
                // when the event at that position (oldest first) leaves.
                let blocking = try tx.queryOne(
                    "SELECT at FROM apicli_rate_events WHERE bucket = ? AND at > ? ORDER BY at LIMIT 1 OFFSET ?",
                    [key, start, .integer(Int64(inWindow - limit.count))])?[0].double ?? instant
                // Measured from the caller's clock: if it read it late, it waits that much longer.
                wait = max(wait ?? 0, min(max(blocking + window - clock, 0.001), window + instant - clock))
            }
            if let wait { return .milliseconds(Int64(saturating: wait * 1000, rounding: .up) ?? 0) }
            try tx.execute("INSERT INTO apicli_rate_events (bucket, at) VALUES (?, ?)", [key, .real(instant)])
            return nil
        } }, instead: { fallback.reserve(bucket: bucket, limits: limits, now: now) })
    }

    /// Fills `limit`'s window at `now` with events, so every process waits the window out.
    public func markFull(bucket: String, limit: RateLimit, now: Date) throws {
        guard limit.count > 0, limit.window > .zero else { return }
        try writing({ try store.write { tx in
            let key = SQLValue.text(bucket)
            let clock = now.timeIntervalSince1970
            let start = SQLValue.real(clock - limit.window.timeInterval)
            let inWindow = try tx.queryOne(
                "SELECT COUNT(*) FROM apicli_rate_events WHERE bucket = ? AND at > ?", [key, start])?[0].int ?? 0
            for _ in 0..<max(limit.count - inWindow, 0) {
                try tx.execute("INSERT INTO apicli_rate_events (bucket, at) VALUES (?, ?)", [key, .real(clock)])
            }
        } }, instead: { fallback.markFull(bucket: bucket, limit: limit, now: now) })
    }

    /// Keeps the API's last rate-limit headers for `bucket` (``AllowanceSchema``), replacing the ones before.
    public func noteRateHeaders(bucket: String, headers: [(name: String, value: String)], now: Date) throws {
        try AllowanceSchema.migrate(store)
        let text = headers.map { $0.name + ": " + $0.value }.joined(separator: "\n")
        try store.write { tx in
            try tx.execute(
                """
                INSERT INTO apicli_rate_headers (bucket, at, headers) VALUES (?, ?, ?)
                ON CONFLICT (bucket) DO UPDATE SET at = excluded.at, headers = excluded.headers
                """,
                [.text(bucket), .real(now.timeIntervalSince1970), .text(text)])
        }
    }

    /// Forgets `bucket`'s events (tests, or a user who reset a key's quota).
    public func reset(bucket: String) throws {
        try store.write { tx in try tx.execute("DELETE FROM apicli_rate_events WHERE bucket = ?", [.text(bucket)]) }
    }
}
