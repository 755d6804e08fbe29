import APICore

/// A record answer (one object, ``ItemsShape/Kind/record``) as data for the host:
/// JSON prints the object as sent, CSV one row of every field, and a terminal
/// field and value rows, nested objects as dotted names (`owner.login`).
enum RecordRendering {
    /// Nesting deeper than this shows as the inner object's JSON text.
    static let maxDepth = 16

    /// Every field of `value` with a dotted name, in the answer's order; arrays
    /// and empty objects are one field each.
    static func fields(of value: JSONValue) -> [(name: String, value: JSONValue)] {
        var fields: [(name: String, value: JSONValue)] = []
        flatten(value, prefix: "", depth: 0, into: &fields)
        return fields
    }

    private static func flatten(_ value: JSONValue, prefix: String, depth: Int, into fields: inout [(name: String, value: JSONValue)]) {
        guard case let .object(members) = value, !members.isEmpty, depth < maxDepth else {
            if !prefix.isEmpty { fields.append((prefix, value)) }
            return
        }
        for member in members {
            flatten(member.value, prefix: prefix.isEmpty ? member.key : prefix + "." + member.key, depth: depth + 1, into: &fields)
        }
    }

    /// One row per record, one column per field of the first (what CSV prints).
    static func table(_ items: [FileItem]) -> Table {
        let names = items.first.map { fields(of: $0.value).map(\.name) } ?? []
        let rows = items.map { item in
            let values = Dictionary(fields(of: item.value).map { ($0.name, $0.value) }) { first, _ in first }
            return names.map { values[$0]?.cellText ?? "" }
        }
        return Table(columns: names.map { Table.Column($0, role: .flexible) }, rows: rows)
    }

    /// The record on a terminal: the items of its main array (``mainArray(of:)``) under
    /// its scalar fields, or else field and value rows.
    static func view(_ record: JSONValue) -> TerminalView {
        guard let main = mainArray(of: record) else {
            return TerminalView(table: fieldRows([FileItem(id: "", value: record)]))
        }
        let header = fields(of: record).filter { $0.value.isScalar && !$0.value.cellText.isEmpty }
            .map { HeaderLine.title("\($0.name): \($0.value.cellText)") }
        let items = main.items.map { FileItem(id: "", value: $0) }
        let table = FileItemRendering.table(items, columns: FileItemRendering.columns([], for: items))
        let count = items.count == 1 ? "1 item" : "\(items.count) items"
        return TerminalView(header: header, table: table, notes: ["the rows are the \(count) of '\(main.path)'; the whole record with --json"])
    }

    /// Members an element of a main array has on average, at least: a list of things, not
    /// of small parts (Spotify's `images[]` of height, width and URL are a field of the artist).
    static let minMembers = 4

    /// The array of objects that holds most of the record (more than half of its JSON),
    /// and its field name: NYT Books' `results.books`, Spotify's `artists.items`. A small
    /// array beside many fields (OpenWeather's `weather[]`) is a field like the others.
    static func mainArray(of record: JSONValue) -> (path: String, items: [JSONValue])? {
        let whole = record.serialized(pretty: false).utf8.count
        for field in fields(of: record) {
            guard case let .array(elements) = field.value, !elements.isEmpty,
                  elements.allSatisfy({ if case .object = $0 { true } else { false } }),
                  elements.reduce(0, { $0 + $1.members.count }) >= minMembers * elements.count
            else { continue }
            if field.value.serialized(pretty: false).utf8.count * 2 > whole { return (field.name, elements) }
        }
        return nil
    }

    /// Field and value rows: the record as a person reads it.
    static func fieldRows(_ items: [FileItem]) -> Table {
        let rows = items.flatMap { item in fields(of: item.value).map { [$0.name, $0.value.cellText] } }
        return Table(
            columns: [Table.Column("FIELD", role: .text), Table.Column("VALUE", role: .flexible)], rows: rows)
    }
}
