import APICore

/// A command's arguments and options as a tool's JSON Schema: what the parser,
/// help and completions read, in the form an agent reads.
///
/// - a positional argument is a string, or an array of strings when it takes every
///   remaining word (NYT's words), with its choices as `enum`;
/// - a flag is a boolean;
/// - an option is a string (`enum` when its values are a closed set, `default` when it
///   has one), an integer when its value is a number (`N`), an array when it repeats;
/// - what the command cannot run without is `required`;
/// - `refresh` and `offline` (reads only) choose between the store and the API: global
///   options, so no provider can declare an option of that name.
enum ToolInputSchema {
    static let refresh = "refresh"
    static let offline = "offline"

    static func schema(for descriptor: ProviderDescriptor, isWrite: Bool) -> JSONValue {
        var properties: [JSONValue.Member] = []
        var required: [JSONValue] = []
        for argument in descriptor.arguments {
            let item = withChoices(["type": "string"], argument.choices)
            let schema: JSONValue = argument.variadic
                ? .object([.init("type", "array"), .init("items", item)] + described(argument.help))
                : merged(item, described(argument.help))
            properties.append(.init(argument.name, schema))
            if argument.required { required.append(.string(argument.name)) }
        }
        for option in descriptor.options where !properties.contains(where: { $0.key == option.name }) {
            properties.append(.init(option.name, schema(for: option)))
            if option.required { required.append(.string(option.name)) }
        }
        if !isWrite {
            for (name, help) in [
                (refresh, "true: ask the API even when the store holds a fresh answer."),
                (offline, "true: answer only from the store, however old; never ask the API."),
            ] where !properties.contains(where: { $0.key == name }) {
                properties.append(.init(name, .object([.init("type", "boolean"), .init("description", .string(help))])))
            }
        }
        var members: [JSONValue.Member] = [
            .init("type", "object"),
            .init("properties", .object(properties)),
            .init("additionalProperties", .bool(false)),
        ]
        if !required.isEmpty { members.append(.init("required", .array(required))) }
        return .object(members)
    }

    /// What one option takes (see the type's comment).
    static func schema(for option: OptionSpec) -> JSONValue {
        var help = option.help
        if option.valueName == "DATE", !help.contains("YYYY") { help += " (YYYY-MM-DD or YYYYMMDD)" }
        if option.isFlag { return merged(["type": "boolean"], described(help)) }
        var value: JSONValue = kind(of: option) == .integer ? ["type": "integer"] : ["type": "string"]
        value = withChoices(value, option.choices)
        if let defaultValue = option.defaultValue {
            let typed: JSONValue = kind(of: option) == .integer ? Int64(defaultValue).map(JSONValue.int) ?? .string(defaultValue) : .string(defaultValue)
            value = merged(value, [.init("default", typed)])
        }
        if option.repeatable {
            return .object([.init("type", "array"), .init("items", value)] + described(help))
        }
        return merged(value, described(help))
    }

    enum Kind { case integer, text }

    /// A value named `N` is a whole number (pages, counts, an API's integer parameter).
    static func kind(of option: OptionSpec) -> Kind {
        option.valueName == "N" && option.choices.isEmpty ? .integer : .text
    }

    private static func withChoices(_ schema: JSONValue, _ choices: [String]) -> JSONValue {
        choices.isEmpty ? schema : merged(schema, [.init("enum", .array(choices.map(JSONValue.string)))])
    }

    private static func described(_ help: String) -> [JSONValue.Member] {
        help.isEmpty ? [] : [.init("description", .string(help))]
    }

    private static func merged(_ schema: JSONValue, _ more: [JSONValue.Member]) -> JSONValue {
        guard case let .object(members) = schema else { return schema }
        return .object(members + more)
    }
}
