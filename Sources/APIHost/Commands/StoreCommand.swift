import ProviderFiles
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APICore

/// `apicli store info|clear [provider]|vacuum|check`: look after the local store.
struct StoreCommand: Sendable {
    let host: Host
    /// The global options, from before or after `store` (`apicli --db x.sqlite3 store info`).
    let options: RunOptions

    private var console: any Console { host.environment.console }

    func run(_ words: [String]) throws -> ExitCode {
        guard let verb = words.first else { throw UsageError(Self.usage) }
        let arguments = Array(words.dropFirst())
        let path = try AppPaths(variables: host.environment.variables, databaseFlag: options.databasePath).databaseLocation()
        if verb == "check" {
            guard arguments.isEmpty else { throw UsageError(Self.usage) }
            return try check(path: path)
        }
        guard ["info", "clear", "vacuum", "prune"].contains(verb) else { throw unknownVerb(verb) }
        // Reading opens no more than it reads (no WAL switch, no migrations); writing needs a store that exists.
        let layout = host.registry.storeLayout
        let store = verb == "info"
            ? try StoreOpener.openForReading(path: path, providers: host.registry.compiled, shared: layout.sharedMigrations)
            : try StoreOpener.open(
                path: path, providers: host.registry.compiled, shared: layout.sharedMigrations, intent: .existing)
        let inspector = StoreInspector(store: store)
        switch verb {
        case "info":
            guard arguments.isEmpty else { throw UsageError(Self.usage) }
            // Providers described in files too, even those that have stored nothing yet.
            info(try inspector.info(layout: layout))
        case "clear":
            guard arguments.count <= 1 else { throw UsageError(Self.usage) }
            let provider = arguments.first
            if let provider, try host.registry.provider(named: provider) == nil {
                var message = "unknown provider '\(provider)'"
                if let near = NearestName.suggest(provider, among: host.registry.compiledNames) { message += "; did you mean '\(near)'?" }
                throw UsageError(message)
            }
            let result = try inspector.clear(provider: provider, layout: layout)
            Messages(environment: host.environment, options: options).notice(
                "cleared \(provider ?? "all providers"): \(result.rows) rows, \(result.cacheEntries) cached responses")
        case "vacuum":
            guard arguments.isEmpty else { throw UsageError(Self.usage) }
            let before = store.fileSize()
            try inspector.vacuum()
            Messages(environment: host.environment, options: options).notice(
                "vacuumed \(path): \(Self.size(before)) → \(Self.size(store.fileSize()))")
        case "prune":
            guard arguments.isEmpty else { throw UsageError(Self.usage) }
            let keep = try Self.keep(options.keep ?? host.environment.variables["APICLI_STORE_KEEP"])
            let deleted = try inspector.prune(before: host.environment.time.now().addingTimeInterval(-keep.seconds))
            Messages(environment: host.environment, options: options).notice(
                "pruned \(deleted) version\(deleted == 1 ? "" : "s") fetched over \(keep.text) ago; each item's latest is kept")
        default:
            throw unknownVerb(verb)
        }
        return .success
    }

    private func unknownVerb(_ verb: String) -> UsageError {
        var message = "unknown store command '\(verb)'"
        if let near = NearestName.suggest(verb, among: BuiltinCommand.named("store")?.actions ?? []) { message += "; did you mean '\(near)'?" }
        return UsageError(message + "; " + Self.usage)
    }

    static let usage = "usage: apicli store info | clear [PROVIDER] | vacuum | check | prune --keep 90d | sql \"SELECT …\" | schema"

    /// `--keep`, else `APICLI_STORE_KEEP`: how long versions are kept.
    static func keep(_ text: String?) throws -> (text: String, seconds: Double) {
        guard let text else { throw UsageError("store prune needs --keep DURATION (90d, 36h, 2w) or APICLI_STORE_KEEP") }
        guard let seconds = DurationText.seconds(text) else {
            throw UsageError("--keep takes a duration like 90d, 36h or 2w, not '\(text)'")
        }
        return (text, seconds)
    }

    /// Opens without migrating, so a damaged file is reported rather than written to.
    private func check(path: String) throws -> ExitCode {
        try StorePreflight.check(path, for: .read)
        let problems: [String]
        var unreadable: StoreError?
        do {
            // Read-only and without migrating: checking changes nothing.
            problems = try StoreInspector(store: Store(path: path, readOnly: true)).check()
        } catch let error as StoreError where error.isDamage {
            problems = [error.description]
            unreadable = error
        } catch let error as StoreError {
            throw StoreFailure.cliError(error, path: path)
        }
        guard problems.isEmpty else {
            for line in problems.prefix(20) { console.err("apicli: damage: " + Messages.oneLine(line) + "\n") }
            if let unreadable, unreadable.problem == .notADatabase { throw StoreFailure.cliError(unreadable, path: path) }
            throw CLIError("the store at \(path) is damaged; move it aside and fetch again", exitCode: .software)
        }
        console.out("ok\n")
        return .success
    }

    private func info(_ info: StoreInfo) {
        var info = info
        // The bundled providers are listed once they have stored or cached something.
        info.providers.removeAll { BundledProviderFiles.names.contains($0.provider) && $0.rows == 0 && $0.cacheEntries == 0 && $0.lastFetch == nil }
        var lines = ["path     \(info.path)", "size     \(Self.size(info.sizeBytes))"]
        let width = max(8, info.providers.map(\.provider.count).max() ?? 0)
        lines.append("")
        lines.append("PROVIDER".padded(toLength: width) + "  ROWS  CACHED  LAST FETCH            VERSIONS  SIZE")
        for provider in info.providers {
            let last = provider.lastFetch.map { $0.formatted(Date.ISO8601FormatStyle()) } ?? "never"
            lines.append(
                provider.provider.padded(toLength: width)
                    + "  " + String(provider.rows).leftPadded(4) + "  " + String(provider.cacheEntries).leftPadded(6)
                    + "  " + last.padded(toLength: 20) + "  " + String(provider.versions).leftPadded(8)
                    + "  " + (provider.versions == 0 ? "-" : Self.size(provider.versionBytes)))
        }
        console.out(lines.joined(separator: "\n") + "\n")
    }

    static func size(_ bytes: Int64) -> String {
        ByteCount.fileSize(bytes)
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
