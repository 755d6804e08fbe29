#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APICore

/// `describe_store`: `apicli store schema` as data: each table with its owner (the host
/// or a provider), what it holds, whether it is a full-text index, and its columns with
/// their declared types and meaning, from the same notes.
struct StoreDescription: Sendable {
    let host: Host
    let path: String

    func describe() throws -> (summary: String, structured: JSONValue) {
        let connection = try StoreSQL.open(path)
        var tables: [(name: String, virtual: Bool)] = []
        var notes = StoreSchema.hostNotes
        for provider in host.registry.compiled { notes += StoreSchema.tableNotes(of: provider) }
        let layout = host.registry.storeLayout
        var described: [JSONValue] = []
        do {
            try connection.query(
                "SELECT name, sql LIKE 'CREATE VIRTUAL TABLE%' FROM sqlite_master "
                    + "WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name"
            ) { _, values in
                if case let .text(name) = values[0] { tables.append((name, values[1] == .integer(1))) }
            }
            let indexes = tables.filter(\.virtual).map(\.name)
            // An index's shadow tables (`nyt_articles_fts_data`) are its own business.
            tables.removeAll { table in indexes.contains { table.name.hasPrefix($0 + "_") } }
            for table in tables {
                let note = notes.first { $0.table == table.name }
                var columns: [JSONValue] = []
                try connection.query("PRAGMA table_info(" + StoreSearch.identifier(table.name) + ")") { _, values in
                    guard case let .text(name) = values[1] else { return }
                    let type = values[2].string.map { $0.isEmpty ? "any" : $0 } ?? "any"
                    let meaning = note?.columns[name] ?? StoreSchema.commonColumns[name]
                    columns.append(.object([
                        .init("name", .string(name)), .init("type", .string(type)),
                        .init("meaning", meaning.map(JSONValue.string) ?? .null),
                    ]))
                }
                let owner = StoreInspector.isHostTable(table.name) ? "host" : layout.owner(of: table.name)?.owner
                described.append(.object([
                    .init("name", .string(table.name)),
                    .init("owner", owner.map(JSONValue.string) ?? .null),
                    .init("kind", .string(table.virtual ? "full-text index" : "table")),
                    .init("meaning", note.map { .string($0.meaning) } ?? .null),
                    .init("columns", .array(columns)),
                ]))
            }
        } catch {
            throw StoreSQL.failure(error)
        }
        let summary = "describe_store: \(described.count) table\(described.count == 1 ? "" : "s") in \(path)"
        return (summary, .object([.init("tables", .array(described))]))
    }
}
