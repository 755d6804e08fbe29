#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// Runs a harvest's pending slices, one command of the provider each, through the same pipeline
/// as any run (cache, the key's allowance, retries, the store, the large-answer path), within the
/// day's budget less the reserve; see docs/design/0272-harvest-jobs.md.
struct HarvestRun {
    let host: Host
    let store: Store
    var job: HarvestJob
    let wait: Bool
    let quiet: Bool
    /// The key's allowance the harvest spends (`nyt` for `nyt-archive`).
    let allowance: KeyAllowance
    let reservePercent: Int
    let time: TimeSource
    /// How many times a slice is tried before it is marked failed.
    static let attempts = 3
    /// Seconds between two attempts at one slice.
    static let retryPause: Int64 = 5

    enum Outcome { case finished, budgetUsed(until: Date) }

    func run() async throws -> Outcome {
        var slices = try job.slices(in: store)
        while let slice = slices.first(where: { $0.state == "pending" }) {
            if let until = try budgetStop() {
                guard wait else { return .budgetUsed(until: until) }
                progress("daily budget used; waiting until \(Self.clockTime(until)) UTC", slices: slices, final: true)
                try await time.sleep(.seconds(max(until.timeIntervalSince(time.now()), 1)))
                continue
            }
            // The minute's slots and the spacing are waited for here, so that a run never waits past its deadline.
            if let pause = try slotWait() { try await time.sleep(pause) }
            try await fetch(slice)
            slices = try job.slices(in: store)
            if slices.first(where: { $0.key == slice.key })?.lastError != nil, slices.contains(where: { $0.key == slice.key && $0.state == "pending" }) {
                try await time.sleep(.seconds(Self.retryPause))
            }
            progress(nil, slices: slices, final: false)
        }
        try job.setState(slices.contains { $0.state == "failed" } ? "finished with failures" : "done", now: time.now(), in: store)
        return .finished
    }

    /// One slice: an Archive month, or an Article Search range (split first when it holds too many).
    private func fetch(_ slice: HarvestJob.Slice) async throws {
        if job.provider == "nyt", HarvestPlan.days(of: slice.key) != nil {
            try await fetchRange(slice)
            return
        }
        if job.provider != "nyt-archive" {
            try await fetchPage(slice)
            return
        }
        // An Archive month goes through `nyt`'s own path: streamed as it arrives, and stored as
        // Article Search's articles, so the same offline search finds them.
        let inner = try await runInner(["nyt", "--archive", slice.key, "--format", "ndjson", "--quiet"])
        try settle(slice, inner)
    }

    private func fetchRange(_ slice: HarvestJob.Slice) async throws {
        guard let (first, last) = HarvestPlan.days(of: slice.key) else {
            _ = try job.fail(slice.key, reason: "not a date range", limit: 1, now: time.now(), in: store)
            return
        }
        let words = Array(job.request.dropFirst().prefix { !$0.hasPrefix("--") })
        var extra: [String] = []
        if let index = job.request.firstIndex(of: "--fq"), index + 1 < job.request.count { extra = ["--fq", job.request[index + 1]] }
        let range = ["--from", HarvestPlan.dayText(first), "--to", HarvestPlan.dayText(last), "--sort", "oldest"] + extra
        // The first page says how many results the range holds (kept in nyt_queries).
        let probe = try await runInner(["nyt"] + words + range + ["--pages", "1", "--format", "ndjson", "--quiet"])
        guard probe.code == .success else { return try settle(slice, probe) }
        let hits = try store.read { tx in
            try tx.queryOne("SELECT hits FROM nyt_queries ORDER BY fetched_at DESC LIMIT 1", [])?[0].int
        } ?? probe.items
        try job.setHits(slice.key, hits: hits, in: store)
        if hits > HarvestPlan.searchCap && last > first {
            let middle = first + (last - first) / 2
            try job.split(slice.key, into: [HarvestPlan.range(first, middle), HarvestPlan.range(middle + 1, last)], hits: hits, in: store)
            return
        }
        let pages = min((hits + 9) / 10, 100)
        guard pages > 1 else { return try settle(slice, probe) }
        let rest = try await runInner(["nyt"] + words + range + ["--page", "1", "--pages", String(pages - 1), "--format", "ndjson", "--quiet"])
        try settle(slice, Inner(code: rest.code, items: probe.items + rest.items, error: rest.error))
    }

