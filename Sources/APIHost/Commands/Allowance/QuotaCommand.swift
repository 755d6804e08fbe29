#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `apicli quota [PROVIDER]`: for each key, the requests sent in each of its windows (the last
/// minute, the last day) against its limits, the reserve kept for interactive use, what a harvest
/// may still send, and what the API's own rate-limit headers said last; from the store's ledger,
/// which every process shares (docs/design/0271-a-key-brings-its-allowance.md).
struct QuotaHandler: GlobalOptionsCommand {
    let host: Host
    let command: BuiltinCommand

    func run(_ line: BuiltinLine) throws -> ExitCode {
        guard line.arguments.count <= 1 else { throw UsageError("usage: apicli quota [PROVIDER]") }
        let settings = try host.loadSettings()
        let keys = try host.allowances(for: line.arguments.first)
        let paths = AppPaths(variables: host.environment.variables, databaseFlag: line.options.databasePath)
        let database = try paths.databaseLocation()
        let percent = try KeyUsage.reservePercent(settings)
        let now = host.environment.time.now()
        var usages: [KeyUsage] = []
        let store: Store? = FileManager.default.fileExists(atPath: database)
            ? try StoreOpener.open(path: database, providers: [], intent: .existing) : nil
        if let store { try? AllowanceSchema.migrate(store) }
        for key in keys {
            if let store {
                usages.append(try KeyUsage.read(
                    bucket: key.bucket, sharedBy: key.sharedBy, limits: key.limits, reservePercent: percent, store: store, now: now))
            } else {
                var usage = KeyUsage(
                    bucket: key.bucket, sharedBy: key.sharedBy, limits: key.limits, used: key.limits.map { _ in 0 }, reserve: 0)
                if let budget = usage.budget { usage.reserve = (budget.count * percent + 99) / 100 }
                usages.append(usage)
            }
        }
        if line.options.format == .json {
            host.environment.console.out(JSONValue.array(usages.map { $0.json }).serialized(pretty: true) + "\n")
        } else {
            host.environment.console.out(usages.map { $0.text(now: now) }.joined(separator: "\n"))
        }
        return .success
    }
}

extension Host {
    /// The keys `apicli quota` reports: the one `name`'s provider sends with, or every key that
    /// has limits, each with the providers sharing it.
    func allowances(for name: String?) throws -> [(bucket: String, sharedBy: [String], limits: [RateLimit])] {
        let variables = environment.variables
        let descriptors: [ProviderDescriptor]
        if let name {
            guard let provider = try registry.provider(named: name) else {
                var message = "no provider named '\(name)'"
                if let near = NearestName.suggest(name, among: registry.allProviders.map(\.descriptor.name)) { message += "; did you mean '\(near)'?" }
                throw UsageError(message + " (see 'apicli providers')")
            }
            let owner = keyOwner(of: provider.descriptor)
            descriptors = [owner ?? provider.descriptor]
        } else {
            descriptors = registry.allProviders.map(\.descriptor).filter { $0.credential?.keyOwner == nil }
        }
        let everyone = registry.allProviders.map(\.descriptor)
        return try descriptors.compactMap { descriptor in
            let allowance = try KeyAllowance.of(descriptor, keyOwner: nil, variables: variables)
            guard !allowance.limits.isEmpty || name != nil else { return nil }
            let sharing = everyone.filter { $0.credential?.keyOwner == descriptor.name }.map(\.name)
            return (allowance.bucket, sharing, allowance.limits)
        }
    }
}

extension KeyUsage {
    /// `nyt` and its lines: each window's use, the reserve, the spacing, and the API's last word.
    func text(now: Date) -> String {
        var out = bucket + (sharedBy.isEmpty ? "" : "  (also " + sharedBy.joined(separator: ", ") + ")") + "\n"
        if limits.isEmpty { out += "  no limits declared\n" }
        for (limit, count) in zip(limits, used) {
            if limit.count == 1 {
                out += "  spacing   \(limit.window.components.seconds) s between requests\n"
            } else {
                out += "  " + Self.windowName(limit.window).padded(to: 8) + "  \(count) of \(limit.count) sent\n"
            }
        }
        if let budget, let left = harvestLeft {
            out += "  reserve   \(reserve) of \(budget.count) kept for interactive use; a harvest may send \(left) more\n"
        }
        if let (at, headers) = lastHeaders {
            let said = headers.map { "\($0.name): \($0.value)" }.joined(separator: ", ")
            out += "  API said  \(said) (\(Self.age(now.timeIntervalSince(at))) ago)\n"
        } else {
            out += "  API said  nothing yet (no rate-limit headers stored)\n"
        }
        return out
    }

    var json: JSONValue {
        var members: [JSONValue.Member] = [
            .init("provider", .string(bucket)), .init("shared_by", .array(sharedBy.map(JSONValue.string))),
            .init("limits", .array(zip(limits, used).map { limit, count in
                .object([
                    .init("window_seconds", .int(limit.window.components.seconds)), .init("limit", .int(Int64(limit.count))),
                    .init("sent", .int(Int64(count))),
                ])
            })),
            .init("reserve", .int(Int64(reserve))),
            .init("harvest_left", harvestLeft.map { .int(Int64($0)) } ?? .null),
        ]
        if let (at, headers) = lastHeaders {
            members.append(.init("last_headers", .object([
                .init("at", .string(at.formatted(Date.ISO8601FormatStyle()))),
                .init("headers", .object(headers.map { .init($0.name, .string($0.value)) })),
            ])))
        } else {
            members.append(.init("last_headers", .null))
        }
        return .object(members)
    }

    static func windowName(_ window: Duration) -> String {
        switch window.components.seconds {
        case 1: "second"
        case 60: "minute"
        case 3600: "hour"
        case 86_400: "day"
        default: "\(window.components.seconds) s"
        }
    }

    static func age(_ seconds: TimeInterval) -> String {
        let whole = max(Int(seconds), 0)
        if whole < 120 { return "\(whole) s" }
        if whole < 7200 { return "\(whole / 60) min" }
        return "\(whole / 3600) h"
    }
}
