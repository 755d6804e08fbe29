import APICore

extension ProviderFileWriter {
    /// One element of `operations`: its name, summary, about, aliases and tags, then its fields.
    static func operationObject(_ operation: ProviderFile.Operation) -> JSONValue {
        var head: [JSONValue.Member] = [.init("name", .string(operation.name)), .init("summary", .string(operation.summary))]
        if let about = operation.about { head.append(.init("about", .string(about))) }
        head += namingMembers(operation)
        if !operation.sendsKey { head.append(.init("key", "none")) }
        return .object(head + operationMembers(operation))
    }

    /// `aliases` and `tags`, after the operation's summary and about, when it has any.
    static func namingMembers(_ operation: ProviderFile.Operation) -> [JSONValue.Member] {
        var members: [JSONValue.Member] = []
        if !operation.aliases.isEmpty { members.append(.init("aliases", .array(operation.aliases.map(JSONValue.string)))) }
        if !operation.tags.isEmpty { members.append(.init("tags", .array(operation.tags.map(JSONValue.string)))) }
        return members
    }
}