    /// One page of a page harvest (``HarvestPages``): the command with `--page N --pages 1`. A page
    /// that held items, and did not reach the earlier harvest's bookmark, adds the next page.
    private func fetchPage(_ slice: HarvestJob.Slice) async throws {
        guard let number = Int(slice.key) else {
            _ = try job.fail(slice.key, reason: "not a page number", limit: 1, now: time.now(), in: store)
            return
        }
        let request = HarvestPages.Request(job.request)
        // What is new since the last harvest is asked of the API, not of the response cache.
        let fresh = request.field == nil ? [] : ["--refresh"]
        let inner = try await runInner(
            request.words + ["--page", slice.key, "--pages", "1", "--format", "ndjson", "--quiet"] + fresh, field: request.field)
        let current = try HarvestJob.load(job.id, in: store) ?? job
        switch inner.code {
        case .success:
            let reached = HarvestPages.reaches(inner.values, since: current.since)
            let next = inner.items > 0 && !reached ? String(number + 1) : nil
            let bookmark = HarvestPages.newest(inner.values, than: current.bookmark)
            try job.finishPage(slice.key, items: inner.items, next: next, bookmark: bookmark, now: time.now(), in: store)
        case .usage where slice.position > 0 && (inner.error ?? "").hasPrefix("--page must be"):
            // Past the last page the provider serves: the harvest has every page.
            try job.finishPage(slice.key, items: 0, next: nil, bookmark: nil, now: time.now(), in: store)
        default:
            try settle(slice, inner)
        }
    }

    struct Inner {
        var code: ExitCode
        var items: Int
        var error: String?
        /// The `--since-last` field's value in each item, when the harvest keeps a bookmark.
        var values: [JSONValue] = []
    }

    /// Marks the slice done, or records the failed attempt (a truncated or undecodable answer
    /// included); a rate-limited run is tried again without counting.
    private func settle(_ slice: HarvestJob.Slice, _ inner: Inner) throws {
        switch inner.code {
        case .success:
            try job.finish(slice.key, items: inner.items, now: time.now(), in: store)
        case .temporaryFailure:
            // Rate limited past the run's deadline (another process spends the key too): tried again a while later.
            _ = try job.fail(slice.key, reason: inner.error ?? "rate limited", limit: Self.attempts * 4, now: time.now(), in: store)
        default:
            let reason = inner.error ?? "exit \(inner.code.rawValue)"
            if try job.fail(slice.key, reason: reason, limit: Self.attempts, now: time.now(), in: store) {
                progress("\(slice.key) failed after \(Self.attempts) attempts: \(reason)", slices: try job.slices(in: store), final: true)
            }
        }
    }

    /// Runs one apicli command in this process, its items counted (one NDJSON line each), its last error kept.
    private func runInner(_ words: [String], field: String? = nil) async throws -> Inner {
        let console = CountingConsole(field: field)
        var environment = host.environment
        environment.console = console
        environment.stdoutIsTerminal = false
        environment.stderrIsTerminal = false
        environment.time = time
        let code = await Host(registry: host.registry, environment: environment).run(words)
        return Inner(code: code, items: console.lines, error: console.lastError, values: console.values)
    }

    /// How long until the key's short windows (a minute, the spacing) have a slot; nil: one is free.
    /// Read from the ledger without taking the slot: the run that follows takes it.
    private func slotWait() throws -> Duration? {
        let now = time.now().timeIntervalSince1970
        let longest = allowance.limits.map(\.window.timeInterval).max() ?? 0
        return try store.read { tx -> Duration? in
            let bucket = SQLValue.text(allowance.bucket)
            let latest = try tx.queryOne(
                "SELECT MAX(at) FROM apicli_rate_events WHERE bucket = ? AND at <= ?", [bucket, .real(now + longest)])?[0].double
            let instant = max(now, latest ?? now)
            var wait = 0.0
            for limit in allowance.limits where limit.window.timeInterval <= 3600 && limit.count > 0 {
                let window = limit.window.timeInterval
                let inWindow = try tx.queryOne(
                    "SELECT COUNT(*) FROM apicli_rate_events WHERE bucket = ? AND at > ?", [bucket, .real(instant - window)])?[0].int ?? 0
                guard inWindow >= limit.count else { continue }
                let blocking = try tx.queryOne(
                    "SELECT at FROM apicli_rate_events WHERE bucket = ? AND at > ? ORDER BY at LIMIT 1 OFFSET ?",
                    [bucket, .real(instant - window), .integer(Int64(inWindow - limit.count))])?[0].double ?? instant
                wait = max(wait, blocking + window - now + 0.05)
            }
            return wait > 0 ? .milliseconds(Int64(saturating: wait * 1000) ?? 0) : nil
        }
    }

