import APICore
import APIDocuments

/// An operation's `aliases` (other words that name it) and `tags` (the headings help
/// lists it under), both optional: a file without them reads as before.
extension ProviderFileReader {
    static let namingFields = ["aliases", "tags"]
    /// At most this many aliases or tags an operation: a few words, not a vocabulary.
    static let maxNamingEntries = 16

    /// The operation's aliases and tags; a bad entry is a problem naming it.
    func readNaming(_ fields: inout FieldReader) -> (aliases: [String], tags: [String]) {
        var aliases: [String] = []
        for (index, node) in (fields.array("aliases", maxCount: Self.maxNamingEntries) ?? []).enumerated() {
            let field = "aliases[\(index)]"
            guard let alias = node.string else {
                fields.problem(field, line: node.line, "must be a string, not \(node.kindName)")
                continue
            }
            guard ProviderFile.isValidOperationName(alias) else {
                fields.problem(
                    field, line: node.line,
                    "'\(TerminalSanitizer.clean(alias))' must be lowercase letters, digits and dashes, starting with a letter, "
                        + "at most \(ProviderFile.maxOperationNameLength)")
                continue
            }
            aliases.append(alias)
        }
        var tags: [String] = []
        for (index, node) in (fields.array("tags", maxCount: Self.maxNamingEntries) ?? []).enumerated() {
            let field = "tags[\(index)]"
            guard let tag = node.string, !tag.trimmed(.whitespaces).isEmpty else {
                fields.problem(field, line: node.line, "must be a string that is not empty, not \(node.kindName)")
                continue
            }
            guard tag.count <= 100, tag.utf8.count <= 400,
                  !tag.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }),
                  !TerminalSanitizer.controlsTerminal(tag)
            else {
                fields.problem(field, line: node.line, "must be one line of at most 100 characters, without terminal controls")
                continue
            }
            tags.append(tag)
        }
        return (aliases, tags)
    }

    /// No word names two operations: an alias is no other operation's name or alias.
    func checkAliases(_ fields: inout FieldReader, _ operations: [ProviderFile.Operation], nodes: [DocumentNode]) {
        // An operation that could not be read is a problem already; its neighbours' lines would be wrong.
        guard operations.count == nodes.count else { return }
        var owner: [String: String] = [:]
        for operation in operations { owner[operation.name] = operation.name }
        for (index, operation) in operations.enumerated() {
            for (position, alias) in operation.aliases.enumerated() {
                if let other = owner[alias], other != operation.name || alias == operation.name {
                    let written = nodes[index]["aliases"]?.array ?? []
                    let line = written.indices.contains(position) ? written[position].line : nil
                    fields.problem(
                        "operations[\(index)].aliases[\(position)]", line: line,
                        alias == operation.name ? "'\(alias)' is the operation's own name" : "'\(alias)' already names the operation '\(other)'")
                } else {
                    owner[alias] = operation.name
                }
            }
        }
    }
}
