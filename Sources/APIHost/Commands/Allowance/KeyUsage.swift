#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One key's allowance and how much of it is spent, read from the store's ledger: what
/// `apicli quota` shows and what a harvest plans with.
struct KeyUsage: Sendable {
    /// The ledger's bucket: the key owner's name (`nyt`).
    var bucket: String
    /// The other providers that send with this key (`nyt-top`, `nyt-books`…).
    var sharedBy: [String]
    var limits: [RateLimit]
    /// Requests counted in each limit's window ending now, in the order of `limits`.
    var used: [Int]
    /// Requests of the daily window kept free of harvests for interactive use.
    var reserve: Int
    /// The API's own rate-limit headers in its last answer, and when they came.
    var lastHeaders: (at: Date, headers: [(name: String, value: String)])?

    /// The longest window's limit (NYT: 500 a day), if there is one of more than one request.
    var budget: RateLimit? { limits.filter { $0.count > 1 }.max { $0.window < $1.window } }

    /// Requests a harvest may still send in the budget's window: the budget less what is used and the reserve.
    var harvestLeft: Int? {
        guard let budget, let index = limits.firstIndex(of: budget) else { return nil }
        return max(budget.count - used[index] - reserve, 0)
    }

    /// The share of the daily budget kept for interactive use: `APICLI_HARVEST_RESERVE`
    /// (a percentage, 0 to 90), else the config's `harvest.reserve`, else 10.
    static func reservePercent(_ settings: Settings) throws -> Int {
        let variable = "APICLI_HARVEST_RESERVE"
        let (text, name) = settings.variables[variable].map { ($0, variable) } ?? (settings.config["harvest.reserve"], "harvest.reserve")
        guard let text, !text.isEmpty else { return 10 }
        let digits = text.hasSuffix("%") ? String(text.dropLast()) : text
        guard let percent = Int(digits), (0...90).contains(percent) else {
            throw CLIError("\(name) must be a percentage from 0 to 90, not '\(text)'", exitCode: .configuration)
        }
        return percent
    }

    /// Reads `bucket`'s usage under `limits` at `now` from `store`.
    static func read(
        bucket: String, sharedBy: [String], limits: [RateLimit], reservePercent: Int, store: Store, now: Date
    ) throws -> KeyUsage {
        let clock = now.timeIntervalSince1970
        let used = try limits.map { limit in
            try store.read { tx in
                try tx.queryOne(
                    "SELECT COUNT(*) FROM apicli_rate_events WHERE bucket = ? AND at > ? AND at <= ?",
                    [.text(bucket), .real(clock - limit.window.timeInterval), .real(clock + 1)])?[0].int ?? 0
            }
        }
        var usage = KeyUsage(bucket: bucket, sharedBy: sharedBy, limits: limits, used: used, reserve: 0, lastHeaders: nil)
        if let budget = usage.budget { usage.reserve = (budget.count * reservePercent + 99) / 100 }
        let row = (try? store.read { tx in
            try tx.queryOne("SELECT at, headers FROM apicli_rate_headers WHERE bucket = ?", [.text(bucket)])
        }) ?? nil
        if let row, let at = row[0].double, let text = row[1].string {
            let headers = text.split(separator: "\n").compactMap { line -> (name: String, value: String)? in
                let parts = line.split(separator: ":", maxSplits: 1)
                guard parts.count == 2 else { return nil }
                return (String(parts[0]), String(parts[1]).trimmed(.whitespaces))
            }
            usage.lastHeaders = (Date(timeIntervalSince1970: at), headers)
        }
        return usage
    }
}
