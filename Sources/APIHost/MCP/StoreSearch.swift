#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APICore

/// `search_store`: every FTS5 index in the store (each provider that wants offline search
/// keeps one: NYT's articles, the provider files' items), searched for all of the words,
/// best first, each match with its row from the table the index covers.
///
/// Read through ``ReadOnlyConnection``, which has no bound values: the words go in as one
/// SQL string literal (quotes doubled, after ``FTSQuery/allWords(_:)`` made each word an
/// FTS5 string), and the connection refuses anything but reading whatever the text says.
struct StoreSearch: Sendable {
    let host: Host
    let path: String

    func search(_ words: String, limit: Int) throws -> (summary: String, structured: JSONValue) {
        guard let match = FTSQuery.allWords(words) else {
            return ("search_store: no word to search for", .object([.init("matches", .array([]))]))
        }
        let connection = try StoreSQL.open(path)
        var indexes: [(name: String, sql: String)] = []
        try connection.query(
            "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%USING fts5%' ORDER BY name"
        ) { _, values in
            if case let .text(name) = values[0], case let .text(sql) = values[1] { indexes.append((name, sql)) }
        }
        let layout = host.registry.storeLayout
        var matches: [JSONValue] = []
        var perTable: [String] = []
        for index in indexes {
            let found = try search(index: index.name, declaredAs: index.sql, match: match, limit: limit, connection: connection)
            guard !found.isEmpty else { continue }
            let owner = layout.owner(of: index.name)?.owner
            perTable.append("\(found.count) in \(index.name)")
            for row in found {
                matches.append(.object(
                    [.init("index", .string(index.name)), .init("owner", owner.map(JSONValue.string) ?? .null)] + row))
            }
        }
        let summary = matches.isEmpty
            ? "search_store: nothing stored matches \(words) (searched \(indexes.count) index\(indexes.count == 1 ? "" : "es"))"
            : "search_store: \(matches.count) match\(matches.count == 1 ? "" : "es") (" + perTable.joined(separator: ", ") + ")"
        return (summary, .object([.init("matches", .array(matches))]))
    }

    /// One index's best matches, with the covered table's whole row when the index names
    /// one (`content = 'nyt_articles', content_rowid = 'num'`), its own columns otherwise.
    private func search(
        index: String, declaredAs sql: String, match: String, limit: Int, connection: ReadOnlyConnection
    ) throws -> [[JSONValue.Member]] {
        let literal = "'" + match.replacingAll("'", with: "''") + "'"
        let fts = Self.identifier(index)
        let select: String
        if let content = Self.option("content", in: sql), !content.isEmpty {
            let rowid = Self.option("content_rowid", in: sql) ?? "rowid"
            select = "SELECT c.* FROM \(fts) JOIN \(Self.identifier(content)) AS c ON c.\(Self.identifier(rowid)) = \(fts).rowid "
                + "WHERE \(fts) MATCH \(literal) ORDER BY \(fts).rank LIMIT \(limit)"
        } else {
            select = "SELECT rowid, * FROM \(fts) WHERE \(fts) MATCH \(literal) ORDER BY rank LIMIT \(limit)"
        }
        var rows: [[JSONValue.Member]] = []
        do {
            let columns = try connection.columns(select)
            try connection.query(select, maxValueBytes: StoreSQL.maxCellBytes) { values, _ in
                rows.append(zip(columns, values).map { column, value in .init(column, Self.json(column, value)) })
            }
        } catch {
            throw StoreSQL.failure(error)
        }
        return rows
    }

    /// A column named `json` holding JSON text comes back as the value it holds.
    static func json(_ column: String, _ value: SQLValue) -> JSONValue {
        if column == "json", case let .text(text) = value, let parsed = try? JSONValue.parse(Data(text.utf8)) { return parsed }
        return StoreSQL.json(value)
    }

    /// The value of `name = 'value'` in an FTS5 table's declaration.
    static func option(_ name: String, in sql: String) -> String? {
        var rest = Substring(sql)
        while let found = rest.firstRange(of: name) {
            let before = rest[..<found.lowerBound].last
            var after = rest[found.upperBound...].drop { $0 == " " }
            rest = rest[found.upperBound...]
            guard before.map({ !($0.isLetter || $0 == "_") }) ?? true, after.first == "=" else { continue }
            after = after.dropFirst().drop { $0 == " " }
            guard after.first == "'" else { continue }
            return String(after.dropFirst().prefix { $0 != "'" })
        }
        return nil
    }

    static func identifier(_ name: String) -> String {
        "\"" + name.replacingAll("\"", with: "\"\"") + "\""
    }
}
