#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APICore

/// `apicli history PROVIDER ITEM`: the versions of one stored item, newest first, each
/// with what changed from the one before it — a row per field added, removed or changed
/// (old → new), and one row for the first version — in every output format, with
/// `--fields` and `--template` as `store sql` has them (docs/design/0262-item-history.md).
///
/// ITEM is the `item` column of the provider's versions view (``VersionsView``): an
/// article's `id` for NYT, an item's id for a provider file, `forecast/PLACE/UNITS/LANG/TIME`,
/// `current/PLACE/UNITS/LANG` or `air/PLACE/KIND` for the weather.
struct ItemHistory: Sendable {
    let host: Host
    let options: RunOptions
    let values: [String: String]

    static let usage = "usage: apicli history PROVIDER ITEM   (ITEM: the id 'store sql' shows in the provider's _versions view)"

    /// The columns printed, in order.
    static let columns = ["version", "fetched_at", "query", "change", "field", "old", "new"]

    func run(_ words: [String]) throws -> ExitCode {
        guard words.count == 2 else { throw UsageError(Self.usage) }
        let (provider, item) = (words[0], words[1])
        guard try host.registry.provider(named: provider) != nil else {
            var message = "unknown provider '\(provider)'"
            if let near = NearestName.suggest(provider, among: host.registry.compiledNames) { message += "; did you mean '\(near)'?" }
            throw UsageError(message)
        }
        var format = options.format
        let script = try ScriptOptions(values, format: &format)
        if script.onlyNew || script.onlyChanged || script.fieldsHelp {
            throw UsageError("--new, --changed and --fields help are for provider commands, not 'history'")
        }
        let versions = try Self.versions(of: item, provider: provider, host: host, options: options)
        let messages = Messages(environment: host.environment, options: options)
        guard !versions.isEmpty else {
            messages.notice("no versions of '\(item)' are stored for \(provider)")
            return .empty
        }
        let terminal = Terminal(
            width: TerminalSize.columns(variables: host.environment.variables, isTerminal: host.environment.stdoutIsTerminal),
            color: options.useColor(isTerminal: host.environment.stdoutIsTerminal, variables: host.environment.variables),
            unicode: TerminalSize.isUnicodeLocale(host.environment.variables),
            wide: options.wide)
        var output = try StoreSQLOutput(columns: Self.columns, script: script, format: format, terminal: terminal)
        let console = host.environment.console
        OutputWriter.writing(to: { console.out($0) }) { out in
            for row in Self.rows(versions) { output.write(row, to: &out) }
            output.finish(to: &out)
        }
        return .success
    }

    /// One stored version: when, by which query, and its content.
    struct Version: Sendable, Equatable {
        var fetchedAt: Date
        var query: String?
        var content: JSONValue
    }

    /// `item`'s versions, oldest first; none when the provider keeps none or the store predates them.
    static func versions(of item: String, provider: String, host: Host, options: RunOptions) throws -> [Version] {
        let path = try AppPaths(variables: host.environment.variables, databaseFlag: options.databasePath).databaseLocation()
        let layout = host.registry.storeLayout
        let store = try StoreOpener.openForReading(path: path, providers: host.registry.compiled, shared: layout.sharedMigrations)
        let storage = layout.storage(of: provider)
        let view = VersionsView.name(of: storage)
        let filter = VersionsView.filter(provider, storage: storage)
        return try store.read { tx in
            guard try tx.queryOne("SELECT 1 FROM sqlite_master WHERE type = 'view' AND name = ?", [.text(view)]) != nil else {
                return []
            }
            return try tx.query(
                "SELECT fetched_at, query, content FROM \(Store.quoted(view)) WHERE item = ? AND \(filter.sql) ORDER BY fetched_at",
                [.text(item)] + filter.arguments
            ).compactMap { row in
                guard let fetched = row[0].double, let text = row[2].string,
                    let content = try? JSONValue.parse(Data(text.utf8))
                else { return nil }
                return Version(fetchedAt: Date(timeIntervalSince1970: fetched), query: row[1].string, content: content)
            }
        }
    }

    /// The printed rows, newest version first: its changes from the one before, a row each.
    static func rows(_ versions: [Version]) -> [[JSONValue]] {
        var rows: [[JSONValue]] = []
        for index in versions.indices.reversed() {
            let version = versions[index]
            let head: [JSONValue] = [
                .int(Int64(index + 1)), .string(Timestamp.format(version.fetchedAt)), version.query.map(JSONValue.string) ?? .null,
            ]
            guard index > 0 else {
                rows.append(head + [.string("first"), .null, .null, .null])
                continue
            }
            let changes = VersionDiff.changes(from: versions[index - 1].content, to: version.content)
            if changes.isEmpty { rows.append(head + [.string("same"), .null, .null, .null]) }
            for change in changes {
                rows.append(head + [.string(change.kind.rawValue), .string(change.field), change.old ?? .null, change.new ?? .null])
            }
        }
        return rows
    }
}

/// `apicli history`: see ``ItemHistory``.
struct HistoryHandler: GlobalOptionsCommand {
    let host: Host
    let command: BuiltinCommand

    func run(_ line: BuiltinLine) throws -> ExitCode {
        try ItemHistory(host: host, options: line.options, values: line.values).run(line.arguments)
    }
}
