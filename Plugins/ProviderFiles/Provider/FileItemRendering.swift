import APICore

/// A file provider's items as data for the host to draw: one table row per item,
/// with the file's columns (or, when none of them is in the items, columns guessed
/// from the items themselves), and for scripts each item whole under its columns.
enum FileItemRendering {
    /// The file's columns when the items have at least one of them; else the columns
    /// a person would pick from the items (``ColumnGuess``): an answer taken as it
    /// comes, or read in a shape the file did not expect, still shows a table.
    static func columns(_ declared: [ProviderFile.Column], for items: [FileItem]) -> [ProviderFile.Column] {
        let sample = items.prefix(20).map(\.value)
        if declared.contains(where: { column in sample.contains { column.path.value(in: $0) != nil } }) || sample.isEmpty {
            return declared
        }
        let fields = ColumnGuess.fields(ofItems: sample)
        let guessed = ColumnGuess.columns(from: fields, id: ColumnGuess.id(among: fields, items: sample))
        return guessed.isEmpty ? declared : guessed
    }

    /// `{"id": …, "<column>": …}`: numbers as numbers, everything else as sent.
    static func json(_ item: FileItem, columns: [ProviderFile.Column]) -> JSONValue {
        var members = [JSONValue.Member("id", .string(item.id))]
        for column in columns where column.name != "id" {
            let value = column.path.value(in: item.value) ?? .null
            members.append(JSONValue.Member(column.name, column.kind == .number ? number(value) : value))
        }
        return .object(members)
    }

    /// ``json(_:columns:)`` followed by the item's own fields that the columns do not name:
    /// what `--fields` and `--template` read, so any key path of the item works.
    static func whole(_ item: FileItem, columns: [ProviderFile.Column]) -> JSONValue {
        let shown = json(item, columns: columns).members
        let names = Set(shown.map(\.key))
        return .object(shown + item.value.members.filter { !names.contains($0.key) })
    }

    /// A number sent as text (`"133"`) becomes the number; anything else stays as it is.
    private static func number(_ value: JSONValue) -> JSONValue {
        guard case let .string(text) = value else { return value }
        if let integer = Int64(text) { return .int(integer) }
        if let double = Double(text), double.isFinite { return .double(double) }
        return value
    }

    /// One CSV column per file column, titled with its name as `--fields` takes it; every
    /// value whole, as JSON has it (a timestamp keeps its time; a number sent as text is the number).
    static func csv(_ items: [FileItem], columns: [ProviderFile.Column]) -> Table {
        let rows = items.map { item in
            columns.map { column in
                let value = column.path.value(in: item.value) ?? .null
                return (column.kind == .number ? number(value) : value).cellText
            }
        }
        return Table(columns: columns.map { Table.Column($0.name, role: role($0.kind)) }, rows: rows)
    }

    /// One column per file column: prose shrinks first, numbers are never cut,
    /// URLs only with `--wide`; later columns give way first on a narrow terminal.
    static func table(_ items: [FileItem], columns: [ProviderFile.Column]) -> Table {
        let firstText = columns.firstIndex { $0.kind == .text }
        let specs = columns.enumerated().map { index, column in
            Table.Column(
                column.name.uppercased(), role: role(column.kind),
                dropRank: index == firstText ? nil : columns.count - index, leads: index == firstText)
        }
        let rows = items.map { item in
            columns.map { column in cell(column.path.value(in: item.value), kind: column.kind) }
        }
        return Table(columns: specs, rows: rows)
    }

    private static func role(_ kind: ProviderFile.ColumnKind) -> Table.Role {
        switch kind {
        case .text: .flexible
        case .number: .measure
        case .date: .text
        case .url: .wideOnly
        }
    }

    /// A date shows as its day (`2016-09-04`) when it reads as a timestamp or a date; other values as sent.
    private static func cell(_ value: JSONValue?, kind: ProviderFile.ColumnKind) -> String {
        guard let value else { return "" }
        if kind == .date, case let .string(text) = value, text.count >= 10,
            CalendarDate(parsing: String(text.prefix(10))) != nil {
            return String(text.prefix(10))
        }
        return value.cellText
    }
}
