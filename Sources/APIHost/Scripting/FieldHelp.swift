/// `--fields help`: every field a provider's items have, with what it means.
enum FieldHelp {
    /// Declared meanings, one aligned line each.
    static func text(_ meanings: [FieldMeaning]) -> String {
        let width = min(24, meanings.map(\.name.count).max() ?? 0)
        return meanings.map { field in
            field.name.padded(toLength: max(width, field.name.count)) + "  " + field.meaning + "\n"
        }.joined()
    }

    /// What can be said of fields seen in `items` when the provider declares none:
    /// the kind of value and an example.
    static func observed(_ items: [FlatItem]) -> [FieldMeaning] {
        ItemReader.fieldNames(of: items).map { name in
            let values = items.compactMap { $0.value(name) }
            let example = values.first { $0 != .null && $0 != "" }
            let kind = example.map(kind) ?? "always empty here"
            let shown = example.map { TerminalSanitizer.clean(DisplayWidth.truncate($0.cellText, toWidth: 40)) }
            return FieldMeaning(name, shown.map { "\(kind), e.g. \($0)" } ?? kind)
        }
    }

    private static func kind(_ value: JSONValue) -> String {
        switch value {
        case .null: "empty"
        case .bool: "true or false"
        case .int, .double: "number"
        case .string: "text"
        case .array: "list"
        case .object: "object"
        }
    }
}
