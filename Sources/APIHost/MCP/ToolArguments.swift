import APICore

/// A tool call's arguments as the command line the CLI would run: what
/// `apicli <provider> [operation] --option value … -- words…` means, so the call goes
/// through the same parser, checks and pipeline as the command. Anything the schema
/// does not allow (an unknown name, a value of the wrong type, a required one missing)
/// is a JSON-RPC invalid-params error naming it; a value the command itself refuses
/// (a date that is no date) comes back as the tool's error, worded as the CLI words it.
enum ToolArguments {
    static func commandLine(for tool: ProviderTool, arguments: JSONValue?) throws(JSONRPCError) -> [String] {
        let given: [JSONValue.Member]
        switch arguments {
        case nil, .null?: given = []
        case let .object(members)?: given = members
        default: throw JSONRPCError(.invalidParams, "the arguments of '\(tool.name)' must be an object")
        }
        let descriptor = tool.descriptor
        var options: [String] = []
        var words: [String] = []
        var controls: [String] = []
        for member in given {
            let name = member.key
            if let argument = descriptor.arguments.first(where: { $0.name == name }) {
                words += try texts(member.value, many: argument.variadic, tool: tool.name, name: name)
            } else if let option = descriptor.options.first(where: { $0.name == name }) {
                options += try optionWords(option, member.value, tool: tool.name)
            } else if !tool.isWrite, name == ToolInputSchema.refresh || name == ToolInputSchema.offline {
                guard case let .bool(on) = member.value else {
                    throw JSONRPCError(.invalidParams, "'\(name)' of '\(tool.name)' must be true or false")
                }
                if on { controls.append("--" + name) }
            } else {
                let known = descriptor.arguments.map(\.name) + descriptor.options.map(\.name)
                    + (tool.isWrite ? [] : [ToolInputSchema.refresh, ToolInputSchema.offline])
                var message = "'\(tool.name)' takes no argument '\(name)'"
                if let near = NearestName.suggest(name, among: known) { message += "; did you mean '\(near)'?" }
                throw JSONRPCError(.invalidParams, message + " (it takes: \(known.joined(separator: ", ")))")
            }
        }
        let names = Set(given.map(\.key))
        let missing = descriptor.arguments.filter { $0.required && !names.contains($0.name) }.map(\.name)
            + descriptor.options.filter { $0.required && !names.contains($0.name) }.map(\.name)
        if !missing.isEmpty {
            throw JSONRPCError(.invalidParams, "'\(tool.name)' needs \(missing.map { "'\($0)'" }.joined(separator: ", "))")
        }
        if controls.count == 2 {
            throw JSONRPCError(.invalidParams, "'refresh' and 'offline' contradict each other; give one")
        }
        return [tool.provider] + (tool.operation.map { [$0] } ?? []) + options + controls + ["--"] + words
    }

    private static func optionWords(_ option: OptionSpec, _ value: JSONValue, tool: String) throws(JSONRPCError) -> [String] {
        if option.isFlag {
            guard case let .bool(on) = value else {
                throw JSONRPCError(.invalidParams, "'\(option.name)' of '\(tool)' must be true or false")
            }
            return on ? ["--" + option.name] : []
        }
        if case .null = value { return [] }
        let values = try texts(value, many: option.repeatable, tool: tool, name: option.name)
        if ToolInputSchema.kind(of: option) == .integer, let bad = values.first(where: { Int64($0) == nil }) {
            throw JSONRPCError(.invalidParams, "'\(option.name)' of '\(tool)' must be a whole number, not '\(bad)'")
        }
        return values.map { "--" + option.name + "=" + $0 }
    }

    /// A string (a number or true/false is taken as its text), or with `many` an array of them.
    private static func texts(_ value: JSONValue, many: Bool, tool: String, name: String) throws(JSONRPCError) -> [String] {
        if many, case let .array(elements) = value {
            var out: [String] = []
            for element in elements { out.append(try text(element, tool: tool, name: name)) }
            return out
        }
        return [try text(value, tool: tool, name: name)]
    }

    private static func text(_ value: JSONValue, tool: String, name: String) throws(JSONRPCError) -> String {
        switch value {
        case let .string(text): return text
        case let .int(number): return String(number)
        case let .double(number) where number.isFinite:
            return number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case let .bool(on): return on ? "true" : "false"
        default: throw JSONRPCError(.invalidParams, "'\(name)' of '\(tool)' must be a string")
        }
    }
}
