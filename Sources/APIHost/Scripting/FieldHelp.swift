/// `--fields help`: every field a provider's items have, with what it means.
enum FieldHelp {
    /// Meanings, one aligned line each, every name and meaning cleaned of terminal controls:
    /// the names of fields seen in an answer are a server's keys, as they came.
    static func text(_ meanings: [FieldMeaning]) -> String {
        let lines = meanings.map { field in
            (name: TerminalSanitizer.clean(field.name), meaning: TerminalSanitizer.clean(field.meaning))
        }
        let width = min(24, lines.map { DisplayWidth.of($0.name) }.max() ?? 0)
        return lines.map { line in
            DisplayWidth.pad(line.name, toWidth: width) + "  " + line.meaning + "\n"
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