    /// When the day's budget for harvests is spent: the time it frees again; nil while it lasts.
    private func budgetStop() throws -> Date? {
        let now = time.now()
        let usage = try KeyUsage.read(
            bucket: allowance.bucket, sharedBy: [], limits: allowance.limits, reservePercent: reservePercent, store: store, now: now)
        guard let budget = usage.budget, let left = usage.harvestLeft, left <= 0 else { return nil }
        let window = budget.window.timeInterval
        let over = (usage.used[usage.limits.firstIndex(of: budget) ?? 0]) - (budget.count - usage.reserve)
        let oldest = try store.read { tx in
            try tx.queryOne(
                "SELECT at FROM apicli_rate_events WHERE bucket = ? AND at > ? ORDER BY at LIMIT 1 OFFSET ?",
                [.text(allowance.bucket), .real(now.timeIntervalSince1970 - window), .integer(Int64(max(over, 0)))])?[0].double
        }
        return Date(timeIntervalSince1970: (oldest ?? now.timeIntervalSince1970) + window + 1)
    }

    /// `harvest 3: 5/12 months, 2,310 items, 440 requests left today, about 1 min to go`: on a
    /// terminal one line redrawn, elsewhere one line per slice (unless --quiet).
    private func progress(_ note: String?, slices: [HarvestJob.Slice], final: Bool) {
        let environment = host.environment
        if quiet && note == nil { return }
        let done = slices.filter { $0.state == "done" }.count
        let failed = slices.filter { $0.state == "failed" }.count
        let items = slices.reduce(0) { $0 + $1.items }
        let unit = job.provider == "nyt" ? "slices" : job.provider == "nyt-archive" ? "months" : "pages"
        let usage = try? KeyUsage.read(
            bucket: allowance.bucket, sharedBy: [], limits: allowance.limits, reservePercent: reservePercent, store: store, now: time.now())
        let left = usage?.harvestLeft
        let remaining = slices.count - done - failed
        // The short-term pace (NYT: 5 a minute, 12 s apart), and a day per budget's worth beyond today's.
        let pace = allowance.limits.filter { $0.window.timeInterval <= 3600 }.map { $0.window.timeInterval / Double($0.count) }.max() ?? 0
        var line = "harvest \(job.id): \(done)/\(slices.count) \(unit)" + (failed > 0 ? " (\(failed) failed)" : "")
            + ", \(items) items" + (left.map { ", \($0) requests left today" } ?? "")
        if let left, let budget = usage?.budget, let reserve = usage?.reserve, remaining > left {
            let perDay = max(budget.count - reserve, 1)
            line += ", about \((remaining - left + perDay - 1) / perDay) more day(s) at the allowed rate"
        } else {
            line += ", about \(KeyUsage.age(Double(remaining) * pace)) to go"
        }
        if let note { line += "; " + note }
        if environment.stderrIsTerminal && !final && note == nil {
            environment.console.err("\r\u{1B}[K" + line)
        } else {
            environment.console.err((environment.stderrIsTerminal ? "\r\u{1B}[K" : "") + "apicli: " + line + "\n")
        }
    }

    static func clockTime(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt)).replacingAll("T", with: " ").replacingAll("Z", with: "")
    }
}

/// A console that counts the lines a run prints and keeps its last error line; given a field, it
/// also keeps that field's value in each line (an NDJSON item), for a page harvest's bookmark.
final class CountingConsole: Console {
    private let state = Mutex<(lines: Int, error: String?, pending: Data, values: [JSONValue])>((0, nil, Data(), []))
    private let field: String?

    init(field: String? = nil) {
        self.field = field
    }

    func out(_ text: String) {
        out(bytes: Data(text.utf8))
    }

    func out(bytes: Data) {
        let count = bytes.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
        state.withLock { state in
            state.lines += count
            guard let field else { return }
            state.pending.append(bytes)
            while let end = state.pending.firstIndex(of: 10) {
                let line = state.pending[state.pending.startIndex..<end]
                state.pending = Data(state.pending[(end + 1)...])
                if let item = try? JSONValue.parse(Data(line)), let value = item.value(at: field) { state.values.append(value) }
            }
        }
    }

    var values: [JSONValue] { state.withLock { $0.values } }

    func err(_ text: String) {
        let line = text.split(separator: "\n").last.map(String.init)
        guard let line, line.hasPrefix("apicli: error: ") else { return }
        state.withLock { $0.error = String(line.dropFirst("apicli: error: ".count)) }
    }

    var lines: Int { state.withLock { $0.lines } }
    var lastError: String? { state.withLock { $0.error } }
}
