/// `--fields a,b,c`: which fields of each item to print, in that order — the
/// columns of table and CSV output, the keys of JSON and NDJSON objects.
///
/// Names are the JSON field names of the README's schema; a nested one takes a
/// dot (`city.name`), and the name of a nested object (`city`) takes all of it.
struct FieldSelection: Sendable, Equatable {
    let names: [String]

    /// The names in `text`, split at commas; nil for `help`.
    static func parse(_ text: String) throws -> FieldSelection? {
        if text == "help" { return nil }
        let names = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmed(.whitespaces) }
        guard !names.contains(where: \.isEmpty) else {
            throw UsageError("--fields takes names separated by commas, such as --fields headline,pub_date (or --fields help)")
        }
        return FieldSelection(names: names)
    }

    /// Throws a usage error naming the first field that is not among `available`
    /// (nor the name of an object holding some of them), and listing them all.
    func check(against available: [String]) throws {
        for name in names where !Self.isAvailable(name, in: available) {
            var message = "unknown field '\(name)'"
            if let near = NearestName.suggest(name, among: available) { message += "; did you mean '\(near)'?" }
            throw UsageError(message + "; available: " + available.joined(separator: ", "))
        }
    }

    /// Whether `name` is a field, an object holding fields, or a path on into an array
    /// field by index (`results.books.0.title`): which element exists is the item's to say.
    static func isAvailable(_ name: String, in available: [String]) -> Bool {
        available.contains(name) || available.contains { $0.hasPrefix(name + ".") }
            || FlatItem.arrayStep(name, among: available) != nil
    }

    /// The chosen fields of `item`, as one object; nested names are nested again
    /// (`city.name` → `{"city": {"name": …}}`), a missing field is null.
    func object(_ item: FlatItem) -> JSONValue {
        NestedObject.build(names.map { ($0, item.value($0) ?? .null) })
    }

    /// One row per item, one column per chosen field; numbers are never cut.
    func table(_ items: [FlatItem]) -> Table {
        Self.table(items, fields: names)
    }

    /// A table of `items` with `fields` as columns, named as the fields are.
    static func table(_ items: [FlatItem], fields: [String]) -> Table {
        let rows = items.map { item in fields.map { item.value($0)?.cellText ?? "" } }
        let columns = fields.enumerated().map { index, name in
            let numeric = !items.isEmpty && items.allSatisfy { item in
                switch item.value(name) {
                case .int?, .double?, .null?, nil: true
                default: false
                }
            }
            return Table.Column(name, role: numeric ? .measure : .flexible, alignment: numeric ? .right : .left)
                .dropping(rank: index == 0 ? nil : fields.count - index)
        }
        return Table(columns: columns, rows: rows)
    }
}

extension Table.Column {
    /// The column, left out on a narrow terminal after those of lower rank; the first column never is.
    fileprivate func dropping(rank: Int?) -> Table.Column {
        var column = self
        column.dropRank = rank
        return column
    }
}
