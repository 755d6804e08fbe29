/// Writes items (flattened records: a provider's, or the rows of `store sql`)
/// in any format, honouring `--fields` and `--template`; returns how many.
struct ItemWriter: Sendable {
    let script: ScriptOptions
    let format: OutputFormat
    let terminal: Terminal
    /// The default template and the identity; ``ItemShape/elements`` for SQL rows.
    let shape: ItemShape

    /// `known`: field names that exist even when no item shows them (declared
    /// fields, an SQL result's columns); they come first in listings and checks.
    func write(_ items: [FlatItem], known: [String], to out: inout OutputWriter) throws -> Int {
        let available = Self.merged(known, ItemReader.fieldNames(of: items))
        try script.fields?.check(against: available)
        switch format {
        case .json, .ndjson:
            let objects: [JSONValue] = items.map { item in
                script.fields?.object(item) ?? .object(item.fields.map { JSONValue.Member($0.name, $0.value) })
            }
            OutputRenderer.writeElements(objects, as: format, to: &out)
        case .line:
            let template = try script.template ?? LineTemplate.defaultTemplate(shape: shape, items: items)
            try template.check(against: available)
            try template.checkTimes(in: items)
            for item in items {
                out.write(template.render(item, unicode: terminal.unicode))
                out.write(ascii: UInt8(ascii: "\n"))
                out.pieceDone()
            }
        case .csv, .table:
            let fields = try script.fields?.names ?? defaultColumns(items, available: available)
            let table = FieldSelection.table(items, fields: fields)
            if format == .csv {
                CSVWriter.write(table, to: &out)
            } else if !items.isEmpty {
                TableRenderer.write(table, terminal: terminal, to: &out)
            }
        }
        return items.count
    }

    /// Columns without `--fields`: the fields of the shape's line, or every field
    /// when the shape has no line (the rows of `store sql`).
    private func defaultColumns(_ items: [FlatItem], available: [String]) throws -> [String] {
        guard shape.template != nil else { return available }
        var seen = Set<String>()
        return try LineTemplate.defaultTemplate(shape: shape, items: items).fieldNames.filter { seen.insert($0).inserted }
    }

    /// `first`, then the names of `second` it lacks.
    static func merged(_ first: [String], _ second: [String]) -> [String] {
        let known = Set(first)
        return first + second.filter { !known.contains($0) }
    }
}
