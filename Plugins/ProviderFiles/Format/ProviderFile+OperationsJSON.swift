import APICore

extension ProviderFile {
    /// `apicli provider show NAME --format json`: the provider and every operation as
    /// scripts drive it — method, the full path template (the base URL's path in
    /// front), the arguments that fill it in order, the options with the parameters
    /// they are sent as, what takes the words, where the items are and how it pages.
    /// This shape is a contract with the scripts that read it: add to it, never rename.
    public var operationsJSON: JSONValue {
        var members: [JSONValue.Member] = [
            .init("name", .string(name)), .init("summary", .string(summary)),
            .init("baseURL", .string(baseURL.absoluteString)),
        ]
        members.append(.init("key", key.map { key -> JSONValue in
            let described: JSONValue = switch key.placement {
            case let .query(parameter): ["in": "query", "name": .string(parameter), "variable": .string(key.environmentVariable)]
            case let .header(header): ["in": "header", "name": .string(header), "variable": .string(key.environmentVariable)]
            case .bearer: ["in": "header", "name": "Authorization", "scheme": "bearer", "variable": .string(key.environmentVariable)]
            case .basic: ["in": "header", "name": "Authorization", "scheme": "basic", "variable": .string(key.environmentVariable)]
            }
            return Self.adding([.init("optional", .bool(key.optional))], to: described)
        } ?? .null))
        members.append(.init("headers", headersJSON))
        let prefix = String(baseURL.path.reversed().drop { $0 == "/" }.reversed())
        members.append(.init("operations", .array(operations.map { operationJSON($0, prefix: prefix) })))
        return .object(members)
    }

    private func operationJSON(_ operation: Operation, prefix: String) -> JSONValue {
        let words: JSONValue = switch operation.words {
        case let .parameter(name)?: .string(name)
        case let .pathSegment(name)?: .string(name)
        case nil: .null
        }
        return .object([
            .init("name", .string(operation.name)),
            .init("method", .string(operation.method)),
            .init("read", .bool(operation.isRead)),
            .init("path", .string(prefix + operation.path)),
            .init("summary", .string(operation.summary)),
            .init("arguments", .array(operation.arguments.map { argument in
                .object([
                    .init("name", .string(argument.name)), .init("parameter", .string(argument.parameter)),
                    .init("type", .string(Self.typeName(argument.type))), .init("choices", Self.choices(argument.type)),
                ] + Self.constraints(argument.type, pattern: argument.pattern))
            })),
            .init("options", .array(operation.options.map { option in
                .object([
                    .init("name", .string(option.name)), .init("parameter", .string(option.parameter)),
                    .init("type", .string(Self.typeName(option.type))), .init("required", .bool(option.required)),
                    .init("choices", Self.choices(option.type)),
                ] + Self.constraints(option.type, pattern: option.pattern) + Self.defaults(option)
                    + [.init("in", option.inBody ? "body" : "query")])
            })),
            .init("words", words),
            .init("wordsOptional", .bool(operation.words != nil && operation.wordsOptional)),
            .init("sendsKey", .bool(key != nil && operation.sendsKey)),
            .init("items", .string(operation.items.description)),
            // `list`, `record` or `parallel`: "." alone is both a bare array and a whole-answer record.
            .init("shape", .string(operation.items.kind.rawValue)),
            .init("paging", operation.paging.map { .string($0.style.rawValue) } ?? .null),
            // The other words that name it (the full operationId of a shortened name), and its tags.
            .init("aliases", .array(operation.aliases.map(JSONValue.string))),
            .init("tags", .array(operation.tags.map(JSONValue.string))),
        ])
    }

    private static func typeName(_ type: OptionType) -> String {
        switch type {
        case .text: "text"
        case .integer: "integer"
        case .date: "date"
        case .choice: "choice"
        }
    }

    private static func choices(_ type: OptionType) -> JSONValue {
        guard case let .choice(values) = type else { return .array([]) }
        return .array(values.map(JSONValue.string))
    }
}
