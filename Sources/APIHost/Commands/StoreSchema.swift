#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APICore

/// `apicli store schema`: each owner's tables (the host's, then each
/// provider's) and their columns, with a line of meaning each, so people can
/// write `apicli store sql` queries. Read through a ``ReadOnlyConnection``.
struct StoreSchema: Sendable {
    let host: Host
    let options: RunOptions

    func run(_ words: [String]) throws -> ExitCode {
        if let extra = words.first { throw UsageError("'apicli store schema' takes no argument, not '\(extra)'") }
        let path = AppPaths(variables: host.environment.variables, databaseFlag: options.databasePath).database
        let connection = try StoreSQL.open(path)
        var tables: [(name: String, kind: String)] = []
        do {
            let sql = "SELECT name, type, sql LIKE 'CREATE VIRTUAL TABLE%' FROM sqlite_master "
                + "WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name"
            try connection.query(sql) { _, values in
                guard case let .text(name) = values[0], case let .text(kind) = values[1] else { return }
                tables.append((name, values[2] == .integer(1) ? "virtual" : kind))
            }
            // An FTS index keeps its data in shadow tables named after it (`nyt_articles_fts_data`).
            let indexes = tables.filter { $0.kind == "virtual" }.map(\.name)
            tables.removeAll { table in indexes.contains { table.name.hasPrefix($0 + "_") } }
        } catch {
            throw StoreSQL.failure(error)
        }
        let providers = host.registry.compiled
        var notes = Self.hostNotes
        for provider in providers { notes += Self.tableNotes(of: provider) }
        let layout = host.registry.storeLayout
        var out = ""
        for owner in ["host"] + layout.ownerNames {
            let own = tables.filter { table in
                owner == "host"
                    ? StoreInspector.isHostTable(table.name)
                    : !StoreInspector.isHostTable(table.name) && layout.owner(of: table.name)?.owner == owner
            }
            guard !own.isEmpty else { continue }
            out += (owner == "host" ? "apicli (the host)" : owner) + "\n"
            for table in own {
                let note = notes.first { $0.table == table.name }
                out += "  " + table.name + (table.kind == "virtual" ? " (full-text index)" : "")
                    + "  — " + (note?.meaning ?? "no description") + "\n"
                out += try columns(of: table.name, note: note, connection: connection)
            }
            out += "\n"
        }
        host.environment.console.out(out.isEmpty ? "the store has no tables yet\n" : String(out.dropLast()))
        return .success
    }

    /// One line per column: name, declared type, meaning.
    private func columns(of table: String, note: TableNote?, connection: ReadOnlyConnection) throws -> String {
        var lines: [(String, String, String)] = []
        do {
            try connection.query("PRAGMA table_info(\(Self.literal(table)))") { _, values in
                guard case let .text(name) = values[1] else { return }
                let type = values[2].string.map { $0.isEmpty ? "any" : $0 } ?? "any"
                lines.append((name, type, note?.columns[name] ?? Self.commonColumns[name] ?? ""))
            }
        } catch {
            throw StoreSQL.failure(error)
        }
        let width = lines.map(\.0.count).max() ?? 0
        let typeWidth = lines.map(\.1.count).max() ?? 0
        return lines.map { name, type, meaning in
            "    " + name.padded(toLength: width) + "  "
                + type.padded(toLength: typeWidth) + "  " + meaning
        }.map { $0.trimmingTrailingSpaces() }.joined(separator: "\n") + "\n"
    }

    /// What `provider`'s capabilities say its tables hold.
    static func tableNotes<P: Provider>(of provider: P) -> [TableNote] {
        provider.capabilities.tableNotes
    }

    private static func literal(_ text: String) -> String {
        "'" + text.replacingAll("'", with: "''") + "'"
    }

    /// Columns every provider's generic storage (`ResultSetTable`) has.
    static let commonColumns = [
        "query_key": "the query's key (its label)",
        "position": "order in the answer, from 0",
        "json": "the record as compact JSON text (read it with json_extract)",
        "fetched_at": "when it was fetched (Unix seconds; datetime(fetched_at, 'unixepoch'))",
    ]

    /// The host's own tables.
    static let hostNotes = [
        TableNote(
            "apicli_fetches", "when each provider's query was last answered",
            columns: ["provider": "the provider", "query_key": "the query's label", "fetched_at": "Unix seconds"]),
        TableNote(
            "apicli_http_cache", "cached HTTP answers (keys redacted from the cache key)",
            columns: [
                "key": "method and redacted URL", "provider": "the provider", "status": "HTTP status",
                "headers": "response headers", "body": "response body", "stored_at": "Unix seconds",
                "fresh_until": "Unix seconds", "etag": "ETag", "last_modified": "Last-Modified",
            ]),
        TableNote(
            "apicli_rate_events", "the rate limiter's log of requests sent",
            columns: ["bucket": "provider and window", "at": "Unix seconds"]),
        TableNote(
            "apicli_migrations", "which schema steps ran",
            columns: ["owner": "host or a provider", "version": "step number", "applied_at": "Unix seconds"]),
    ] + SyncMarks.notes
}
