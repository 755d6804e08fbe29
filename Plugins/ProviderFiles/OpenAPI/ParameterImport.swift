import APICore
import APIDocuments

/// An operation's parameters as the document means them: each typed from its
/// declaration, with the `pattern` its values must match, its range, and the default
/// the API uses when it is not sent (shown, never sent); required only when the
/// document says so, and then sent with its declared default when it has one.
///
/// An `enum` is a choice, up to ``ProviderFileReader/maxChoices`` values (the National
/// Weather Service's 131 forecast offices); a longer one, or one holding terminal
/// controls, leaves the parameter as text rather than leaving the operation out.
extension OpenAPIImport {
    /// The path's `{parameters}` in the order the path has them, each typed from its
    /// declaration; the one the words fill is left to them.
    func pathArguments(
        _ found: OpenAPIDocument.Found, declared: [DocumentNode], words: ProviderFile.Words?, document: OpenAPIDocument
    ) throws -> [ProviderFile.Argument] {
        var taken = Set<String>()
        return try ProviderFileReader.placeholders(in: found.path).compactMap { parameter in
            if case .pathSegment(parameter)? = words { return nil }
            var name = OperationNames.kebab(parameter)
            if name.isEmpty { name = "argument" }
            while !taken.insert(name).inserted { name += "-2" }
            guard let node = declared.first(where: { $0["name"]?.string == parameter }) else {
                throw document.error(found.node, "the path parameter {\(parameter)} is not declared")
            }
            let option = self.option(node, wire: parameter, document: document, taken: &taken)
            var argument = ProviderFile.Argument(
                name: name, parameter: parameter, type: option?.type ?? .text, help: option?.help ?? "Fills {\(parameter)}.")
            argument.pattern = option?.pattern
            return argument
        }
    }

    func option(
        _ parameter: DocumentNode, wire: String, document: OpenAPIDocument, taken: inout Set<String>
    ) -> ProviderFile.Option? {
        var name = String(wire.lowercased().replacingAll("_", with: "-").filter { $0.isLetter && $0.isASCII || $0.isNumber || $0 == "-" })
        while name.first.map({ !$0.isLetter }) ?? false { name.removeFirst() }
        guard !name.isEmpty else { return nil }
        if taken.contains(name) { name = "api-" + name }
        guard taken.insert(name).inserted else { return nil }
        let facts = document.typeFacts(of: parameter)
        let description = (try? document.budget.cleaned(parameter["description"]?.string ?? "")) ?? ""
        let type = Self.type(of: facts, description: description)
        let declaredDefault = Self.scalarText(facts["default"])
        // A required parameter is never filled in by the API: its declared default (NYT Books'
        // `list=hardcover-fiction`) is what apicli sends when the option is not given.
        let required = parameter["required"]?.bool == true
        var option = ProviderFile.Option(
            name: name, parameter: wire, type: type, help: helpLine(description, wire: wire),
            defaultValue: required ? declaredDefault : nil, required: required && declaredDefault == nil)
        if case .choice = type {} else { option.pattern = Self.pattern(in: facts) }
        if !required { option.apiDefault = declaredDefault }
        return option
    }

    /// The option type a parameter's facts declare.
    private static func type(of facts: DocumentNode, description: String) -> ProviderFile.OptionType {
        // A value that would control the terminal cannot be offered as a choice: the option takes text.
        if let choices = facts["enum"]?.array?.compactMap({ $0.string ?? $0.int.map(String.init) }), !choices.isEmpty,
           choices.count <= ProviderFileReader.maxChoices, !choices.contains(where: TerminalSanitizer.controlsTerminal) {
            return .choice(choices)
        }
        switch facts["type"]?.string {
        case "boolean":
            return .choice(["true", "false"])
        case "integer":
            // Bounds past what a provider file holds are left out: the API checks them itself.
            func bound(_ key: String) -> Int? { facts[key]?.int.flatMap { Int32(exactly: $0) == nil ? nil : $0 } }
            let (minimum, maximum) = (bound("minimum"), bound("maximum"))
            if let minimum, let maximum, minimum > maximum { return .integer(minimum: nil, maximum: nil) }
            return .integer(minimum: minimum, maximum: maximum)
        default:
            if facts["format"]?.string == "date" || description.containsLiteral("YYYY-MM-DD") {
                return .date(format: "yyyy-MM-dd")
            } else if description.containsLiteral("YYYYMMDD") {
                return .date(format: "yyyyMMdd")
            }
            return .text
        }
    }

    /// The declared `pattern`, when apicli can read it and it is safe to show.
    private static func pattern(in facts: DocumentNode) -> String? {
        guard let source = facts["pattern"]?.string, ParameterPattern(source) != nil,
              !source.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }),
              !TerminalSanitizer.controlsTerminal(source)
        else { return nil }
        return source
    }

    /// A declared `default` as text (`20`, `true`, `desc`), when it is one short line.
    private static func scalarText(_ node: DocumentNode?) -> String? {
        let text: String? = switch node?.value {
        case let .string(value)?: value
        case let .number(value)?: value
        case let .bool(value)?: value ? "true" : "false"
        default: nil
        }
        guard let text, !text.trimmed(.whitespaces).isEmpty, text.count <= 300,
              !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }),
              !TerminalSanitizer.controlsTerminal(text)
        else { return nil }
        return text
    }

    /// Whether the words may be left out: the document does not require their query parameter.
    static func wordsOptional(_ words: ProviderFile.Words?, query: [DocumentNode]) -> Bool {
        guard case let .parameter(name)? = words else { return false }
        return query.first { $0["name"]?.string == name }?["required"]?.bool != true
    }

    /// The description's first sentence, plain and whole (``ImportedText/helpLine(_:wire:)``).
    func helpLine(_ description: String, wire: String) -> String {
        ImportedText.helpLine(description, wire: wire)
    }
}
