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

    /// Field and value rows: the record as a person reads it.
    static func fieldRows(_ items: [FileItem]) -> Table {
        let rows = items.flatMap { item in fields(of: item.value).map { [$0.name, $0.value.cellText] } }
        return Table(
            columns: [Table.Column("FIELD", role: .text), Table.Column("VALUE", role: .flexible)], rows: rows)
    }
}
