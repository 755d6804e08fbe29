import APICore

extension ProviderFileWriter {
    /// `aliases` and `tags`, after the operation's summary and about, when it has any.
    static func namingMembers(_ operation: ProviderFile.Operation) -> [JSONValue.Member] {
        var members: [JSONValue.Member] = []
        if !operation.aliases.isEmpty { members.append(.init("aliases", .array(operation.aliases.map(JSONValue.string)))) }
        if !operation.tags.isEmpty { members.append(.init("tags", .array(operation.tags.map(JSONValue.string)))) }
        return members
    }
}
